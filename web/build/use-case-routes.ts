import { useCaseRoute, useCases } from '@wps/contracts';
import type { Plugin } from 'vite';

/** The web client's table of calls (`web/src/useCases.ts` imports it). */
export const USE_CASE_ROUTES = 'virtual:wps-use-case-routes';
const RESOLVED = `\0${USE_CASE_ROUTES}`;

/**
 * Writes the table of every declared call's method, paths and audience into the client as plain data, taken from the
 * declarations in `@wps/contracts` at build time. The client calls the API through it and never loads the request and
 * response schemas for that (a few hundred schemas, and most of zod with them).
 */
export function useCaseRoutes(): Plugin {
  return {
    name: 'wps-use-case-routes',
    resolveId: (id) => (id === USE_CASE_ROUTES ? RESOLVED : null),
    load(id) {
      if (id !== RESOLVED) return null;
      const routes = Object.fromEntries(Object.entries(useCases).map(([key, useCase]) => [key, useCaseRoute(useCase)]));
      return `export const useCaseRoutes = ${JSON.stringify(routes)};\n`;
    },
  };
}

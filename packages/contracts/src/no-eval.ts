/**
 * Imported first by the web client, before any module loads zod: zod then parses without compiling its object parsers
 * with `new Function`, and never probes whether it may. The site's Content-Security-Policy (script-src 'self', no
 * 'unsafe-eval') refuses that probe, and the browser reports it as a violation on every page that loads the client.
 * The services do not import this and keep the compiled parsers.
 *
 * zod keeps its global settings in `globalThis.__zod_globalConfig` and takes an object already there when it loads, so
 * the setting is made without loading zod itself: the first screen needs no schema, and zod comes later with the
 * chunks that parse. `no-eval.unit.spec.ts` checks that zod still reads the setting from there.
 */
const holder = globalThis as { __zod_globalConfig?: Record<string, unknown> };
holder.__zod_globalConfig = { ...holder.__zod_globalConfig, jitless: true };

import { describe, expect, it } from 'vitest';
import { useCases } from '@wps/contracts';
import { USE_CASE_ROUTES, useCaseRoutes } from './use-case-routes';

/** The module the build writes for `virtual:wps-use-case-routes`, evaluated as the browser would. */
async function writtenTable(): Promise<Record<string, Record<string, unknown>>> {
  const plugin = useCaseRoutes();
  const resolve = plugin.resolveId as (id: string) => string | null;
  const load = plugin.load as (id: string) => string | null;
  const id = resolve(USE_CASE_ROUTES);
  expect(id).toBeTruthy();
  const code = load(id!);
  expect(code).toBeTruthy();
  const module = (await import(`data:text/javascript;base64,${Buffer.from(code!).toString('base64')}`)) as { useCaseRoutes: Record<string, Record<string, unknown>> };
  return module.useCaseRoutes;
}

describe('the calls table written into the web client', () => {
  it('holds every declared call with its method, paths and audience, and nothing of its schemas', async () => {
    const table = await writtenTable();
    expect(Object.keys(table).sort()).toEqual(Object.keys(useCases).sort());
    for (const [key, useCase] of Object.entries(useCases)) {
      const route = table[key]!;
      expect(route, key).toEqual({
        id: useCase.id,
        method: useCase.method,
        paths: [...useCase.paths],
        auth: useCase.auth,
        ...(useCase.publicCacheMs !== undefined ? { publicCacheMs: useCase.publicCacheMs } : {}),
      });
    }
  });

  it('is plain data, a few bytes per call', async () => {
    const code = JSON.stringify(await writtenTable());
    expect(code.length / Object.keys(useCases).length).toBeLessThan(200);
  });
});

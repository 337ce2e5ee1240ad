import { describe, expect, it } from 'vitest';
import type { Express } from 'express';
import { allUseCases } from '@wps/contracts';
import { createLogger, InMemoryEventBus, MemoryStore } from '@wps/platform';
import { createGateway } from './app.js';
import type { GatewayClients } from './clients.js';
import { API_REFERENCES, buildApiReference, openApiPath, type ApiReferenceName } from './openapi.js';

/** Paths the gateway serves that are not API calls. */
const NOT_API = [/^\/health\//, /^\/socket\.io/, /^\/\{\*path\}$/, /^\/$/, /^\/api\/docs/];
/** The catch-alls that answer unknown API paths with the envelope. */
const CATCH_ALL = /\{\*rest\}$/;

interface MountedRoute {
  method: string;
  path: string;
}

/** Every method and path mounted on the app, through nested routers. */
function mountedRoutes(app: Express): MountedRoute[] {
  const found: MountedRoute[] = [];
  type Layer = { route?: { path: string | string[]; methods: Record<string, boolean> }; handle?: { stack?: Layer[] } };
  const walk = (stack: Layer[]) => {
    for (const layer of stack) {
      if (layer.route) {
        const paths = Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path];
        for (const path of paths) for (const method of Object.keys(layer.route.methods)) found.push({ method: method.toUpperCase(), path });
      } else if (layer.handle?.stack) {
        walk(layer.handle.stack);
      }
    }
  };
  walk((app as unknown as { router: { stack: Layer[] } }).router.stack);
  return found;
}

describe('the API reference and the declarations', () => {
  // The gateway is only built, never called: its routes are read from the router, so no service is needed.
  const unreachable = new Proxy({}, { get: () => new Proxy({}, { get: () => () => Promise.reject(new Error('not called in this test')) }) }) as GatewayClients;
  const gateway = createGateway({
    clients: unreachable,
    bus: new InMemoryEventBus(),
    cache: new MemoryStore(),
    logger: createLogger({ service: 'gateway', level: 'silent' }),
    readiness: async () => ({}),
    operatorToken: 'reference-test-operator-token',
    sandboxPaySecret: 'reference-test-sandbox-secret',
  });

  it('declares every API route the gateway mounts', () => {
    const declared = new Set(allUseCases.flatMap((useCase) => useCase.paths.map((path) => `${useCase.method} ${path}`)));
    const undeclared = mountedRoutes(gateway.app)
      .filter((route) => !NOT_API.some((pattern) => pattern.test(route.path)) && !CATCH_ALL.test(route.path))
      .map((route) => `${route.method} ${route.path}`)
      .filter((route) => !declared.has(route));
    expect(undeclared).toEqual([]);
  });

  it('mounts every declaration', () => {
    const mounted = new Set(mountedRoutes(gateway.app).map((route) => `${route.method} ${route.path}`));
    const missing = allUseCases.flatMap((useCase) => useCase.paths.map((path) => `${useCase.method} ${path}`)).filter((route) => !mounted.has(route));
    expect(missing).toEqual([]);
  });

  it('gives every use case a unique id and every method and path one declaration', () => {
    const ids = allUseCases.map((useCase) => useCase.id);
    expect(ids.filter((id, index) => ids.indexOf(id) !== index)).toEqual([]);
    const routes = allUseCases.flatMap((useCase) => useCase.paths.map((path) => `${useCase.method} ${path}`));
    expect(routes.filter((route, index) => routes.indexOf(route) !== index)).toEqual([]);
  });

  it('builds the three OpenAPI 3.1 references with every declaration in exactly one', () => {
    const operations = new Map<string, ApiReferenceName>();
    for (const name of Object.keys(API_REFERENCES) as ApiReferenceName[]) {
      const document = buildApiReference(name, allUseCases);
      expect(document.openapi).toBe('3.1.0');
      for (const [path, item] of Object.entries(document.paths ?? {})) {
        for (const [method, operation] of Object.entries(item as Record<string, { operationId?: string }>)) {
          expect(operation.operationId, `${method} ${path}`).toBeTruthy();
          expect(operations.has(operation.operationId!), operation.operationId).toBe(false);
          operations.set(operation.operationId!, name);
        }
      }
    }
    for (const useCase of allUseCases) expect(operations.get(useCase.id), useCase.id).toBeDefined();
  });

  it('writes path fields the OpenAPI way', () => {
    expect(openApiPath('/wps/v2/deposit/:id/proof')).toEqual({ path: '/wps/v2/deposit/{id}/proof', fields: ['id'] });
    expect(openApiPath('/lgw/games/icons/:id.svg')).toEqual({ path: '/lgw/games/icons/{id}.svg', fields: ['id'] });
  });
});

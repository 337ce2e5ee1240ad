import { describe, expect, it } from 'vitest';
import type { Express } from 'express';
import { allUseCases } from '@wps/contracts';
import { createLogger, InMemoryEventBus, MemoryStore } from '@wps/platform';
import { createGateway } from './app.js';
import type { GatewayClients } from './clients.js';
import { API_REFERENCES, buildApiReference, openApiPath, TEXT_PATTERN, trimmedTextPattern, type ApiReferenceName } from './openapi.js';
import type { StaticRoutesMiddleware } from './edge/static-routes.js';

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
  type Layer = { route?: { path: string | string[]; methods: Record<string, boolean> }; handle?: { stack?: Layer[] } & Partial<StaticRoutesMiddleware> };
  const walk = (stack: Layer[]) => {
    for (const layer of stack) {
      if (layer.route) {
        const paths = Array.isArray(layer.route.path) ? layer.route.path : [layer.route.path];
        for (const path of paths) for (const method of Object.keys(layer.route.methods)) found.push({ method: method.toUpperCase(), path });
      } else if (layer.handle?.stack) {
        walk(layer.handle.stack);
      } else if (layer.handle?.staticRoutes) {
        found.push(...layer.handle.staticRoutes.list());
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
    const declaredPaths = new Set(allUseCases.flatMap((useCase) => useCase.paths));
    const undeclared = mountedRoutes(gateway.app)
      .filter((route) => !NOT_API.some((pattern) => pattern.test(route.path)) && !CATCH_ALL.test(route.path))
      // Behind each declared path, any other method answers 405.
      .filter((route) => !(route.method === '_ALL' && declaredPaths.has(route.path)))
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

  it('states the edge’s text rule on every string a caller sends, and on no answer', () => {
    const document = buildApiReference('public', allUseCases) as unknown as { paths: Record<string, Record<string, { requestBody?: unknown; parameters?: unknown; responses: unknown }>> };
    const login = document.paths['/wps/session/login']!.post!.requestBody as { content: Record<string, { schema: { properties: Record<string, { pattern?: string }> } }> };
    expect(login.content['application/json']!.schema.properties.username!.pattern).toBe(TEXT_PATTERN);
    const strings = (node: unknown, found: Array<Record<string, unknown>> = []): Array<Record<string, unknown>> => {
      if (Array.isArray(node)) node.forEach((item) => strings(item, found));
      else if (node && typeof node === 'object') {
        const object = node as Record<string, unknown>;
        if (object.type === 'string') found.push(object);
        Object.values(object).forEach((item) => strings(item, found));
      }
      return found;
    };
    const sent = Object.values(document.paths).flatMap((item) => Object.values(item).flatMap((operation) => strings([operation.requestBody, operation.parameters])));
    expect(sent.length).toBeGreaterThan(100);
    const free = sent.filter((schema) => !('format' in schema) && !('enum' in schema) && !('const' in schema));
    expect(free.every((schema) => typeof schema.pattern === 'string')).toBe(true);
    // The rule's own expression refuses what the edge refuses and keeps what it keeps.
    const rule = new RegExp(TEXT_PATTERN, 'u');
    expect(['ok', 'tab\tline\nreturn\r', 'José'].every((text) => rule.test(text))).toBe(true);
    expect(['a\u0000b', 'a\u0007b', 'a\u001bb'].some((text) => rule.test(text))).toBe(false);
    const answers = Object.values(document.paths).flatMap((item) => Object.values(item).flatMap((operation) => strings(operation.responses)));
    expect(answers.some((schema) => schema.pattern === TEXT_PATTERN)).toBe(false);
  });

  it('states that a field trimmed before its length check takes no blank', () => {
    type Parameter = { name: string; schema: { pattern?: string; minLength?: number; maxLength?: number } };
    const document = buildApiReference('public', allUseCases) as unknown as { paths: Record<string, Record<string, { parameters?: Parameter[] }>> };
    const gameCode = document.paths['/lotto/lgw/games/opened/numero']!.get!.parameters!.find((parameter) => parameter.name === 'gameCode')!.schema;
    expect(gameCode.pattern).toBe(trimmedTextPattern(1, 100));
    expect(gameCode.minLength).toBeUndefined();
    expect(gameCode.maxLength).toBeUndefined();
    const one = new RegExp(trimmedTextPattern(1, 4), 'u');
    expect(['A', ' a ', '\tVN-1\n', 'tw o', 'José', ` ${'x'.repeat(4)}    `].every((text) => one.test(text))).toBe(true);
    expect(['', ' ', '\t\t', '\u3000\uFEFF', 'a\u0000', '\u000Ba', 'x'.repeat(5)].some((text) => one.test(text))).toBe(false);
    const three = new RegExp(trimmedTextPattern(3), 'u');
    expect(['abc', ' a c ', 'a\tbc', 'x'.repeat(500)].every((text) => three.test(text))).toBe(true);
    expect(['ab', '  ab  ', ' a ', 'ab\u0007'].some((text) => three.test(text))).toBe(false);
    expect(new RegExp(trimmedTextPattern(1, 1), 'u').test(' x ')).toBe(true);
    expect(new RegExp(trimmedTextPattern(1, 1), 'u').test('xy')).toBe(false);
    // The expression agrees with the server's own trim on both sides of each bound.
    const bounded = new RegExp(trimmedTextPattern(3, 5), 'u');
    for (const text of [' a ', '\t\t', 'ab ', ' abc\u00A0', '\u2028ab\u2029', '  abcde  ', 'abcdef', ' a b c ', 'a  b  c']) {
      const trimmed = text.trim().length;
      expect(bounded.test(text), JSON.stringify(text)).toBe(trimmed >= 3 && trimmed <= 5);
    }
  });

  it('lets a trimmed field with its own pattern take white space around a match', () => {
    type Schema = { pattern?: string; properties?: Record<string, Schema> };
    const document = buildApiReference('public', allUseCases) as unknown as { paths: Record<string, Record<string, { requestBody?: { content: Record<string, { schema: Schema }> } }>> };
    const body = (path: string) => document.paths[path]!.post!.requestBody!.content['application/json']!.schema;
    const phone = new RegExp(body('/wps/relay/passwordCheck/MCS2_redeemPointReward').properties!.delivery!.properties!.phone!.pattern!, 'u');
    // What the reference takes is what the server takes once it has trimmed: " 6(81 " is four characters.
    for (const text of ['55 1234 5678', ' +52 (55) 1234-5678 ', ' 6(81 ', '12345', 'abc123']) expect(phone.test(text), JSON.stringify(text)).toBe(/^[0-9+() -]{6,20}$/.test(text.trim()));
    const stake = new RegExp(body('/wps/house/slots/spin').properties!.amount!.pattern!, 'u');
    expect([' 10.00 ', '10', '\t2.5\n'].every((text) => stake.test(text))).toBe(true);
    expect(['1 0', '', ' '].some((text) => stake.test(text))).toBe(false);
  });

  it('states what the server checks: enums for closed lists, no bounds on lenient fields, required bodies', () => {
    type Schema = { type?: string; enum?: string[]; minimum?: number; maximum?: number; default?: unknown; description?: string; properties?: Record<string, Schema> };
    type Operation = { parameters?: Array<{ name: string; schema: Schema }>; requestBody?: { required?: boolean; content: Record<string, { schema: Schema }> } };
    const paths = (name: ApiReferenceName) => (buildApiReference(name, allUseCases) as unknown as { paths: Record<string, Record<string, Operation>> }).paths;
    const vendor = paths('vendor');
    const bet = vendor['/api/vendor/v1/bet']!.post!.requestBody!;
    // A signed body is always sent, and its currency is one of the platform's.
    expect(bet.required).toBe(true);
    expect(bet.content['application/json']!.schema.properties!.currency!.enum).toEqual(expect.arrayContaining(['MXN', 'VND', 'USD']));
    const publicPaths = paths('public');
    expect(publicPaths['/wps/house/slots/spin']!.post!.requestBody!.required).toBe(true);
    // A lenient page size reads any value it cannot use as its default: the reference sets no type or bounds on it.
    const pageSize = publicPaths['/wps/house/lottery/tickets']!.get!.parameters!.find((parameter) => parameter.name === 'pageSize')!.schema;
    expect(pageSize).toMatchObject({ default: 20 });
    expect(pageSize.maximum).toBeUndefined();
    expect(pageSize.type).toBeUndefined();
    expect(pageSize.description).toContain('read as the default');
    const game = publicPaths['/wps/house/fairness']!.get!.parameters!.find((parameter) => parameter.name === 'game')!.schema;
    expect(game.enum).toContain('house-dice');
  });

  it('writes path fields the OpenAPI way', () => {
    expect(openApiPath('/wps/v2/deposit/:id/proof')).toEqual({ path: '/wps/v2/deposit/{id}/proof', fields: ['id'] });
    expect(openApiPath('/lgw/games/icons/:id.svg')).toEqual({ path: '/lgw/games/icons/{id}.svg', fields: ['id'] });
  });
});

import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import { useCases, type UseCase } from '@wps/contracts';
import { rows } from '@wps/platform';
import { apiCaller } from '@wps/platform/testing';
import { startEmbedded, type EmbeddedPlatform } from '@wps/embedded/host';
import { signVendorRequest } from '../../../tools/vendor-sim/client.js';

/**
 * A fuzz test driven by the contracts: every declared use case gets requests generated from its own request schema,
 * mostly valid and then made hostile, sent through the real gateway of an embedded platform. Every answer must be a
 * 2xx or 4xx in the API envelope (or the declared media type), never a 5xx; and the ledger must still balance.
 *
 * FUZZ_SEED and FUZZ_CASES override the fixed seed and the number of cases per route (to replay or widen a run).
 */
const SEED = Number(process.env.FUZZ_SEED ?? 0x5eed_2024);
const CASES = Number(process.env.FUZZ_CASES ?? 16);
/** FUZZ_ONLY=<use case id> replays one route (with the FUZZ_SEED a failure printed). */
const ONLY = process.env.FUZZ_ONLY || undefined;
const VENDOR = 'FUZZVENDOR';
const VENDOR_SECRET = 'fuzz-vendor-secret-0123456789abcdef';
/** Longest text put in one path or query field, and longest query: Node itself refuses a URL beyond its header limit (16 kB). */
const URL_TEXT_LIMIT = 400;
const QUERY_LIMIT = 6_000;
const HUGE = 100_000;

type Json = unknown;
type Schema = z.core.$ZodType;
/** What the walker reads of a zod 4 definition (`schema._zod.def`, and each check's own `_zod.def`). */
interface Def {
  type: string;
  check?: string;
  format?: string;
  pattern?: RegExp;
  checks?: unknown[];
  minimum?: number;
  maximum?: number;
  length?: number;
  value?: number;
  inclusive?: boolean;
  values?: unknown[];
  entries?: Record<string, unknown>;
  shape?: Record<string, Schema>;
  innerType?: Schema;
  in?: Schema;
  out?: Schema;
  options?: Schema[];
  left?: Schema;
  right?: Schema;
  element?: Schema;
  items?: Schema[];
  valueType?: Schema;
  getter?: () => Schema;
}
const defOf = (schema: unknown): Def => (schema as { _zod: { def: Def } })._zod.def;

// ---------------------------------------------------------------------------------------------------------------
// Mostly-valid values from a zod 4 schema.

const stringArbitrary = (def: Def): fc.Arbitrary<string> => {
  let min = 0;
  let max = 40;
  let format: string | undefined = def.format;
  let pattern: RegExp | undefined = def.pattern;
  for (const check of def.checks ?? []) {
    const c = defOf(check);
    if (c.check === 'min_length') min = Math.max(min, c.minimum!);
    if (c.check === 'max_length') max = Math.min(max, c.maximum!);
    if (c.check === 'length_equals') min = max = c.length!;
    if (c.check === 'string_format') {
      format = c.format;
      pattern = c.pattern ?? pattern;
    }
  }
  max = Math.max(min, max);
  if (format === 'datetime') return fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((d) => d.toISOString());
  if (format === 'date') return fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
  if (format === 'email') return fc.emailAddress();
  if (format === 'url') return fc.webUrl();
  if (format === 'uuid' || format === 'guid') return fc.uuid();
  if (pattern) {
    try {
      return fc.stringMatching(pattern).map((text) => text.slice(0, Math.max(max, 1)));
    } catch {
      // A pattern fast-check cannot read (lookarounds, back references): plain text instead.
    }
  }
  return fc.oneof({ weight: 4, arbitrary: fc.string({ minLength: min, maxLength: max }) }, { weight: 1, arbitrary: fc.string({ minLength: min, maxLength: max, unit: 'grapheme' }) });
};

const numberArbitrary = (def: Def): fc.Arbitrary<number> => {
  let min = -1_000_000;
  let max = 1_000_000;
  let integer = def.check === 'number_format' && /int/.test(def.format ?? '');
  for (const check of def.checks ?? []) {
    const c = defOf(check);
    if (c.check === 'number_format' && /int/.test(c.format ?? '')) integer = true;
    if (c.check === 'greater_than') min = Math.max(min, c.inclusive ? c.value! : c.value! + (integer ? 1 : 1e-6));
    if (c.check === 'less_than') max = Math.min(max, c.inclusive ? c.value! : c.value! - (integer ? 1 : 1e-6));
  }
  if (min > max) [min, max] = [max, min];
  if (integer) return fc.integer({ min: Math.ceil(min), max: Math.floor(max) });
  return fc.double({ min, max, noNaN: true, noDefaultInfinity: true }).map((n) => (Object.is(n, -0) ? 0 : n));
};

/** Values the schema should accept, mostly: the walker follows each wrapper to what a client sends. */
const arbitraryOf = (schema: Schema, depth = 0): fc.Arbitrary<Json> => {
  const def = defOf(schema);
  if (depth > 8) return fc.constant(undefined);
  const inner = (s: Schema | undefined) => arbitraryOf(s!, depth + 1);
  switch (def.type) {
    case 'string':
      return stringArbitrary(def);
    case 'number':
      return numberArbitrary(def);
    case 'int':
      return fc.integer({ min: -1000, max: 1_000_000 });
    case 'boolean':
      return fc.boolean();
    case 'bigint':
      return fc.bigInt({ min: 0n, max: 10n ** 12n }).map(String);
    case 'literal':
      return fc.constantFrom(...def.values!);
    case 'enum':
      return fc.constantFrom(...Object.values(def.entries!));
    case 'null':
      return fc.constant(null);
    case 'undefined':
    case 'never':
    case 'void':
      return fc.constant(undefined);
    case 'date':
      return fc.date({ noInvalidDate: true }).map((d) => d.toISOString());
    case 'object': {
      const shape = def.shape!;
      const model: Record<string, fc.Arbitrary<Json>> = {};
      const requiredKeys: string[] = [];
      for (const [key, field] of Object.entries(shape)) {
        model[key] = inner(field);
        if (!['optional', 'default', 'catch', 'prefault', 'never'].includes(defOf(field).type)) requiredKeys.push(key);
      }
      return fc.record(model, { requiredKeys });
    }
    case 'optional':
      return fc.option(inner(def.innerType), { nil: undefined, freq: 4 });
    case 'nullable':
      return fc.option(inner(def.innerType), { nil: null, freq: 6 });
    case 'default':
    case 'prefault':
    case 'catch':
    case 'readonly':
    case 'nonoptional':
      return inner(def.innerType);
    case 'pipe':
      // z.preprocess is a pipe from a transform: what the client sends is the output's shape.
      return defOf(def.in).type === 'transform' ? inner(def.out) : inner(def.in);
    case 'transform':
      return fc.oneof(fc.string(), fc.integer());
    case 'union':
      return fc.oneof(...def.options!.map(inner));
    case 'intersection':
      return fc.tuple(inner(def.left), inner(def.right)).map(([left, right]) => (isObject(left) && isObject(right) ? { ...left, ...right } : left));
    case 'array': {
      let minLength = 0;
      let maxLength = 3;
      for (const check of def.checks ?? []) {
        const c = defOf(check);
        if (c.check === 'min_length') minLength = c.minimum!;
        if (c.check === 'max_length') maxLength = Math.min(maxLength, c.maximum!);
      }
      return fc.array(inner(def.element), { minLength, maxLength: Math.max(minLength, maxLength) });
    }
    case 'tuple':
      return fc.tuple(...def.items!.map(inner));
    case 'record':
      return fc.dictionary(fc.string({ minLength: 1, maxLength: 12 }), inner(def.valueType), { maxKeys: 3 });
    case 'lazy':
      return inner(def.getter!());
    default:
      return fc.anything();
  }
};

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

// ---------------------------------------------------------------------------------------------------------------
// Hostile values and mutations.

const nested = (depth: number, array: boolean): string => (array ? '['.repeat(depth) + ']'.repeat(depth) : '{"a":'.repeat(depth) + '1' + '}'.repeat(depth));

const HOSTILE_TEXT = [
  '',
  ' ',
  'x'.repeat(HUGE),
  '😀'.repeat(HUGE / 4),
  '\u202Egnp.exe\u202C',
  'שלום عالم',
  'e\u0301\u0302\u0303\u0304\u0305\u0306',
  'Z̴̡̢͖̈́a̶̗͌l̸̰̈g̷͙̈́o̴̝͝',
  '\uD800',
  'a\uDFFFb',
  '\uD83D',
  '\u0000',
  'a\u0000b',
  '\u0007\u001b[31m\u007f',
  '\u0085\u2028\u2029',
  '\r\n\t',
  '\uFEFF',
  '\uFFFF\uFFFE',
  '\u{10FFFF}',
  "' OR 1=1 --",
  '"; DROP TABLE wallet.entries; --',
  '<script>alert(1)</script>',
  '{{7*7}}${7*7}',
  '%00%ZZ%',
  '../../../../etc/passwd',
  '\\',
  'null',
  'undefined',
  'true',
  '0x10',
  '1e400',
  'NaN',
  'Infinity',
  '-Infinity',
  '-0',
  ' 1 ',
  '١٢٣',
  'İıß',
  '9'.repeat(400),
  '-9223372036854775809',
  '2024-02-30T25:61:61Z',
  '0000-01-01',
  '0000-01-01T00:00:00Z',
  '9999-12-31T23:59:59+14:00',
  'DEMO',
  'MXN',
];
const HOSTILE_NUMBERS = [0, -0, -1, 1, 0.5, 1.005, 2 ** 31, 2 ** 53, 2 ** 53 + 2, -(2 ** 53), 2 ** 63, 1e308, -1e308, 5e-324];
const HOSTILE_OTHER: Json[] = [null, true, false, [], {}, [1, 'a', null], { nested: { deeper: [{}] } }, JSON.parse('{"__proto__":{"admin":true}}'), ['x'.repeat(10)]];
const HOSTILE_VALUES: Json[] = [...HOSTILE_TEXT, ...HOSTILE_NUMBERS, ...HOSTILE_OTHER];
const PROTO_KEYS = ['__proto__', 'constructor', 'prototype'];
const NON_JSON_BODIES = [
  'not json',
  '{"a":',
  '<?xml version="1.0"?><a/>',
  '\u0000',
  '',
  '{"a":1}garbage',
  '\uFEFF{}',
  'a=1&b=2',
  'null',
  '"text"',
  '12',
  'NaN',
  nested(30_000, true),
  nested(5_000, false),
];

const MUTATIONS = ['field', 'wrong-type', 'proto', 'whole', 'duplicate', 'non-json', 'deep', 'extra-field'] as const;
type Mutation = (typeof MUTATIONS)[number] | 'none';

interface Draw {
  value: Json;
  mutation: Mutation;
  pick: number;
  hostile: Json;
  who: number;
  language: string;
  pathHostile: string;
}

const drawArbitrary = (schema: Schema): fc.Arbitrary<Draw> =>
  fc.record({
    value: arbitraryOf(schema),
    mutation: fc.oneof({ weight: 7, arbitrary: fc.constant<Mutation>('none') }, { weight: 9, arbitrary: fc.constantFrom<Mutation>(...MUTATIONS) }),
    pick: fc.nat(),
    hostile: fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...HOSTILE_VALUES) }, { weight: 1, arbitrary: fc.anything() }),
    who: fc.nat(15),
    language: fc.constantFrom('EN', 'ES', 'zh-CN', 'xx', '*', 'es-MX,es;q=0.9,en;q=0.8', 'q=1;;;'),
    pathHostile: fc.constantFrom(...HOSTILE_TEXT, 'a/b', '..', '.', '%2F', '?x=1', '#frag'),
  });

/** The raw text of an object with one key written twice: the first value valid, the second hostile. */
const duplicated = (value: Record<string, unknown>, key: string, hostile: Json): string => {
  const entries = Object.entries(value).filter(([, v]) => v !== undefined);
  const parts = entries.map(([k, v]) => `${JSON.stringify(k)}:${JSON.stringify(v)}`);
  parts.push(`${JSON.stringify(key)}:${JSON.stringify(hostile) ?? 'null'}`);
  return `{${parts.join(',')}}`;
};

/** The draw made into what is sent: `value` (an object for a query or a JSON body) or `raw` text. */
const mutate = (draw: Draw): { value: Json; raw?: string } => {
  const base = isObject(draw.value) ? { ...draw.value } : {};
  const keys = Object.keys(base);
  const key = keys.length > 0 ? keys[draw.pick % keys.length]! : `field${draw.pick % 3}`;
  switch (draw.mutation) {
    case 'none':
      return { value: draw.value };
    case 'field':
      return { value: { ...base, [key]: draw.hostile } };
    case 'wrong-type': {
      const current = base[key];
      const options: Json[] = typeof current === 'string' ? [123, true, null, ['a'], { a: 1 }] : typeof current === 'number' ? ['12', '', true, [1], NaN, 'Infinity'] : ['text', 0, false, null, []];
      return { value: { ...base, [key]: options[draw.pick % options.length] } };
    }
    case 'proto': {
      const proto = PROTO_KEYS[draw.pick % PROTO_KEYS.length]!;
      const raw = duplicated(base, proto, { polluted: true, prototype: { polluted: true }, toString: 'x', valueOf: 1 });
      return { value: JSON.parse(raw), raw };
    }
    case 'whole': {
      const options: Json[] = [[base], [], 'text', 42, null, true, draw.hostile];
      return { value: options[draw.pick % options.length] };
    }
    case 'duplicate':
      return { value: base, raw: duplicated(base, key, draw.hostile) };
    case 'non-json':
      return { value: undefined, raw: NON_JSON_BODIES[draw.pick % NON_JSON_BODIES.length]! };
    case 'deep':
      return { value: { ...base, [key]: JSON.parse(nested(draw.pick % 2 === 0 ? 200 : 2_000, draw.pick % 3 === 0)) } };
    case 'extra-field':
      return { value: { ...base, [`x${draw.pick % 10}`]: draw.hostile, [PROTO_KEYS[draw.pick % 3]!]: draw.hostile } };
  }
};

/** encodeURIComponent, and the bytes of a lone surrogate (CESU-8, not UTF-8) where it would throw. */
const encode = (text: string): string =>
  Array.from(text)
    .map((ch) => {
      try {
        return encodeURIComponent(ch);
      } catch {
        const code = ch.charCodeAt(0);
        return [0xe0 | (code >> 12), 0x80 | ((code >> 6) & 0x3f), 0x80 | (code & 0x3f)].map((b) => `%${b.toString(16).toUpperCase()}`).join('');
      }
    })
    .join('');

const asText = (value: Json): string => (typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value)));
const capped = (text: string) => text.slice(0, URL_TEXT_LIMIT);

const queryOf = (value: Json): string => {
  if (!isObject(value)) return value === undefined ? '' : `?${encode(capped(asText(value)))}`;
  const parts: string[] = [];
  for (const [key, field] of Object.entries(value)) {
    if (field === undefined) continue;
    for (const item of Array.isArray(field) ? field : [field]) parts.push(`${encode(key)}=${encode(capped(item === null ? '' : asText(item)))}`);
  }
  return parts.length > 0 ? `?${parts.join('&')}`.slice(0, QUERY_LIMIT).replace(/%[0-9A-F]?$/, '') : '';
};

// ---------------------------------------------------------------------------------------------------------------

interface Built {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
  /** What the failure message shows. */
  shown: string;
}

const preview = (text: string) => (text.length > 400 ? `${text.slice(0, 400)}… (${text.length} chars)` : text);

describe('every declared use case under generated and hostile requests (embedded)', () => {
  let platform: EmbeddedPlatform;
  const call = apiCaller(() => platform.url);
  const tokens = { player: '', agent: '' };
  let playerId = '';
  let requests = 0;
  let address = 0;
  let signIns = 0;
  const started = Date.now();
  const statuses = new Map<number, number>();

  /** Signs the demo player and agent in; with `ifLost`, only those whose session no longer answers. */
  const signIn = async (ifLost = false) => {
    for (const [who, account] of [
      ['player', 'demoplayer'],
      ['agent', 'demoagent'],
    ] as const) {
      if (ifLost && (await call('GET', '/wps/v2/wallets/balance', { token: tokens[who] })).status !== 401) continue;
      const login = await call<{ token: string; user: { id: string } }>('POST', '/wps/session/login', {
        body: { username: account, password: 'demo1234', type: 'username' },
        headers: { 'x-forwarded-for': `192.0.2.${(signIns++ % 250) + 1}` },
      });
      expect(login.status, `sign-in of ${account}`).toBe(200);
      tokens[who] = login.body.value.token;
      if (who === 'player') playerId = login.body.value.user.id;
    }
  };

  beforeAll(async () => {
    platform = await startEmbedded({ logLevel: 'silent', requestsPerIpPerMinute: 100_000, env: { SEED_DEMO: 'true', WALLET_VENDOR_SECRETS: `${VENDOR}:${VENDOR_SECRET}` } });
    await signIn();
  }, 90_000);
  afterAll(async () => {
    const seconds = ((Date.now() - started) / 1000).toFixed(1);
    console.log(
      `contract fuzz: ${Object.keys(useCases).length} routes × ${CASES} cases = ${requests} requests in ${seconds} s (seed ${SEED}); statuses ${JSON.stringify(Object.fromEntries([...statuses].sort(([a], [b]) => a - b)))}`,
    );
    await platform?.close();
  });

  const build = (useCase: UseCase, draw: Draw): Built => {
    const path = useCase.paths[draw.pick % useCase.paths.length]!;
    const mutated = mutate(draw);
    const raw = mutated.raw;
    let value = mutated.value;
    // Vendor bets on a real member now and then, so the ledger gets money to keep balanced.
    if (useCase.auth === 'vendor' && isObject(value) && 'player' in value && draw.who % 2 === 0 && raw === undefined) value = { ...value, player: playerId, currency: 'MXN' };
    const fields = isObject(value) ? { ...value } : {};
    const url = path.replace(/:([A-Za-z_]\w*)/g, (_, name: string) => {
      const own = fields[name];
      delete fields[name];
      // Operator calls act on the demo brand half of the time, so they reach its data and not only an unknown brand.
      const text = name === 'merchantCode' && draw.who % 2 === 1 ? 'DEMO' : draw.who % 4 === 0 || own === undefined ? draw.pathHostile : asText(own);
      const segment = encode(capped(text)) || '%20';
      // A segment `.` or `..` is resolved by the URL itself (the request would go to another address): kept one level down.
      return /^\.{1,2}$/.test(segment) ? `${segment}x` : segment;
    });
    if (isObject(value)) value = fields;
    const headers: Record<string, string> = {
      'content-type': 'application/json',
      'accept-language': draw.language,
      'x-forwarded-for': `10.${(address >> 16) & 255}.${(address >> 8) & 255}.${address++ & 255}`,
    };
    if (useCase.idempotent || draw.who % 3 === 0) headers['idempotency-key'] = randomUUID();
    const forged = draw.who === 15;
    switch (useCase.auth) {
      case 'guest':
        if (draw.who % 4 === 1) headers.authorization = `Bearer ${tokens.player}`;
        break;
      case 'member':
      case 'real-member':
        headers.authorization = forged ? `Bearer ${draw.pathHostile.slice(0, 100).replace(/[^\x21-\x7e]/g, 'x')}` : `Bearer ${draw.who % 2 === 0 ? tokens.player : tokens.agent}`;
        break;
      case 'operator':
        headers.authorization = forged ? 'Operator wrong-token' : `Operator ${platform.operatorToken}`;
        if (draw.who % 5 === 0) headers['x-operator'] = 'fuzz@example.com';
        break;
      case 'vendor':
        break;
    }
    if (useCase.method === 'GET') {
      const query = raw !== undefined ? `?${encode(capped(raw))}` : queryOf(value);
      return { method: 'GET', url: url + query, headers, shown: `GET ${preview(url + query)}` };
    }
    let body = raw ?? (value === undefined ? '' : JSON.stringify(value));
    if (useCase.bodyFormat === 'json-or-form' && draw.who % 2 === 1 && raw === undefined) {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      body = queryOf(value).slice(1);
    }
    if (useCase.auth === 'vendor') {
      const timestamp = String(Date.now());
      headers['x-vendor-code'] = draw.who % 4 === 3 ? 'NOSUCHVENDOR' : VENDOR;
      headers['x-timestamp'] = draw.who % 8 === 7 ? draw.pathHostile.slice(0, 30).replace(/[^\x21-\x7e]/g, '1') : timestamp;
      headers['x-signature'] = forged ? '0'.repeat(64) : signVendorRequest(VENDOR_SECRET, timestamp, body);
    }
    return { method: useCase.method, url, headers, body, shown: `${useCase.method} ${preview(url)} body ${preview(JSON.stringify(body))} content-type ${headers['content-type']}` };
  };

  /** What is wrong with an answer, or undefined. */
  const verdict = (useCase: UseCase, status: number, contentType: string, location: string | null, text: string): string | undefined => {
    if (status >= 500) return `answered ${status}: ${preview(text)}`;
    // A page of a browser flow (social sign-in) may send the browser on with a redirect.
    if (useCase.contentType === 'text/html' && (status === 302 || status === 303) && location) return undefined;
    if (status < 200 || (status >= 300 && status < 400) || status >= 600) return `answered ${status}, neither 2xx nor 4xx`;
    const declared = useCase.contentType ? [useCase.contentType].flat() : [];
    const asDeclared = declared.some((mediaType) => contentType.startsWith(mediaType));
    if (declared.length > 0 && status < 300) return asDeclared ? undefined : `answered ${contentType} instead of ${declared.join(' or ')}`;
    if (asDeclared) return undefined;
    if (!contentType.startsWith('application/json')) return `answered ${status} as ${contentType || 'no content type'}: ${preview(text)}`;
    let envelope: unknown;
    try {
      envelope = JSON.parse(text);
    } catch {
      return `answered ${status} with text that is not JSON: ${preview(text)}`;
    }
    if (!isObject(envelope) || typeof envelope.success !== 'boolean') return `answered ${status} without the envelope: ${preview(text)}`;
    if (status >= 400 && (envelope.success || typeof envelope.code !== 'string')) return `answered ${status} without success: false and a code: ${preview(text)}`;
    if (status < 300 && !envelope.success) return `answered ${status} with success: false: ${preview(text)}`;
    return undefined;
  };

  const entries = Object.entries(useCases) as [string, UseCase][];
  entries.forEach(([id, useCase], index) => {
    it.skipIf(ONLY !== undefined && ONLY !== id)(
      `${id}: ${useCase.method} ${useCase.paths[0]} (${useCase.auth})`,
      async () => {
        const schema = useCase.bodyFormat === 'text' && useCase.signedBody ? useCase.signedBody : useCase.request;
        const draws = fc.sample(drawArbitrary(schema), { seed: SEED + index, numRuns: CASES });
        const failures: string[] = [];
        let sessionLost = false;
        for (const draw of draws) {
          const request = build(useCase, draw);
          requests++;
          let status = 0;
          let contentType = '';
          let text = '';
          let location: string | null = null;
          try {
            const response = await fetch(platform.url + request.url, { method: request.method, headers: request.headers, body: request.body, signal: AbortSignal.timeout(15_000), redirect: 'manual' });
            status = response.status;
            contentType = response.headers.get('content-type') ?? '';
            location = response.headers.get('location');
            text = await response.text();
          } catch (error) {
            failures.push(`${request.shown}: no answer (${(error as Error).message}${(error as Error).cause ? `: ${String((error as Error).cause)}` : ''})`);
            if (process.env.FUZZ_DUMP) console.log(JSON.stringify(request));
            continue;
          }
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
          if (status === 401 && (request.headers.authorization === `Bearer ${tokens.player}` || request.headers.authorization === `Bearer ${tokens.agent}`)) sessionLost = true;
          const wrong = verdict(useCase, status, contentType, location, text);
          if (wrong) failures.push(`${request.shown}: ${wrong}`);
        }
        // A use case may have ended the demo sessions (sign-out, password change): the next one gets fresh ones.
        if (sessionLost) await signIn(true);
        expect(failures, `${id} (${useCase.method} ${useCase.paths[0]}), seed ${SEED + index} (FUZZ_SEED=${SEED}):\n${failures.join('\n')}`).toEqual([]);
      },
      60_000,
    );
  });

  it('leaves the ledger balanced in every currency', async () => {
    const totals = await rows<{ currency: string; total: string }>(platform.db.orm, sql`SELECT currency, sum(amount_minor)::text AS total FROM wallet.entries GROUP BY currency`);
    expect(totals.length).toBeGreaterThan(0);
    expect(totals.filter((row) => row.total !== '0')).toEqual([]);
  });
});

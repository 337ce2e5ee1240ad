import { z } from 'zod';
import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject } from 'zod-openapi';
import { BLANK_IS_ABSENT, VENDOR_HEADERS, type UseCase } from '@wps/contracts';

/** What a game vendor needs before the first call: signing, idempotency, money, rounds and answers. */
const VENDOR_API_DESCRIPTION = `Game vendors move a player's money through these calls while the player plays. The platform keeps the wallet;
the vendor asks for the balance, debits bets, credits wins and corrects rounds.

**Signing.** Every request carries three headers:
\`X-Vendor-Code\` (your vendor code), \`X-Timestamp\` (unix time in milliseconds) and \`X-Signature\`, the lowercase
hex HMAC-SHA256, keyed with your secret, of the string \`\${X-Timestamp}.\${raw request body}\`. The signature covers
the exact bytes you send: sign the body after serialising it and send those bytes unchanged. A timestamp more
than 300 seconds (configurable, \`WALLET_VENDOR_SKEW_SECONDS\`) from the platform's clock is refused.

**Idempotency.** Every call except \`balance\` carries a \`transactionId\`, unique per (vendor, player). Sending the
same call again (a retry after a timeout) returns the stored answer and moves no money; the same
\`transactionId\` with another body, or for another operation, is refused with 409 \`IDEMPOTENCY_CONFLICT\`.
Refused calls are not stored: a retry of a refused call is evaluated again.

**Money.** Amounts are decimal strings in major units with at most the currency's decimals (\`"12.50"\` in MXN,
\`"1200"\` in VND). Answers always carry the currency's decimals.

**Rounds.** A round (\`roundId\`, unique per vendor) belongs to one player, currency and game type. It is \`open\`
from its first bet until a call with \`settle: true\` settles it or \`void\` cancels it. Settling or cancelling a
round publishes it to the platform's reports (\`bet.settled\` on topic \`bets.v1\`).

**Answers.** Every answer is the platform envelope \`{ success, code?, message?, value? }\`. \`message\` follows
\`Accept-Language\`: any of the platform's 31 interface languages (\`ES\`, \`EN\`, \`FR\`, \`PT-BR\`, \`ZH-TW\`…), default
\`ES\`; \`code\` is stable.`;

/** The three references the platform publishes, by who calls them. */
export const API_REFERENCES = {
  public: { title: 'Player API', audiences: ['guest', 'member', 'real-member'] },
  operator: { title: 'Operator API', audiences: ['operator'] },
  vendor: { title: 'Seamless-wallet vendor API', audiences: ['vendor'], description: VENDOR_API_DESCRIPTION },
} as const satisfies Record<string, { title: string; audiences: readonly UseCase['auth'][]; description?: string }>;
export type ApiReferenceName = keyof typeof API_REFERENCES;

/** `/wps/v2/deposit/:id/proof` → `/wps/v2/deposit/{id}/proof`, and the names of its path fields. */
export function openApiPath(path: string): { path: string; fields: string[] } {
  const fields: string[] = [];
  const converted = path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_match, name: string) => {
    fields.push(name);
    return `{${name}}`;
  });
  return { path: converted, fields };
}

const errorEnvelope = z.object({
  success: z.literal(false),
  code: z.string().meta({ description: 'The error code of the catalogue (spec sections 5 and 8)' }),
  message: z.string().meta({ description: 'The message in the caller’s language' }),
  field: z.string().optional(),
  value: z.unknown().optional(),
});

const securityOf = (useCase: UseCase): Array<Record<string, string[]>> | undefined => {
  switch (useCase.auth) {
    case 'member':
    case 'real-member':
      return [{ session: [] }];
    case 'operator':
      return [{ operatorToken: [] }];
    case 'vendor':
      return [{ vendorCode: [], vendorTimestamp: [], vendorSignature: [] }];
    case 'guest':
      return undefined;
  }
};

type Shape = Record<string, z.ZodType>;

/**
 * The fields of a request: of an object, of both sides of an intersection, of what a preprocess or pipe reads.
 * `strict`: undefined as soon as any part is not an object (a union), so the fields found are all there are.
 */
function shapeOf(schema: z.ZodType, strict: boolean): Shape | undefined {
  if (schema instanceof z.ZodObject) return schema.shape;
  const def = schema._zod.def as { type: string; left?: z.ZodType; right?: z.ZodType; in?: z.ZodType; out?: z.ZodType };
  if (def.type === 'intersection' && def.left && def.right) {
    const [left, right] = [shapeOf(def.left, strict), shapeOf(def.right, strict)];
    return strict && (!left || !right) ? undefined : left || right ? { ...left, ...right } : undefined;
  }
  if (def.type === 'pipe' && def.in && def.out) return shapeOf(def.in, strict) ?? shapeOf(def.out, strict);
  return undefined;
}

/** An intersection of a body with an object of path fields only: the body alone (the path fields are not sent in it). */
function withoutPathSide(schema: z.ZodType, pathFields: string[]): z.ZodType {
  const def = schema._zod.def as { type: string; left?: z.ZodType; right?: z.ZodType };
  if (def.type !== 'intersection' || !def.left || !def.right) return schema;
  const onlyPath = (side: z.ZodType) => side instanceof z.ZodObject && Object.keys(side.shape).every((field) => pathFields.includes(field));
  return onlyPath(def.right) ? def.left : onlyPath(def.left) ? def.right : schema;
}

function operationOf(useCase: UseCase, pathFields: string[]): ZodOpenApiOperationObject {
  const request = useCase.request;
  // Path fields are described from wherever the request declares them; the rest of the fields form the body or query.
  const shape = shapeOf(request, true);
  const anyShape = shape ?? shapeOf(request, false);
  const pathSchema = z.object(Object.fromEntries(pathFields.map((field) => [field, anyShape?.[field] ?? z.string()])));
  // A query read with blank fields as "not given" takes a blank for every field.
  const blankIsAbsent = z.globalRegistry.get(request)?.[BLANK_IS_ABSENT] === true;
  const orBlank = (field: z.ZodType): z.ZodType =>
    !blankIsAbsent ? field : field instanceof z.ZodOptional ? z.union([z.literal(''), field.unwrap() as z.ZodType]).optional() : z.union([z.literal(''), field]);
  const rest = shape ? z.object(Object.fromEntries(Object.entries(shape).flatMap(([field, schema]) => (pathFields.includes(field) ? [] : [[field, orBlank(schema)]])))) : undefined;
  const notes = [
    useCase.rateLimit !== 'none' ? `Rate limit: ${useCase.rateLimit === 'ip' ? 'the per-address budget of the API' : 'per vendor code'}.` : '',
    useCase.idempotent ? 'Requires an `Idempotency-Key` header; a retry with the same key answers the first result.' : '',
    useCase.auth === 'real-member' ? 'Trial accounts are refused (TRIAL_ACCOUNT_REFUSED).' : '',
  ].filter(Boolean);
  const operation: ZodOpenApiOperationObject = {
    operationId: useCase.id,
    summary: useCase.summary,
    ...(useCase.description || notes.length > 0 ? { description: [useCase.description ?? '', ...notes].filter(Boolean).join('\n\n') } : {}),
    tags: [useCase.tag],
    ...(securityOf(useCase) ? { security: securityOf(useCase) } : {}),
    requestParams: {
      ...(pathFields.length > 0 ? { path: pathSchema } : {}),
      ...(useCase.method === 'GET' && rest ? { query: rest } : {}),
      ...(useCase.idempotent ? { header: z.object({ 'idempotency-key': z.string().max(200) }) } : {}),
    },
    responses: {
      '200': {
        description: 'Success',
        content: useCase.contentType
          ? Object.fromEntries([useCase.contentType].flat().map((mediaType) => [mediaType, { schema: useCase.response }]))
          : { 'application/json': { schema: z.object({ success: z.literal(true), value: useCase.response }) } },
      },
      default: { description: 'An error in the API envelope', content: { 'application/json': { schema: errorEnvelope } } },
    },
  };
  if (useCase.method !== 'GET') {
    const body =
      useCase.bodyFormat === 'text'
        ? (useCase.signedBody ?? z.string()).meta({ description: 'Sent as JSON text; the signature covers its exact bytes' })
        : (rest ?? withoutPathSide(request, pathFields));
    operation.requestBody = {
      // A signed body is always sent; a JSON body is required once it has a required field.
      required: useCase.bodyFormat === 'text' || !body.safeParse({}).success,
      content: { 'application/json': { schema: body }, ...(useCase.bodyFormat === 'json-or-form' ? { 'application/x-www-form-urlencoded': { schema: body } } : {}) },
    };
  }
  return operation;
}

const LENIENT_RULE = 'A value out of range or not understood is read as the default.';

/**
 * The edge's text rule (edge/control-characters.ts), as the documents state it: no C0 control character other than tab,
 * line feed and carriage return in any string a caller sends.
 */
export const TEXT_PATTERN = '^[^\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F]*$';
/** What `String.prototype.trim` removes: ECMAScript white space and line terminators. */
const TRIMMED = '\\u0009-\\u000D\\u0020\\u00A0\\u1680\\u2000-\\u200A\\u2028\\u2029\\u202F\\u205F\\u3000\\uFEFF';
/** A character the text rule keeps. */
const KEPT = '[^\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F]';
/** A character the text rule keeps and trimming does not remove. */
const SOLID = `[^\\u0000-\\u001F${TRIMMED}]`;
/** White space the text rule keeps. */
const SPACE = '[\\t\\n\\r\\u0020\\u00A0\\u1680\\u2000-\\u200A\\u2028\\u2029\\u202F\\u205F\\u3000\\uFEFF]';

/**
 * The text rule for a field the server trims before checking its length: between `minLength` and `maxLength`
 * characters once the white space around them is gone ("\t\t" is blank, " a " is one character).
 */
export function trimmedTextPattern(minLength: number, maxLength?: number): string {
  const lower = Math.max(minLength, 1);
  const upper = maxLength === undefined ? '' : String(maxLength - 2);
  const inner = maxLength === 1 ? '' : lower === 1 ? `(?:${KEPT}{0,${upper}}${SOLID})?` : `${KEPT}{${lower - 2},${upper}}${SOLID}`;
  return `^${SPACE}*${SOLID}${inner}${SPACE}*$`;
}

const TEXT_RULE =
  'Text: strings refuse NUL and the other control characters except tab, line feed and carriage return (400 VALIDATION_FAILED naming the field), and reach the service in Unicode normalisation form C.';

/**
 * Puts the text rule on every free string of a request schema (one without its own pattern, format, enum or const),
 * following references into the document's component schemas.
 */
function withTextRule(schema: unknown, components: Record<string, unknown>, visited = new Set<string>()): void {
  const pending: unknown[] = [schema];
  while (pending.length > 0) {
    const node = pending.pop();
    if (!node || typeof node !== 'object') continue;
    if (Array.isArray(node)) {
      pending.push(...(node as unknown[]));
      continue;
    }
    const object = node as Record<string, unknown>;
    const ref = typeof object.$ref === 'string' ? object.$ref.replace('#/components/schemas/', '') : undefined;
    if (ref && !visited.has(ref)) {
      visited.add(ref);
      pending.push(components[ref]);
    }
    if (object.type === 'string' && !('pattern' in object) && !('format' in object) && !('enum' in object) && !('const' in object)) object.pattern = TEXT_PATTERN;
    pending.push(...Object.values(object));
  }
}

type StringCheck = { _zod: { def: { check: string; format?: string; tx?: (value: string) => string } } };

/** Where the string's checks trim it (-1 when they do not), and where the first pattern check is. */
function trimAndPattern(schema: z.ZodString): { trim: number; pattern: number } {
  const checks = ((schema._zod.def as { checks?: StringCheck[] }).checks ?? []).map((check) => check._zod.def);
  return {
    trim: checks.findIndex((check) => check.check === 'overwrite' && check.tx?.(' a ') === 'a'),
    pattern: checks.findIndex((check) => check.check === 'string_format' && check.format === 'regex'),
  };
}

/**
 * A string the server trims before its checks (a code, a name, an amount): the reference states the checks on what
 * is left. A free string's bounds count the trimmed text, so a blank is not a valid value and white space around a
 * value does not count towards the maximum: a pattern says so in place of the raw bounds. A string with its own
 * pattern takes white space around a match.
 */
function trimmedText(schema: z.ZodString, jsonSchema: Record<string, unknown>): void {
  const { trim, pattern } = trimAndPattern(schema);
  if (trim < 0 || 'format' in jsonSchema || 'enum' in jsonSchema || 'const' in jsonSchema) return;
  if (typeof jsonSchema.pattern === 'string') {
    const anchored = /^\^(.*[^\\])\$$/.exec(jsonSchema.pattern);
    if (pattern > trim && anchored) jsonSchema.pattern = `^${SPACE}*(?:${anchored[1]})${SPACE}*$`;
    return;
  }
  const minLength = typeof jsonSchema.minLength === 'number' ? jsonSchema.minLength : 0;
  const maxLength = typeof jsonSchema.maxLength === 'number' ? jsonSchema.maxLength : undefined;
  if (minLength < 1 || !schema.safeParse('x'.repeat(minLength)).success || schema.safeParse(' '.repeat(minLength)).success) return;
  // A maximum checked before trimming stays a raw bound; one checked after it moves into the pattern.
  const maxAfterTrim = maxLength !== undefined && schema.safeParse(` ${'x'.repeat(maxLength)} `).success;
  jsonSchema.pattern = trimmedTextPattern(minLength, maxAfterTrim ? maxLength : undefined);
  delete jsonSchema.minLength;
  if (maxAfterTrim) delete jsonSchema.maxLength;
}

/** Builds one OpenAPI 3.1 document from the declarations of one audience. */
export function buildApiReference(name: ApiReferenceName, useCases: Iterable<UseCase>): ReturnType<typeof createDocument> {
  const reference = API_REFERENCES[name];
  const audiences: readonly string[] = reference.audiences;
  const paths: ZodOpenApiPathsObject = {};
  for (const useCase of useCases) {
    if (!audiences.includes(useCase.auth)) continue;
    for (const declaredPath of useCase.paths) {
      const { path, fields } = openApiPath(declaredPath);
      const method = useCase.method.toLowerCase() as 'get' | 'post' | 'put' | 'delete';
      const operation = operationOf(useCase, fields);
      paths[path] = { ...paths[path], [method]: declaredPath === useCase.paths[0] ? operation : { ...operation, operationId: `${useCase.id}_${useCase.paths.indexOf(declaredPath)}` } };
    }
  }
  const document = createDocument(
    {
      openapi: '3.1.0',
      info: { title: reference.title, version: '1', description: ['description' in reference ? reference.description : '', TEXT_RULE].filter(Boolean).join('\n\n') },
      paths,
      components: {
        securitySchemes: {
          session: { type: 'http', scheme: 'bearer', description: 'The session token from sign-in' },
          operatorToken: { type: 'apiKey', in: 'header', name: 'Authorization', description: '`Operator <token>`' },
          vendorCode: { type: 'apiKey', in: 'header', name: VENDOR_HEADERS.vendor },
          vendorTimestamp: { type: 'apiKey', in: 'header', name: VENDOR_HEADERS.timestamp },
          vendorSignature: { type: 'apiKey', in: 'header', name: VENDOR_HEADERS.signature, description: 'HMAC-SHA256 of the timestamp and the body (docs/vendor-api.md)' },
        },
      },
    },
    {
      allowEmptySchema: { custom: true, any: true, unknown: true },
      override: ({ zodSchema, jsonSchema, io }) => {
        if (io === 'input' && zodSchema._zod.def.type === 'string') return trimmedText(zodSchema as unknown as z.ZodString, jsonSchema);
        // A lenient field (`.catch`) reads any value it cannot use as its fallback: it accepts anything, so the
        // reference states no type or bounds for it, only what it falls back to.
        if (zodSchema._zod.def.type !== 'catch') return;
        for (const key of Object.keys(jsonSchema)) if (key !== 'default' && key !== 'description') delete jsonSchema[key];
        jsonSchema.description = [jsonSchema.description, LENIENT_RULE].filter(Boolean).join(' ');
      },
    },
  );
  // Only what callers send carries the rule: parameters and request bodies, and the components they refer to.
  const components = (document.components?.schemas ?? {}) as Record<string, unknown>;
  for (const item of Object.values(document.paths ?? {})) {
    for (const operation of Object.values(item ?? {})) {
      if (!operation || typeof operation !== 'object') continue;
      const { parameters, requestBody } = operation as { parameters?: unknown; requestBody?: unknown };
      withTextRule(parameters, components);
      withTextRule(requestBody, components);
    }
  }
  return document;
}

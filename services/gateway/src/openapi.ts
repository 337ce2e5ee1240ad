import { z } from 'zod';
import { createDocument, type ZodOpenApiOperationObject, type ZodOpenApiPathsObject } from 'zod-openapi';
import { VENDOR_HEADERS, type UseCase } from '@wps/contracts';

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
\`Accept-Language\` (\`EN\` or \`ES\`, default \`ES\`); \`code\` is stable.`;

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

function operationOf(useCase: UseCase, pathFields: string[]): ZodOpenApiOperationObject {
  const request = useCase.request;
  const shape = request instanceof z.ZodObject ? (request.shape as Record<string, z.ZodType>) : undefined;
  const pathSchema = z.object(Object.fromEntries(pathFields.map((field) => [field, shape?.[field] ?? z.string()])));
  const rest = shape ? z.object(Object.fromEntries(Object.entries(shape).filter(([field]) => !pathFields.includes(field)))) : undefined;
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
        content: useCase.contentType ? { [useCase.contentType]: { schema: useCase.response } } : { 'application/json': { schema: z.object({ success: z.literal(true), value: useCase.response }) } },
      },
      default: { description: 'An error in the API envelope', content: { 'application/json': { schema: errorEnvelope } } },
    },
  };
  if (useCase.method !== 'GET') {
    const body = useCase.bodyFormat === 'text' ? (useCase.signedBody ?? z.string()).meta({ description: 'Sent as JSON text; the signature covers its exact bytes' }) : (rest ?? request);
    operation.requestBody = {
      content: { 'application/json': { schema: body }, ...(useCase.bodyFormat === 'json-or-form' ? { 'application/x-www-form-urlencoded': { schema: body } } : {}) },
    };
  }
  return operation;
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
  return createDocument(
    {
      openapi: '3.1.0',
      info: { title: reference.title, version: '1', ...('description' in reference ? { description: reference.description } : {}) },
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
    { allowEmptySchema: { custom: true, any: true, unknown: true } },
  );
}

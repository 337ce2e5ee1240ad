import type { ErrorRequestHandler } from 'express';
import { z } from 'zod';
import { ERRORS, isErrorCode, renderMessage, DEFAULT_LANGUAGE, parseLanguage, type ErrorCode, type Language, type RpcError } from '@wps/contracts';
import type { Logger } from './logger.js';
import { localMessage, messageLanguage } from './messages.js';

/** The one error type of the platform: a catalogue code, message parameters, and data the client may need. */
export class AppError extends Error {
  readonly status: number;
  constructor(
    readonly code: ErrorCode,
    readonly options: { params?: Record<string, string | number>; value?: unknown; field?: string; cause?: unknown } = {},
  ) {
    super(renderMessage(code, 'EN', options.params), { cause: options.cause });
    this.status = ERRORS[code].status;
  }
  toRpcError(): RpcError {
    return { code: this.code, params: this.options.params, value: this.options.value, field: this.options.field };
  }
  static fromRpcError(error: RpcError): AppError {
    return new AppError(isErrorCode(error.code) ? error.code : 'INTERNAL', { params: error.params, value: error.value, field: error.field });
  }
}

export interface ErrorEnvelope {
  success: false;
  code: string;
  message: string;
  field?: string;
  value?: unknown;
}

/** Chooses the reply language: the `language` query/body field where given, else Accept-Language, else ES. */
export function requestLanguage(req: { query?: unknown; body?: unknown; headers: Record<string, unknown> }): Language {
  const query = req.query as Record<string, unknown> | undefined;
  const body = req.body as Record<string, unknown> | undefined;
  const explicit = typeof query?.language === 'string' ? query.language : typeof body?.language === 'string' ? body.language : undefined;
  return parseLanguage(explicit) ?? parseLanguage(req.headers['accept-language'] as string | undefined) ?? DEFAULT_LANGUAGE;
}

/** The envelope of a refusal, its message in the caller's interface language (English where that has none). */
export function toEnvelope(error: AppError, language: string): ErrorEnvelope {
  const envelope: ErrorEnvelope = { success: false, code: error.code, message: localMessage(error.code, language, error.options.params) };
  if (error.options.field) envelope.field = error.options.field;
  if (error.options.value !== undefined) envelope.value = error.options.value;
  return envelope;
}

/** zod failures at the edge become 400 with the first failing field. */
export function fromZodError(error: z.ZodError): AppError {
  const issue = error.issues[0];
  const field = issue?.path.join('.') || undefined;
  // A schema may name the spec's own error for a check (a bad path id is NOT_FOUND, a bad lottery field names itself).
  const declared = issue?.code === 'custom' ? (issue.params as { errorCode?: unknown } | undefined)?.errorCode : undefined;
  if (typeof declared === 'string' && isErrorCode(declared)) return new AppError(declared, { field, params: field ? { field } : undefined });
  // zod 4 leaves the input out of issues by default; its message says when the value was missing.
  const missing = issue?.code === 'invalid_type' && /received undefined$/.test(issue.message);
  return new AppError(missing ? 'INPUT_EMPTY' : 'VALIDATION_FAILED', { field });
}

export function normaliseError(error: unknown): AppError {
  if (error instanceof AppError) return error;
  if (error instanceof z.ZodError) return fromZodError(error);
  const status = (error as { status?: number; type?: string }).status;
  if (status === 400 || (error as { type?: string }).type === 'entity.parse.failed') return new AppError('VALIDATION_FAILED', { cause: error });
  if (status === 413 || (error as { type?: string }).type === 'entity.too.large') return new AppError('PAYLOAD_TOO_LARGE', { cause: error });
  return new AppError('INTERNAL', { cause: error });
}

/** How far down the cause chain a log line looks for the database's own error (drivers and query builders wrap it). */
const LOGGED_CAUSES = 6;
const LOGGED_MESSAGE_CHARS = 200;
const LOGGED_FRAMES = 5;

/**
 * What a log line says about an unexpected error, bounded to a few hundred characters: its type, a one-line message,
 * the SQLSTATE when the database refused, and where it was thrown. Never the SQL text or its parameters (a query
 * builder's message carries both, and they can hold a member's input), nor anything the request sent.
 */
export function errorLogFields(error: unknown): { errorType: string; error: string; sqlState?: string; frames?: string } {
  const chain: Array<{ name?: unknown; code?: unknown; message?: unknown; stack?: unknown; cause?: unknown }> = [];
  for (let current: unknown = error; current && typeof current === 'object' && chain.length < LOGGED_CAUSES; current = (current as { cause?: unknown }).cause) {
    chain.push(current);
  }
  const outer = chain[0];
  const database = chain.find((entry) => typeof entry.code === 'string' && /^[0-9A-Z]{5}$/.test(entry.code));
  // The database's reason, else the root cause (a wrapping AppError says only 'Unknown error.').
  const source = database ?? chain.at(-1);
  const firstLine = typeof source?.message === 'string' ? (source.message.split('\n')[0] ?? '') : String(error);
  // A query builder's own message names the query and its parameters: only the database's reason is kept.
  const message = /^Failed query\b/i.test(firstLine) ? 'database query failed' : firstLine.replace(/\bparams:.*$/i, '').slice(0, LOGGED_MESSAGE_CHARS);
  const frames =
    typeof outer?.stack === 'string'
      ? outer.stack
          .split('\n')
          .map((line) => line.trim())
          .filter((line) => line.startsWith('at '))
          .slice(0, LOGGED_FRAMES)
          .map((line) => line.slice(0, LOGGED_MESSAGE_CHARS))
          .join(' | ')
      : undefined;
  return {
    errorType: typeof outer?.name === 'string' ? outer.name.slice(0, 60) : typeof error,
    error: message,
    ...(database ? { sqlState: database.code as string } : {}),
    ...(frames ? { frames } : {}),
  };
}

/** The single middleware that turns any error into the API envelope. Unknown errors are logged, never leaked. */
export function errorMiddleware(logger: Logger): ErrorRequestHandler {
  return (error, req, res, _next) => {
    const appError = normaliseError(error);
    // One bounded line: the trace and request ids come from the log context.
    if (appError.status >= 500) logger.error({ code: appError.code, ...errorLogFields(error), method: req.method, path: req.path.slice(0, 200) }, 'request failed');
    // Every 429 (the API's limits, and sign-in's captcha, SMS and lockout throttles) says when to come back.
    if (appError.status === 429 && typeof appError.options.value === 'object' && appError.options.value) {
      const retryAfter = (appError.options.value as { retryAfterSeconds?: number }).retryAfterSeconds;
      if (retryAfter) res.setHeader('Retry-After', String(retryAfter));
    }
    res.status(appError.status).json(toEnvelope(appError, messageLanguage(req)));
  };
}

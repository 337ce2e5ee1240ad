import type { RequestHandler } from 'express';
import { AppError } from '@wps/platform';

/** C0 control characters other than tab, line feed and carriage return: no field of the API has a use for them. */
export const isRefusedCharacter = (code: number): boolean => code < 0x20 && code !== 0x09 && code !== 0x0a && code !== 0x0d;

export const hasControlCharacter = (text: string): boolean => {
  for (let index = 0; index < text.length; index++) if (isRefusedCharacter(text.charCodeAt(index))) return true;
  return false;
};

/**
 * The name of the first field (a dotted path) whose name or text holds a refused control character, '' for the value
 * itself, or undefined when there is none. Walks without recursion, so a deeply nested body cannot exhaust the stack.
 */
export function controlCharacterField(value: unknown): string | undefined {
  const pending: Array<{ value: unknown; path: string }> = [{ value, path: '' }];
  while (pending.length > 0) {
    const { value: current, path } = pending.pop()!;
    if (typeof current === 'string') {
      if (hasControlCharacter(current)) return path;
    } else if (Array.isArray(current)) {
      current.forEach((item, index) => pending.push({ value: item, path: path ? `${path}.${index}` : String(index) }));
    } else if (current && typeof current === 'object') {
      for (const [name, item] of Object.entries(current)) {
        // A field name is never echoed: the answer names the object that holds it.
        if (hasControlCharacter(name)) return path;
        pending.push({ value: item, path: path ? `${path}.${name}` : name });
      }
    }
  }
  return undefined;
}

/** A signed text body is JSON for the service to read: its decoded strings are checked as well as its raw text. */
function textBodyField(text: string): string | undefined {
  if (hasControlCharacter(text)) return 'body';
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    // Not JSON: the owning service refuses it in its own words.
    return undefined;
  }
  const field = controlCharacterField(parsed);
  return field === undefined ? undefined : field ? `body.${field}` : 'body';
}

/**
 * Every string of a parsed JSON value in Unicode normalisation form C, so "é" typed as one character or as "e" and a
 * combining accent is the same text to every service (names, searches, passwords). Walks without recursion; keys too.
 */
export function normaliseText(value: unknown): unknown {
  if (typeof value === 'string') return value.normalize('NFC');
  if (!value || typeof value !== 'object') return value;
  const root: unknown = Array.isArray(value) ? [] : {};
  const pending: Array<{ from: unknown; to: Record<string, unknown> | unknown[] }> = [{ from: value, to: root as Record<string, unknown> }];
  while (pending.length > 0) {
    const { from, to } = pending.pop()!;
    for (const [key, item] of Object.entries(from as Record<string, unknown>)) {
      let copy: unknown = item;
      if (typeof item === 'string') copy = item.normalize('NFC');
      else if (item && typeof item === 'object') {
        copy = Array.isArray(item) ? [] : {};
        pending.push({ from: item, to: copy as Record<string, unknown> });
      }
      if (Array.isArray(to)) to[Number(key)] = copy;
      // defineProperty keeps a "__proto__" key an ordinary key, as JSON.parse made it.
      else Object.defineProperty(to, key.normalize('NFC'), { value: copy, enumerable: true, writable: true, configurable: true });
    }
  }
  return root;
}

/**
 * Text at the edge, once for every API. Refuses a request whose path, query or body holds a NUL or another C0 control
 * character anywhere in a string: 400 VALIDATION_FAILED naming the field, never the value. Such text has no meaning
 * to any call, and PostgreSQL cannot store a NUL, so it must not reach a service. A parsed JSON body then reaches the
 * service in normalisation form C (a signed body, kept as text for its signature, is passed on as sent). Runs after
 * the body is parsed.
 */
export function rejectControlCharacters(): RequestHandler {
  return (req, _res, next) => {
    const field = controlCharacterField(req.params) ?? controlCharacterField(req.query) ?? (typeof req.body === 'string' ? textBodyField(req.body) : controlCharacterField(req.body));
    if (field !== undefined) return next(new AppError('VALIDATION_FAILED', field ? { field } : {}));
    if (req.body && typeof req.body === 'object') req.body = normaliseText(req.body);
    next();
  };
}

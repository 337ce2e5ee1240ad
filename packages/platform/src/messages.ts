import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { DEFAULT_LANGUAGE, fillMessage, interfaceLanguageOf, LANGUAGES, renderMessage, type ErrorCode, type InterfaceLanguage, type Language } from '@wps/contracts';

/**
 * The API's messages in every interface language. English and Spanish live with each error in the catalogue; the
 * other languages are one file each in `@wps/contracts/src/messages/<code>.json`, read once at start, keyed by
 * error code (and `pattern.<ID>` for the input patterns' messages).
 */
const MESSAGES_DIR = path.join(path.dirname(createRequire(import.meta.url).resolve('@wps/contracts')), 'messages');

let packs: Map<string, Record<string, string>> | undefined;

function messagePacks(): Map<string, Record<string, string>> {
  if (!packs) {
    packs = new Map();
    if (existsSync(MESSAGES_DIR)) {
      for (const file of readdirSync(MESSAGES_DIR).filter((name) => name.endsWith('.json'))) {
        packs.set(file.replace(/\.json$/, '').toUpperCase(), JSON.parse(readFileSync(path.join(MESSAGES_DIR, file), 'utf8')) as Record<string, string>);
      }
    }
  }
  return packs;
}

/** A language's message file as it is (error codes, and `pattern.<ID>` for the client's pattern messages). */
export function messagePack(language: string): Readonly<Record<string, string>> | undefined {
  return messagePacks().get(language);
}

/** The languages with a message file of their own. */
export function messageLanguages(): string[] {
  return [...messagePacks().keys()];
}

/** The language an answer's message is written in: the `language` field where given, else Accept-Language, else ES. */
export function messageLanguage(req: { query?: unknown; body?: unknown; headers: Record<string, unknown> }): InterfaceLanguage {
  const query = req.query as Record<string, unknown> | undefined;
  const body = req.body as Record<string, unknown> | undefined;
  const explicit = typeof query?.language === 'string' ? query.language : typeof body?.language === 'string' ? body.language : undefined;
  return interfaceLanguageOf(explicit) ?? interfaceLanguageOf(req.headers['accept-language'] as string | undefined) ?? DEFAULT_LANGUAGE;
}

/** An error's message in a language, its `{name}` placeholders filled; English where a language lacks the message. */
export function localMessage(code: ErrorCode, language: string, params?: Record<string, string | number>): string {
  if ((LANGUAGES as readonly string[]).includes(language)) return renderMessage(code, language as Language, params);
  const text = messagePacks().get(language)?.[code];
  return text === undefined ? renderMessage(code, 'EN', params) : fillMessage(text, params);
}

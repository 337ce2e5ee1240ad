import type { AddressInfo } from 'node:net';
import express from 'express';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS, INTERFACE_LANGUAGES, interfaceLanguageOf, renderMessage, type ErrorCode } from '@wps/contracts';
import { AppError, errorMiddleware } from './errors.js';
import { createLogger } from './logger.js';
import { PATTERN_IDS, PATTERNS } from '@wps/contracts/patterns';
import { localMessage, messageLanguage, messageLanguages, messagePack } from './messages.js';

const names = (text: string): string[] => [...text.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!).sort();

describe('the API’s messages in every interface language', () => {
  it('have a file for every interface language but English and Spanish, with every message and its placeholders', () => {
    expect(messageLanguages().sort()).toEqual(INTERFACE_LANGUAGES.filter((code) => code !== 'ES' && code !== 'EN').sort());
    const codes = Object.keys(ERRORS) as ErrorCode[];
    for (const language of messageLanguages()) {
      for (const code of codes) {
        const text = localMessage(code, language);
        expect(text, `${language} ${code}`).not.toBe('');
        expect(names(text), `${language} ${code}`).toEqual(names(ERRORS[code].message.ES));
      }
      // A language whose messages were English copies would not be a translation.
      const copies = codes.filter((code) => localMessage(code, language) === ERRORS[code].message.EN && ERRORS[code].message.EN.includes(' '));
      expect(copies.length / codes.length, `${language}: ${copies.join(', ')}`).toBeLessThan(0.05);
    }
  });

  it('fill placeholders, and fall back to English for a language without a file', () => {
    expect(localMessage('VALIDATION_FAILED', 'ES')).toBe(renderMessage('VALIDATION_FAILED', 'ES'));
    expect(localMessage('VALIDATION_FAILED', 'XX')).toBe(renderMessage('VALIDATION_FAILED', 'EN'));
    const code = (Object.keys(ERRORS) as ErrorCode[]).find((candidate) => names(ERRORS[candidate].message.EN).length > 0)!;
    const params = Object.fromEntries(names(ERRORS[code].message.EN).map((name) => [name, `<${name}>`]));
    const french = localMessage(code, 'FR', params);
    for (const name of names(ERRORS[code].message.EN)) expect(french).toContain(`<${name}>`);
    expect(french).not.toMatch(/\{\w+\}/);
  });

  it('carry the input patterns’ messages the registration form shows, and nothing else', () => {
    const keys = [...Object.keys(ERRORS), ...PATTERN_IDS.map((id) => `pattern.${id}`)].sort();
    for (const language of messageLanguages()) {
      const pack = messagePack(language)!;
      expect(Object.keys(pack).sort(), language).toEqual(keys);
      for (const id of PATTERN_IDS) expect(names(pack[`pattern.${id}`]!), `${language} ${id}`).toEqual(names(PATTERNS[id].message.ES));
    }
  });

  it('read the language from the field, then Accept-Language, then Spanish', () => {
    expect(interfaceLanguageOf('fr-CA,fr;q=0.9,en;q=0.8')).toBe('FR');
    expect(interfaceLanguageOf('pt-BR')).toBe('PT-BR');
    expect(interfaceLanguageOf('zh-Hant-TW')).toBe('ZH-TW');
    expect(interfaceLanguageOf('de-DE')).toBeUndefined();
    expect(messageLanguage({ query: { language: 'AR' }, headers: { 'accept-language': 'fr' } })).toBe('AR');
    expect(messageLanguage({ body: { language: 'ja' }, headers: {} })).toBe('JA');
    expect(messageLanguage({ headers: { 'accept-language': 'ru-RU,ru;q=0.9' } })).toBe('RU');
    expect(messageLanguage({ headers: { 'accept-language': 'de' } })).toBe('ES');
  });
});

describe('a refusal through the error middleware', () => {
  let base = '';
  let close = () => undefined as void;
  beforeAll(async () => {
    const app = express();
    app.get('/refused', () => {
      throw new AppError('VALIDATION_FAILED', { field: 'name' });
    });
    app.use(errorMiddleware(createLogger({ service: 'messages-spec', level: 'silent' })));
    const server = app.listen(0);
    await new Promise<void>((resolve) => server.once('listening', () => resolve()));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    close = () => void server.close();
  });
  afterAll(() => close());

  it('answers in the caller’s language, with the same code and status', async () => {
    const answers = await Promise.all(
      ['es', 'en', 'fr', 'ar', 'zh-TW'].map(async (language) => {
        const response = await fetch(`${base}/refused`, { headers: { 'accept-language': language } });
        return { status: response.status, body: (await response.json()) as { code: string; message: string; field: string } };
      }),
    );
    expect(answers.map((answer) => answer.status)).toEqual([400, 400, 400, 400, 400]);
    expect(answers.every((answer) => answer.body.code === 'VALIDATION_FAILED' && answer.body.field === 'name')).toBe(true);
    expect(answers[0]!.body.message).toBe(ERRORS.VALIDATION_FAILED.message.ES);
    expect(answers[1]!.body.message).toBe(ERRORS.VALIDATION_FAILED.message.EN);
    expect(answers[2]!.body.message).toBe(localMessage('VALIDATION_FAILED', 'FR'));
    expect(answers[3]!.body.message).toBe(localMessage('VALIDATION_FAILED', 'AR'));
    expect(answers[4]!.body.message).toBe(localMessage('VALIDATION_FAILED', 'ZH-TW'));
    expect(new Set(answers.map((answer) => answer.body.message)).size).toBe(5);
  });
});

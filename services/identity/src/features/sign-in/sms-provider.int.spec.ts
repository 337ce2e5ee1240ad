import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '@wps/platform';
import { createSmsProvider, DevSmsSink, HttpSmsProvider } from '../../infra/sms.js';

interface Received {
  method: string;
  url: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** The generic HTTP SMS adapter against a local HTTP server standing in for a provider. */
describe('HTTP SMS provider', () => {
  let server: Server;
  let base = '';
  const received: Received[] = [];
  let answerStatus = 200;

  beforeAll(async () => {
    server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
      req.on('end', () => {
        received.push({ method: req.method!, url: req.url!, headers: req.headers, body });
        res.statusCode = answerStatus;
        res.end('{"ok":true}');
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await new Promise((resolve) => server.close(resolve));
  });

  const message = { countryDialingCode: '52', mobile: '5512345678', code: '042137', purpose: 'login', text: 'Su código es "042137"\nválido 5 min' };

  it('posts the rendered JSON template with the auth header, escaping the text', async () => {
    answerStatus = 200;
    const provider = createSmsProvider({
      SMS_PROVIDER: 'http',
      SMS_HTTP_URL: `${base}/v1/messages`,
      SMS_HTTP_AUTH_HEADER_NAME: 'X-Api-Key',
      SMS_HTTP_AUTH_HEADER_VALUE: 'test-key-123',
      SMS_HTTP_BODY_TEMPLATE: '{"to":"+{to}","body":"{text}","otp":"{code}"}',
      SMS_HTTP_CONTENT_TYPE: 'application/json',
    });
    await provider.send(message);
    const request = received.at(-1)!;
    expect(request.method).toBe('POST');
    expect(request.url).toBe('/v1/messages');
    expect(request.headers['x-api-key']).toBe('test-key-123');
    expect(request.headers['content-type']).toBe('application/json');
    expect(JSON.parse(request.body)).toEqual({ to: '+525512345678', body: message.text, otp: '042137' });
  });

  it('url-encodes a form template', async () => {
    const provider = new HttpSmsProvider({ url: `${base}/send`, bodyTemplate: 'to={to}&msg={text}', contentType: 'application/x-www-form-urlencoded' });
    await provider.send(message);
    const form = new URLSearchParams(received.at(-1)!.body);
    expect(form.get('to')).toBe('525512345678');
    expect(form.get('msg')).toBe(message.text);
    expect(received.at(-1)!.headers.authorization).toBeUndefined();
  });

  it('turns a refusal or an unreachable provider into SMS_SEND_FAILED', async () => {
    answerStatus = 500;
    const provider = new HttpSmsProvider({ url: `${base}/send`, bodyTemplate: '{"to":"{to}"}' });
    await expect(provider.send(message)).rejects.toMatchObject({ code: 'SMS_SEND_FAILED', status: 503 });
    answerStatus = 200;
    const closed = new HttpSmsProvider({ url: 'http://127.0.0.1:9/none', bodyTemplate: '{}', timeoutMs: 2_000 });
    const error = await closed.send(message).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe('SMS_SEND_FAILED');
  });

  it('refuses an http provider without a URL, and keeps the last code per phone in the development sink', async () => {
    expect(() => createSmsProvider({ SMS_PROVIDER: 'http', SMS_HTTP_BODY_TEMPLATE: '{}', SMS_HTTP_CONTENT_TYPE: 'application/json' })).toThrow(/SMS_HTTP_URL/);
    const sink = createSmsProvider({ SMS_PROVIDER: 'log', SMS_HTTP_BODY_TEMPLATE: '{}', SMS_HTTP_CONTENT_TYPE: 'application/json' });
    expect(sink).toBeInstanceOf(DevSmsSink);
    await sink.send(message);
    await sink.send({ ...message, code: '999999' });
    expect((sink as DevSmsSink).lastCode('+52', '55 1234 5678')).toBe('999999');
    expect((sink as DevSmsSink).lastCode('52', '5500000000')).toBeUndefined();
  });
});

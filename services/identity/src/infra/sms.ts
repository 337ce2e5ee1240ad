import { appendFile } from 'node:fs/promises';
import { AppError, type Logger } from '@wps/platform';

/** One text message to one phone. `code` is passed apart from `text` so a provider template can place it on its own. */
export interface SmsMessage {
  countryDialingCode: string;
  mobile: string;
  text: string;
  code: string;
  purpose: string;
}

/** Where SMS go: a real gateway in production, the log in development. */
export interface SmsProvider {
  readonly name: string;
  /** Resolves once the provider accepted the message; throws SMS_SEND_FAILED when it did not. */
  send(message: SmsMessage): Promise<void>;
}

export interface HttpSmsProviderOptions {
  url: string;
  /** e.g. `Authorization`; the header is left out when either part is empty. */
  authHeaderName?: string;
  authHeaderValue?: string;
  /**
   * The request body with placeholders `{to}` (dialing code + number, digits only), `{countryDialingCode}`,
   * `{mobile}`, `{text}`, `{code}`. Values are escaped for the content type, so a template stays valid whatever the text.
   */
  bodyTemplate: string;
  contentType?: string;
  timeoutMs?: number;
}

const PLACEHOLDER = /\{(to|countryDialingCode|mobile|text|code)\}/g;

/**
 * A generic HTTP POST adapter: most SMS gateways take a POST with a key in a header and the number and text in the body,
 * so one configurable adapter covers them without code per vendor.
 */
export class HttpSmsProvider implements SmsProvider {
  readonly name = 'http';
  constructor(
    private readonly options: HttpSmsProviderOptions,
    private readonly logger?: Logger,
  ) {
    new URL(options.url);
  }

  renderBody(message: SmsMessage): string {
    const contentType = this.options.contentType ?? 'application/json';
    const escape = contentType.includes('json') ? (value: string) => JSON.stringify(value).slice(1, -1) : contentType.includes('x-www-form-urlencoded') ? encodeURIComponent : (value: string) => value;
    const values: Record<string, string> = {
      to: `${message.countryDialingCode}${message.mobile}`.replace(/\D/g, ''),
      countryDialingCode: message.countryDialingCode,
      mobile: message.mobile,
      text: message.text,
      code: message.code,
    };
    return this.options.bodyTemplate.replace(PLACEHOLDER, (_match, name: string) => escape(values[name] ?? ''));
  }

  async send(message: SmsMessage): Promise<void> {
    const headers: Record<string, string> = { 'content-type': this.options.contentType ?? 'application/json' };
    if (this.options.authHeaderName && this.options.authHeaderValue) headers[this.options.authHeaderName] = this.options.authHeaderValue;
    let response: Response;
    try {
      response = await fetch(this.options.url, {
        method: 'POST',
        headers,
        body: this.renderBody(message),
        signal: AbortSignal.timeout(this.options.timeoutMs ?? 10_000),
      });
    } catch (error) {
      this.logger?.warn({ err: error, provider: this.name }, 'sms provider unreachable');
      throw new AppError('SMS_SEND_FAILED', { cause: error });
    }
    // The body is drained so the connection can be reused; its content is not trusted to say more than the status.
    await response.arrayBuffer().catch(() => undefined);
    if (!response.ok) {
      this.logger?.warn({ status: response.status, provider: this.name }, 'sms provider refused the message');
      throw new AppError('SMS_SEND_FAILED');
    }
  }
}

/**
 * Development only: writes each message to the log instead of sending it, and keeps the latest code per phone in
 * memory so tests and a developer can sign in without a phone.
 */
export class DevSmsSink implements SmsProvider {
  readonly name = 'log';
  private readonly latest = new Map<string, SmsMessage>();
  /** `outboxFile`: also append each message as a JSON line there, for tests that run the service in another process. */
  constructor(
    private readonly logger?: Logger,
    private readonly outboxFile?: string,
  ) {}

  async send(message: SmsMessage): Promise<void> {
    this.latest.set(DevSmsSink.key(message.countryDialingCode, message.mobile), message);
    const to = `${message.countryDialingCode} ${message.mobile}`;
    this.logger?.info({ to, purpose: message.purpose, code: message.code }, 'sms (development sink, not sent)');
    if (this.outboxFile) await appendFile(this.outboxFile, `${JSON.stringify({ at: new Date().toISOString(), to, purpose: message.purpose, code: message.code })}\n`);
  }

  /** The last message sent to this phone, if any. */
  last(countryDialingCode: string, mobile: string): SmsMessage | undefined {
    return this.latest.get(DevSmsSink.key(countryDialingCode, mobile));
  }

  lastCode(countryDialingCode: string, mobile: string): string | undefined {
    return this.last(countryDialingCode, mobile)?.code;
  }

  private static key(countryDialingCode: string, mobile: string): string {
    return `${countryDialingCode.replace(/\D/g, '')}:${mobile.replace(/\D/g, '')}`;
  }
}

export interface SmsConfig {
  SMS_PROVIDER: 'log' | 'http';
  SMS_HTTP_URL?: string;
  SMS_HTTP_AUTH_HEADER_NAME?: string;
  SMS_HTTP_AUTH_HEADER_VALUE?: string;
  SMS_HTTP_BODY_TEMPLATE: string;
  SMS_HTTP_CONTENT_TYPE: string;
  SMS_DEV_OUTBOX_FILE?: string;
}

export function createSmsProvider(config: SmsConfig, logger?: Logger): SmsProvider {
  if (config.SMS_PROVIDER === 'log') return new DevSmsSink(logger, config.SMS_DEV_OUTBOX_FILE);
  if (!config.SMS_HTTP_URL) throw new Error('SMS_PROVIDER=http needs SMS_HTTP_URL');
  return new HttpSmsProvider(
    {
      url: config.SMS_HTTP_URL,
      authHeaderName: config.SMS_HTTP_AUTH_HEADER_NAME,
      authHeaderValue: config.SMS_HTTP_AUTH_HEADER_VALUE,
      bodyTemplate: config.SMS_HTTP_BODY_TEMPLATE,
      contentType: config.SMS_HTTP_CONTENT_TYPE,
    },
    logger,
  );
}

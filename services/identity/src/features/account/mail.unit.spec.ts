import { describe, expect, it } from 'vitest';
import { DevelopmentMailSink, SmtpMailer, createMailer } from '../../infra/mailer.js';
import { passwordResetMail } from '../passwords-mail.js';

describe('mailer', () => {
  it('keeps the newest messages in the development sink, per recipient', async () => {
    const sink = new DevelopmentMailSink(undefined, 2);
    await sink.send({ to: 'a@example.test', subject: 'one', text: '1' });
    await sink.send({ to: 'B@example.test', subject: 'two', text: '2' });
    await sink.send({ to: 'a@example.test', subject: 'three', text: '3' });
    expect(sink.sent().map((mail) => mail.subject)).toEqual(['two', 'three']);
    expect(sink.last('b@example.test')?.subject).toBe('two');
    expect(sink.last('nobody@example.test')).toBeUndefined();
    sink.clear();
    expect(sink.sent()).toEqual([]);
  });

  it('sends over SMTP only when a relay is configured', () => {
    expect(createMailer({ from: 'x@example.test' })).toBeInstanceOf(DevelopmentMailSink);
    expect(createMailer({ from: 'x@example.test', smtpUrl: 'smtp://127.0.0.1:2525' })).toBeInstanceOf(SmtpMailer);
  });
});

describe('password reset mail', () => {
  it('puts the link on its own line and escapes the HTML', () => {
    const mail = passwordResetMail({ language: 'EN', brand: 'Casino', account: 'ana<b>', link: 'https://x.test/reset-password?token=abc&x=1', minutes: 30 });
    expect(mail.subject).toBe('Casino: reset your password');
    expect(mail.html).toContain('the account ana&lt;b&gt;.');
    expect(mail.text.split('\n')).toContain('https://x.test/reset-password?token=abc&x=1');
    expect(mail.html).toContain('href="https://x.test/reset-password?token=abc&amp;x=1"');
    expect(mail.html).not.toContain('<b>');
  });

  it('speaks Spanish', () => {
    const mail = passwordResetMail({ language: 'ES', brand: 'Casino', account: 'ana', link: 'https://x.test/r', minutes: 30 });
    expect(mail.subject).toBe('Casino: restablezca su contraseña');
    expect(mail.text).toContain('30 minutos');
  });
});

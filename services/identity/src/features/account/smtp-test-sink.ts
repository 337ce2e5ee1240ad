import { createServer, type Server, type Socket } from 'node:net';

/** One message as the sink received it over SMTP. */
export interface ReceivedMail {
  from: string;
  to: string[];
  /** The message as sent: headers and MIME body. */
  raw: string;
  /** The raw message with quoted-printable soft breaks and escapes undone, good enough to search for a link. */
  decoded: string;
}

const decodeQuotedPrintable = (text: string): string => text.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));

/**
 * A minimal SMTP receiver for tests: speaks just enough of RFC 5321 (HELO/EHLO, MAIL, RCPT, DATA, RSET, NOOP, QUIT,
 * no TLS, no AUTH) for a real SMTP client to deliver to it, and keeps every message in memory. Test use only.
 */
export class SmtpTestSink {
  readonly messages: ReceivedMail[] = [];
  private server: Server | undefined;
  private readonly sockets = new Set<Socket>();

  async start(port = 0): Promise<{ port: number; url: string }> {
    const server = createServer((socket) => this.session(socket));
    this.server = server;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve());
    });
    const address = server.address();
    const bound = typeof address === 'object' && address ? address.port : port;
    return { port: bound, url: `smtp://127.0.0.1:${bound}` };
  }

  /** Messages sent to `to`, oldest first. */
  to(address: string): ReceivedMail[] {
    return this.messages.filter((message) => message.to.some((recipient) => recipient.toLowerCase() === address.toLowerCase()));
  }

  async close(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }

  private session(socket: Socket): void {
    this.sockets.add(socket);
    socket.on('close', () => this.sockets.delete(socket));
    socket.on('error', () => undefined);
    let buffer = '';
    let inData = false;
    let envelope: { from: string; to: string[] } = { from: '', to: [] };
    const reply = (line: string) => socket.write(`${line}\r\n`);
    reply('220 smtp-test-sink ready');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      for (;;) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          const emptyBody = buffer.startsWith('.\r\n');
          if (end < 0 && !emptyBody) return;
          const body = emptyBody ? '' : buffer.slice(0, end);
          buffer = emptyBody ? buffer.slice(3) : buffer.slice(end + 5);
          const raw = body.replace(/^\.\./gm, '.');
          this.messages.push({ ...envelope, raw, decoded: decodeQuotedPrintable(raw) });
          envelope = { from: '', to: [] };
          inData = false;
          reply('250 OK: queued');
          continue;
        }
        const lineEnd = buffer.indexOf('\r\n');
        if (lineEnd < 0) return;
        const line = buffer.slice(0, lineEnd);
        buffer = buffer.slice(lineEnd + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO') {
          reply('250-smtp-test-sink');
          reply('250 8BITMIME');
        } else if (verb === 'HELO') reply('250 smtp-test-sink');
        else if (verb === 'MAIL') {
          envelope = { from: /<([^>]*)>/.exec(line)?.[1] ?? '', to: [] };
          reply('250 OK');
        } else if (verb === 'RCPT') {
          envelope.to.push(/<([^>]*)>/.exec(line)?.[1] ?? '');
          reply('250 OK');
        } else if (verb === 'DATA') {
          inData = true;
          reply('354 End data with <CR><LF>.<CR><LF>');
        } else if (verb === 'RSET') {
          envelope = { from: '', to: [] };
          reply('250 OK');
        } else if (verb === 'NOOP') reply('250 OK');
        else if (verb === 'QUIT') {
          reply('221 Bye');
          socket.end();
          return;
        } else reply('502 Command not implemented');
      }
    });
  }
}

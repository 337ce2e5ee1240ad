import { createHash } from 'node:crypto';
import type { Server as HttpServer } from 'node:http';
import { Server, type ServerOptions } from 'socket.io';
import { balanceChangedSchema, memberRoom, merchantRoom, PUSH_EVENT, TOPICS, type BalancePush, type ClientToServerEvents, type ServerToClientEvents } from '@wps/contracts';
import type { EventBus, Logger, Subscription } from '@wps/platform';
import type { SessionResolver } from './auth.js';

const sessionRoom = (token: string): string => `session:${createHash('sha256').update(token).digest('base64url')}`;

/**
 * Live pushes. A socket that presents a valid session token joins its member's room and its brand's room; the
 * gateway turns bus events into `{ v, type, data }` pushes to those rooms.
 */
export class PushHub {
  private io: Server<ClientToServerEvents, ServerToClientEvents> | undefined;
  private subscription: Subscription | undefined;

  constructor(private readonly options: { sessions: SessionResolver; bus: EventBus; logger: Logger; adapter?: ServerOptions['adapter'] }) {}

  attach(server: HttpServer): void {
    const io = new Server<ClientToServerEvents, ServerToClientEvents>(server, { serveClient: false, ...(this.options.adapter ? { adapter: this.options.adapter } : {}) });
    io.use(async (socket, next) => {
      const token = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
      if (typeof token !== 'string' || token.length === 0) return next();
      try {
        const principal = await this.options.sessions.principal(token);
        if (!principal) return next(new Error('NOT_LOGGED_IN'));
        socket.data.principal = principal;
        await socket.join([memberRoom(principal.memberId), merchantRoom(principal.merchantCode), sessionRoom(token)]);
        next();
      } catch (error) {
        this.options.logger.warn({ err: error }, 'socket authentication failed');
        next(new Error('SERVICE_UNAVAILABLE'));
      }
    });
    this.io = io;
  }

  async start(): Promise<void> {
    this.subscription = await this.options.bus.subscribe({
      group: 'gateway.push',
      topics: [TOPICS.balances],
      fromBeginning: false,
      handler: async (message) => {
        if (message.value.type !== 'balance.changed') return;
        const change = balanceChangedSchema.parse(message.value.payload);
        const push: BalancePush = { v: change.version, type: 'balance', data: { balance: change.balance, currency: change.currency, version: change.version } };
        this.io?.to(memberRoom(change.memberId)).emit(PUSH_EVENT, push);
      },
    });
  }

  /** A logged-out session's sockets are closed at once, on every gateway process. */
  endSession(token: string): void {
    this.io?.in(sessionRoom(token)).disconnectSockets(true);
  }

  async stop(): Promise<void> {
    await this.subscription?.close();
    await new Promise<void>((resolve) => (this.io ? this.io.close(() => resolve()) : resolve()));
  }
}

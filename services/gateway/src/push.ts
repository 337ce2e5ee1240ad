import { createHash, timingSafeEqual } from 'node:crypto';
import type { Server as HttpServer } from 'node:http';
import { Server, type ServerOptions } from 'socket.io';
import {
  balanceChangedSchema,
  bonusChangedSchema,
  contractChangedSchema,
  contractSettledSchema,
  houseTableEventSchema,
  lobbyChangedSchema,
  sessionEndedSchema,
  memberRoom,
  merchantRoom,
  OPERATORS_ROOM,
  PUSH_EVENT,
  TOPICS,
  type AnyPush,
  type BalancePush,
  tableIdSchema,
  TABLES_PER_SOCKET_MAX,
  type LobbyChanged,
  type ClientToServerEvents,
  type ServerToClientEvents,
  type SessionPrincipal,
} from '@wps/contracts';
import type { EventBus, Logger, Subscription } from '@wps/platform';
import type { SessionResolver } from './auth.js';
import type { PublicAnswers } from './public-answers.js';
import type { GatewayClients } from './clients.js';

/** The pushes' event maps, and what a socket knows about its member once authenticated. */
export type PushServer = Server<ClientToServerEvents, ServerToClientEvents, Record<string, never>, { principal?: SessionPrincipal }>;

/** Brand broadcasts (jackpot, winners) reach clients at most this often per brand and push type. */
const BROADCAST_INTERVAL_MS = 1_000;
const sessionRoomOfHash = (tokenHash: string): string => `session:${tokenHash}`;
const sessionRoom = (token: string): string => sessionRoomOfHash(createHash('sha256').update(token).digest('base64url'));
const tableRoom = (tableId: string): string => `table:${tableId}`;
const digest = (text: string) => createHash('sha256').update(text).digest();

/** What a push feed (one file per area under `push-feeds/`) is given: the socket server, the bus and the services. */
export interface PushFeedContext {
  io: PushServer;
  bus: EventBus;
  logger: Logger;
  clients: GatewayClients;
  /** The gateway's cache of shared answers (notices, help centre), dropped by brand when content changes. */
  answers: PublicAnswers;
}
/** An area's pushes: subscribes to its events and emits to rooms or sockets; answers what to close on stop. */
export type PushFeed = (context: PushFeedContext) => Promise<Subscription[]>;

/**
 * Live pushes. A socket that presents a valid session token joins its member's room and its brand's room; the
 * gateway turns bus events into `{ v, type, data }` pushes to those rooms.
 */
export class PushHub {
  private io: PushServer | undefined;
  private subscription: Subscription | undefined;
  private sessionsSubscription: Subscription | undefined;
  private lobbySubscription: Subscription | undefined;
  private tablesSubscription: Subscription | undefined;
  private contractsSubscription: Subscription | undefined;
  private readonly feedSubscriptions: Subscription[] = [];
  private readonly broadcasts = new Map<string, { lastSentAt: number; lastVersion: number; pending?: LobbyChanged; timer?: NodeJS.Timeout }>();

  constructor(
    private readonly options: {
      sessions: SessionResolver;
      bus: EventBus;
      logger: Logger;
      clients: GatewayClients;
      adapter?: ServerOptions['adapter'];
      feeds?: readonly PushFeed[];
      answers: PublicAnswers;
      /** OPERATOR_TOKEN: a socket presenting it (`auth: { operatorToken }`) joins the operators' room. */
      operatorToken?: string;
    },
  ) {}

  attach(server: HttpServer): void {
    const io: PushServer = new Server(server, { serveClient: false, ...(this.options.adapter ? { adapter: this.options.adapter } : {}) });
    const operatorDigest = this.options.operatorToken ? digest(this.options.operatorToken) : undefined;
    io.use(
      (socket, next) =>
        void (async () => {
          const operatorToken = (socket.handshake.auth as { operatorToken?: unknown } | undefined)?.operatorToken;
          if (operatorToken !== undefined) {
            // Digests have equal length, so the comparison takes the same time for any presented token.
            if (!operatorDigest || typeof operatorToken !== 'string' || !timingSafeEqual(digest(operatorToken), operatorDigest)) return next(new Error('OPERATOR_UNAUTHORIZED'));
            await socket.join(OPERATORS_ROOM);
            return next();
          }
          const token = (socket.handshake.auth as { token?: unknown } | undefined)?.token;
          if (typeof token !== 'string' || token.length === 0) {
            // Guests name their brand to receive its public pushes (winner board, jackpot); nothing private goes there.
            const merchantCode = (socket.handshake.auth as { merchantCode?: unknown } | undefined)?.merchantCode;
            if (typeof merchantCode === 'string' && /^[A-Za-z0-9_-]{1,40}$/.test(merchantCode)) await socket.join(merchantRoom(merchantCode));
            return next();
          }
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
        })(),
    );
    io.on('connection', (socket) => {
      // Table rooms are the one thing a client asks for; what it sends is checked, never trusted to be typed.
      const reply = (ack: unknown, done: boolean) => typeof ack === 'function' && (ack as (done: boolean) => void)(done);
      socket.on('join-table', (tableId: unknown, ack?: unknown) => {
        const tables = [...socket.rooms].filter((room) => room.startsWith('table:')).length;
        const id = tableIdSchema.safeParse(tableId);
        if (!id.success || tables >= TABLES_PER_SOCKET_MAX) return reply(ack, false);
        void Promise.resolve(socket.join(tableRoom(id.data))).then(() => reply(ack, true));
      });
      socket.on('leave-table', (tableId: unknown, ack?: unknown) => {
        const id = tableIdSchema.safeParse(tableId);
        if (id.success) void Promise.resolve(socket.leave(tableRoom(id.data))).then(() => reply(ack, true));
        else reply(ack, false);
      });
    });
    this.io = io;
  }

  async start(): Promise<void> {
    this.subscription = await this.options.bus.subscribe({
      group: 'gateway.push',
      topics: [TOPICS.balances],
      fromBeginning: false,
      // Balance changes come in bursts under load: a batch is pushed in one go, in order.
      batchHandler: async (messages) => {
        for (const message of messages) {
          if (message.value.type === 'bonus.changed') {
            const change = bonusChangedSchema.parse(message.value.payload);
            this.io?.to(memberRoom(change.memberId)).emit(PUSH_EVENT, { v: change.v, type: 'bonus', data: change.push });
            continue;
          }
          if (message.value.type !== 'balance.changed') continue;
          const change = balanceChangedSchema.parse(message.value.payload);
          const push: BalancePush = { v: change.version, type: 'balance', data: { balance: change.balance, currency: change.currency, version: change.version } };
          this.io?.to(memberRoom(change.memberId)).emit(PUSH_EVENT, push);
        }
      },
    });
    await this.subscribeToEndedSessions();
    await this.subscribeToBrandBroadcasts();
    await this.subscribeToTables();
    await this.subscribeToContracts();
    const io = this.io;
    if (io)
      for (const feed of this.options.feeds ?? [])
        this.feedSubscriptions.push(...(await feed({ io, bus: this.options.bus, logger: this.options.logger, clients: this.options.clients, answers: this.options.answers })));
  }

  /**
   * Contract offers, answers and ends go to both sides (the agent and the upline that offered); a payout goes to the
   * agent paid and to the upline that paid it. `v` is the change's time in ms, so a client can drop an older one.
   */
  private async subscribeToContracts(): Promise<void> {
    this.contractsSubscription = await this.options.bus.subscribe({
      group: 'gateway.contracts',
      topics: [TOPICS.contractOffers],
      fromBeginning: false,
      batchHandler: async (messages) => {
        for (const message of messages) {
          if (message.value.type === 'contract.changed') {
            const change = contractChangedSchema.parse(message.value.payload);
            const rooms = [memberRoom(change.agentId), ...(change.offeredBy ? [memberRoom(change.offeredBy)] : [])];
            this.io?.to(rooms).emit(PUSH_EVENT, { v: Date.parse(change.at), type: 'contract', data: change });
          } else if (message.value.type === 'contract.settled') {
            const settled = contractSettledSchema.parse(message.value.payload);
            const rooms = [memberRoom(settled.agentId), ...(settled.payerId ? [memberRoom(settled.payerId)] : [])];
            this.io?.to(rooms).emit(PUSH_EVENT, { v: Date.parse(settled.at), type: 'contractPayout', data: settled });
          }
        }
      },
    });
  }

  /** House table events go to everyone watching the table, as they come: each is a moment of the shared round. */
  private async subscribeToTables(): Promise<void> {
    this.tablesSubscription = await this.options.bus.subscribe({
      group: 'gateway.house-tables',
      topics: [TOPICS.house],
      fromBeginning: false,
      handler: async (message) => {
        if (message.value.type !== 'house.table_event') return;
        const event = houseTableEventSchema.parse(message.value.payload);
        this.io?.to(tableRoom(event.tableId)).emit(PUSH_EVENT, { v: event.roundNo, type: 'table', data: event });
      },
    });
  }

  /**
   * Public values of a brand (winner board, jackpot) go to every socket of the brand, guests included, at most once a
   * second per brand and push type: a burst is folded into its newest value.
   */
  private async subscribeToBrandBroadcasts(): Promise<void> {
    this.lobbySubscription = await this.options.bus.subscribe({
      group: 'gateway.lobby',
      topics: [TOPICS.lobby],
      fromBeginning: false,
      handler: async (message) => {
        if (message.value.type !== 'lobby.changed') return;
        const change = lobbyChangedSchema.parse(message.value.payload);
        const key = `${change.merchantCode}:${change.pushType}`;
        const state = this.broadcasts.get(key) ?? { lastSentAt: 0, lastVersion: -1 };
        this.broadcasts.set(key, state);
        if (change.version <= state.lastVersion || (state.pending && change.version <= state.pending.version)) return;
        state.pending = change;
        if (state.timer) return;
        const send = () => {
          state.timer = undefined;
          const latest = state.pending;
          if (!latest) return;
          state.pending = undefined;
          state.lastSentAt = Date.now();
          state.lastVersion = latest.version;
          const push: AnyPush = latest.pushType === 'winners' ? { v: latest.version, type: 'winners', data: latest.data } : { v: latest.version, type: 'jackpot', data: latest.data };
          this.io?.to(merchantRoom(latest.merchantCode)).emit(PUSH_EVENT, push);
        };
        const wait = state.lastSentAt + BROADCAST_INTERVAL_MS - Date.now();
        if (wait <= 0) send();
        else state.timer = setTimeout(send, wait);
      },
    });
  }

  /**
   * Sessions identity ended (password change or reset, account disabled, single-session brand): the shared principal
   * cache forgets them and their sockets close, so the next call or push is refused at once on every gateway.
   */
  private async subscribeToEndedSessions(): Promise<void> {
    this.sessionsSubscription = await this.options.bus.subscribe({
      group: 'gateway.sessions',
      topics: [TOPICS.sessions],
      fromBeginning: false,
      handler: async (message) => {
        if (message.value.type !== 'session.ended') return;
        const ended = sessionEndedSchema.parse(message.value.payload);
        await this.options.sessions.forgetHashes(ended.tokenHashes);
        for (const hash of ended.tokenHashes) this.io?.in(sessionRoomOfHash(hash)).disconnectSockets(true);
      },
    });
  }

  /** A logged-out session's sockets are closed at once, on every gateway process. */
  endSession(token: string): void {
    this.io?.in(sessionRoom(token)).disconnectSockets(true);
  }

  async stop(): Promise<void> {
    await this.subscription?.close();
    await this.sessionsSubscription?.close();
    await this.lobbySubscription?.close();
    await this.tablesSubscription?.close();
    await this.contractsSubscription?.close();
    await Promise.all(this.feedSubscriptions.splice(0).map((subscription) => subscription.close()));
    for (const state of this.broadcasts.values()) if (state.timer) clearTimeout(state.timer);
    if (this.io) await this.io.close();
  }
}

import type { Push, PushType } from '@wps/contracts';
import type { LiveSocket } from './socket';

type PushListener<T extends PushType> = (data: Push<T>['data'], push: Push<T>) => void;

/** Who the socket speaks for: a member's session, or a guest naming the brand whose public pushes it wants. */
export type LiveAuth = { token: string } | { merchantCode: string };

export interface LiveHandlers {
  onConnect(reconnected: boolean): void;
  onDisconnect(byServer: boolean): void;
  /** The server refused the handshake with this reason (NOT_LOGGED_IN for an ended session). */
  onRefused(reason: string): void;
}

/**
 * The tab's one socket. The app opens it for the current session (or as a guest) and opens it again when the session
 * changes; screens subscribe to push types and follow house tables through it, and keep doing so across reconnects
 * and session changes: the tables they follow are joined again on every connect.
 */
export class LiveConnection {
  private socket: LiveSocket | undefined;
  /** The open in progress or done; an open whose socket code arrives after a newer open or a close is dropped. */
  private opening: symbol | undefined;
  private readonly listeners = new Map<PushType, Set<PushListener<PushType>>>();
  /** Table id → how many screens follow it. */
  private readonly tables = new Map<string, number>();
  private readonly connectListeners = new Set<() => void>();

  /**
   * Opens the socket for `auth`, closing any other; returns the close. The socket's code is loaded on the first open
   * (its own chunk); an open closed before it arrived opens nothing.
   */
  open(auth: LiveAuth, handlers: LiveHandlers): () => void {
    this.close();
    const opening = Symbol('opening');
    this.opening = opening;
    let retryTimer: number | undefined;
    void import('./socket').then(({ openSocket }) => {
      if (this.opening !== opening) return;
      const opened = openSocket(auth, (push) => {
        for (const listener of [...(this.listeners.get(push.type) ?? [])]) listener(push.data, push);
      });
      this.socket = opened;
      let connectedOnce = false;
      opened.on('connect', () => {
        for (const tableId of this.tables.keys()) opened.emit('join-table', tableId);
        handlers.onConnect(connectedOnce);
        connectedOnce = true;
        // Pushes missed while disconnected are not replayed: whoever follows something reads it again.
        for (const listener of [...this.connectListeners]) listener();
      });
      opened.on('disconnect', (reason) => handlers.onDisconnect(reason === 'io server disconnect'));
      opened.on('connect_error', (error) => {
        if (opened.active) return; // the client retries by itself
        handlers.onRefused(error.message);
        if (error.message === 'NOT_LOGGED_IN') return;
        window.clearTimeout(retryTimer);
        retryTimer = window.setTimeout(() => opened.connect(), 5_000);
      });
    });
    return () => {
      window.clearTimeout(retryTimer);
      if (this.opening === opening) this.close();
    };
  }

  private close(): void {
    const socket = this.socket;
    this.socket = undefined;
    this.opening = undefined;
    socket?.removeAllListeners();
    socket?.disconnect();
  }

  /** Calls `listener` with each push of `type`, checked against its declared shape. */
  subscribe<T extends PushType>(type: T, listener: PushListener<T>): () => void {
    const listeners = this.listeners.get(type) ?? new Set();
    listeners.add(listener as PushListener<PushType>);
    this.listeners.set(type, listeners);
    return () => {
      listeners.delete(listener as PushListener<PushType>);
    };
  }

  /** Calls `listener` after every connect, the first included. */
  onConnect(listener: () => void): () => void {
    this.connectListeners.add(listener);
    return () => {
      this.connectListeners.delete(listener);
    };
  }

  /** Follows a house table's room until the returned function is called (by every screen that followed it). */
  followTable(tableId: string): () => void {
    const count = this.tables.get(tableId) ?? 0;
    this.tables.set(tableId, count + 1);
    if (count === 0 && this.socket?.connected) this.socket.emit('join-table', tableId);
    let followed = true;
    return () => {
      if (!followed) return;
      followed = false;
      const left = (this.tables.get(tableId) ?? 1) - 1;
      if (left > 0) {
        this.tables.set(tableId, left);
        return;
      }
      this.tables.delete(tableId);
      if (this.socket?.connected) this.socket.emit('leave-table', tableId);
    };
  }
}

/** The tab's live connection. */
export const live = new LiveConnection();

import { io, type Socket } from 'socket.io-client';
import { PUSH_EVENT, readPush, type AnyPush, type ClientToServerEvents, type ServerToClientEvents } from '@wps/contracts/push';
import type { LiveAuth } from './connection';

export type LiveSocket = Socket<ServerToClientEvents, ClientToServerEvents>;

/**
 * The socket itself, with the checks of every push against its declared shape: loaded when the app first connects,
 * after the first screen has rendered, so neither the socket client nor the push schemas weigh on the first load.
 */
export function openSocket(auth: LiveAuth, onPush: (push: AnyPush) => void): LiveSocket {
  const socket: LiveSocket = io({ auth });
  socket.on(PUSH_EVENT, (message: unknown) => {
    const push = readPush(message);
    if (push) onPush(push);
  });
  return socket;
}

import { useCallback, useEffect, useRef, useState, type Dispatch, type MutableRefObject, type SetStateAction } from 'react';
import { io, type Socket } from 'socket.io-client';
import { errorMessage, request } from '../../../api';
import { getToken } from '../../../session';

/** What a table's push handler may do besides reading the push: change the state in place, or read the table again. */
export interface TableRoomControls<State> {
  setState: Dispatch<SetStateAction<State | null>>;
  load: () => Promise<void>;
  /** The server's clock minus this browser's, in milliseconds. */
  offset: MutableRefObject<number>;
}

/**
 * A house table followed live: its state read over HTTP (with the member's session when there is one, so the answer
 * includes what is theirs), its room joined on a socket of its own, and a clock that ticks for the countdowns. The
 * app's socket keeps carrying the balance.
 */
export function useTableRoom<State extends { serverTime: number }, Event extends { tableId?: string }>({
  path,
  tableId,
  token,
  tickMs,
  onPush,
}: {
  /** The table's state route. */
  path: string;
  tableId: string;
  token: string | null;
  tickMs: number;
  /** Called with each push of this table's room; keep it stable (useCallback), as a new one reconnects the socket. */
  onPush: (event: Event, controls: TableRoomControls<State>) => void;
}) {
  const [state, setState] = useState<State | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [now, setNow] = useState(Date.now());
  const offset = useRef(0);

  const load = useCallback(async () => {
    const value = await request<State>('GET', path, token ? { auth: true } : {});
    offset.current = value.serverTime - Date.now();
    setState(value);
  }, [path, token]);

  useEffect(() => {
    load().catch((failure: unknown) => setError(errorMessage(failure)));
  }, [load]);

  useEffect(() => {
    const authToken = getToken();
    const socket: Socket = io({ auth: authToken ? { token: authToken } : {} });
    socket.on('connect', () => {
      socket.emit('join-table', tableId);
      // Pushes missed while disconnected are not replayed: read the table again.
      void load().catch(() => undefined);
    });
    socket.on('push', (push: { type?: string; data?: Event }) => {
      if (push?.type !== 'table' || !push.data || push.data.tableId !== tableId) return;
      onPush(push.data, { setState, load, offset });
    });
    return () => {
      socket.close();
    };
  }, [tableId, load, onPush]);

  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), tickMs);
    return () => window.clearInterval(timer);
  }, [tickMs]);

  return { state, setState, error, setError, load, offset, now };
}

import { useCallback, useEffect, useRef, useState, type Dispatch, type MutableRefObject, type SetStateAction } from 'react';
import type { HouseTableEvent } from '@wps/contracts';
import { errorMessage } from '../../../api';
import { live } from '../../../live/connection';

/** What a table's push handler may do besides reading the push: change the state in place, or read the table again. */
export interface TableRoomControls<State> {
  setState: Dispatch<SetStateAction<State | null>>;
  load: () => Promise<void>;
  /** The server's clock minus this browser's, in milliseconds. */
  offset: MutableRefObject<number>;
}

/**
 * A house table followed live: its state read over HTTP (with the member's session when there is one, so the answer
 * includes what is theirs), its room followed on the tab's socket, and a clock that ticks for the countdowns.
 */
export function useTableRoom<State extends { serverTime: number }>({
  read,
  tableId,
  token,
  tickMs,
  onPush,
}: {
  /** Reads the table's state, with the session when `withSession`; keep it stable (defined outside the component). */
  read: (tableId: string, withSession: boolean) => Promise<State>;
  tableId: string;
  token: string | null;
  tickMs: number;
  /** Called with each push of this table's room; keep it stable (useCallback), as a new one follows the table anew. */
  onPush: (event: HouseTableEvent, controls: TableRoomControls<State>) => void;
}) {
  const [state, setState] = useState<State | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [now, setNow] = useState(Date.now());
  const offset = useRef(0);

  const load = useCallback(async () => {
    const value = await read(tableId, Boolean(token));
    offset.current = value.serverTime - Date.now();
    setState(value);
  }, [read, tableId, token]);

  useEffect(() => {
    load().catch((failure: unknown) => setError(errorMessage(failure)));
  }, [load]);

  useEffect(() => {
    // The tab's one socket follows the table; on every (re)connect the table is read again, as missed pushes are not replayed.
    const unfollow = live.followTable(tableId);
    const stopReading = live.onConnect(() => void load().catch(() => undefined));
    const unsubscribe = live.subscribe('table', (event) => {
      if (event.tableId === tableId) onPush(event, { setState, load, offset });
    });
    return () => {
      unsubscribe();
      stopReading();
      unfollow();
    };
  }, [tableId, load, onPush]);

  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), tickMs);
    return () => window.clearInterval(timer);
  }, [tickMs]);

  return { state, setState, error, setError, load, offset, now };
}

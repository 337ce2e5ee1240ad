import { useEffect, useRef } from 'react';
import { getToken } from '../session';
import { useWallet } from '../state/wallet';
import { lobbyApi } from '../components/lobby/lobbyApi';

/**
 * Leaving a game page recalls the balance from the vendor (spec §4). The latest `refreshBalance` is read through a ref
 * so that the recall runs once, on leaving, and not each time the wallet hands out a new function.
 */
export function useRecallOnLeave(): void {
  const { refreshBalance } = useWallet();
  const refreshRef = useRef(refreshBalance);
  refreshRef.current = refreshBalance;
  useEffect(() => {
    return () => {
      if (!getToken()) return;
      lobbyApi
        .recall()
        .catch(() => undefined)
        .finally(() => void refreshRef.current());
    };
  }, []);
}

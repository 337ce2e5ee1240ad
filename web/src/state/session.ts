/** The visitor's session: who is signed in (spec §3 session storage keys hold the same), and whether that is known yet. */
import type { QueryClient } from '@tanstack/react-query';
import { isAgentType, type SessionUser } from '../session';
import { TRIAL_TYPE } from '../pages/memberPanels';
import { forgetMemberQueries } from './queries';
import { createStore, useStoreValue } from './store';

export interface Member {
  token: string;
  id: string;
  account: string;
  nickname: string;
  type: number;
  isAgent: boolean;
  /** A free-play (trial) account: no money pages, no real-money games. */
  isTrial: boolean;
  currencySymbol: string | null;
}

interface SessionState {
  member: Member | null;
  /** False until the start-up has checked a stored session (or found none). */
  authReady: boolean;
  /** True while a sign-out is being sent: the server closing the socket then is expected. */
  signingOut: boolean;
}

export const sessionStore = createStore<SessionState>({ member: null, authReady: false, signingOut: false });

export function memberFrom(token: string, user: SessionUser, currencySymbol: string | null): Member {
  return {
    token,
    id: String(user.id),
    account: user.account,
    nickname: user.nickname || user.account,
    type: user.type,
    isAgent: isAgentType(user.type),
    isTrial: user.type === TRIAL_TYPE,
    currencySymbol,
  };
}

/** Starts showing `member` as signed in; whatever the cache held for an earlier session is dropped. */
export function beginSession(client: QueryClient, member: Member): void {
  forgetMemberQueries(client);
  sessionStore.set({ member });
}

/** The session ended (signed out, or the server answered 401): nobody is signed in on this side any more. */
export function endSession(client: QueryClient): void {
  sessionStore.set({ member: null });
  forgetMemberQueries(client);
}

/** The signed-in member (null for a guest) and whether the start-up has decided that yet. */
export function useSession() {
  const member = useStoreValue(sessionStore, (state) => state.member);
  const authReady = useStoreValue(sessionStore, (state) => state.authReady);
  return { member, token: member?.token ?? null, authReady };
}

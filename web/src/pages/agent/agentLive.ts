/**
 * The agent centre's live side: `contract` and `contractPayout` pushes become a toast, a badge on the contract page's
 * menu item (an offer or a termination waiting for this agent's answer) and an entry in the messages page; the
 * screens showing contracts or settlements read their data again. Nothing is polled.
 */
import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { ContractChanged, ContractKind, ContractSettled } from '@wps/contracts';
import { live } from '../../live/connection';
import { createStore, useStoreValue } from '../../state/store';
import { showToast } from '../../state/ui';
import { formatAmount } from '../../money';
import { minorToAmount } from './agentFormat';
import { CONTRACT_QUERY_IDS, SETTLEMENT_QUERY_IDS } from './agentApi';

export interface AgentNotification {
  id: string;
  at: string;
  text: string;
  kind: ContractKind;
}

interface AgentLiveState {
  /** Offers and terminations that arrived for this agent, per contract kind, since the page was last opened. */
  badges: Partial<Record<ContractKind, number>>;
  /** Newest first; what the messages page lists for this visit. */
  notifications: AgentNotification[];
}

const MAX_NOTIFICATIONS = 50;

export const agentLiveStore = createStore<AgentLiveState>({ badges: {}, notifications: [] });

export const useContractBadges = () => useStoreValue(agentLiveStore, (state) => state.badges);
export const useAgentNotifications = () => useStoreValue(agentLiveStore, (state) => state.notifications);

export function clearBadge(kind: ContractKind): void {
  if (!agentLiveStore.get().badges[kind]) return;
  agentLiveStore.set((state) => ({ badges: { ...state.badges, [kind]: 0 } }));
}

/** An offer (or termination) made to `memberId`, waiting for its answer. */
export function isOfferToMe(push: ContractChanged, memberId: string): boolean {
  return push.change === 'offered' && push.agentId === memberId;
}

function remember(notification: AgentNotification): void {
  agentLiveStore.set((state) => ({ notifications: [notification, ...state.notifications].slice(0, MAX_NOTIFICATIONS) }));
}

/** Listens while the agent centre is open for `memberId`. */
export function useAgentLive(memberId: string | null): void {
  const { t } = useTranslation();
  const client = useQueryClient();

  useEffect(() => {
    if (!memberId) return;
    agentLiveStore.set({ badges: {}, notifications: [] });
    const invalidate = (ids: readonly string[]) => {
      for (const id of ids) void client.invalidateQueries({ queryKey: [id] });
    };
    const offStatus = live.subscribe('contract', (push) => {
      const kind = t(`agent_kind_${push.kind}`);
      const mine = push.agentId === memberId;
      const text = mine
        ? t(`agent_push_${push.action}_${push.change}`, { kind, account: push.offeredByAccount ?? t('agent_platform') })
        : t(`agent_push_downline_${push.action}_${push.change}`, { kind, account: push.agentAccount });
      showToast(text);
      remember({ id: `${push.contractId}:${push.change}`, at: push.at, text, kind: push.kind });
      if (isOfferToMe(push, memberId)) {
        agentLiveStore.set((state) => ({ badges: { ...state.badges, [push.kind]: (state.badges[push.kind] ?? 0) + 1 } }));
      }
      invalidate(CONTRACT_QUERY_IDS);
    });
    const offPayout = live.subscribe('contractPayout', (push: ContractSettled) => {
      const kind = t(`agent_kind_${push.kind}`);
      const text =
        push.agentId === memberId
          ? t('agent_push_payout_received', { kind, amount: formatAmount(minorToAmount(push.paidMinor)) })
          : t('agent_push_payout_paid', { kind, amount: formatAmount(minorToAmount(push.paidMinor)) });
      showToast(text);
      remember({ id: `${push.settlementId}:payout`, at: push.at, text, kind: push.kind });
      invalidate(SETTLEMENT_QUERY_IDS);
    });
    // Pushes missed while the socket was away are not replayed: read what they would have changed.
    const offConnect = live.onConnect(() => invalidate([...CONTRACT_QUERY_IDS, ...SETTLEMENT_QUERY_IDS]));
    return () => {
      offStatus();
      offPayout();
      offConnect();
    };
  }, [memberId, client, t]);
}

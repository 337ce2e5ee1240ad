/**
 * The signed-in member's bonuses (bonus money with its wagering): read once per session, then kept current by `bonus`
 * pushes, which carry the changed bonus and the bonus balance after it; read again after every reconnect, since pushes
 * missed meanwhile are not replayed.
 */
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient, type QueryClient } from '@tanstack/react-query';
import { type BonusList, type BonusPush } from '@wps/contracts';
import { useCases } from '../../../useCases';
import { call } from '../../../api';
import { live } from '../../../live/connection';
import { sessionStore, useSession } from '../../../state/session';
import { sessionFollower } from '../../../live/sessionFollower';

/** The session's bonus lists (one per language read); a push or an answer updates them all. */
export const bonusesKey = (token: string | null) => [useCases.listBonuses.id, token] as const;

/** The list after a push: the bonus replaced (or added first), the balance the push carries; open bonuses first. */
export function applyBonusPush(current: BonusList | undefined, push: BonusPush): BonusList | undefined {
  if (!current) return current;
  const known = current.bonuses.find((bonus) => bonus.bonusId === push.bonus.bonusId);
  const others = current.bonuses.filter((bonus) => bonus !== known);
  // The list was read in the member's language; a push carries the bonus's default name.
  const changed = known ? { ...push.bonus, title: known.title } : push.bonus;
  const bonuses = [changed, ...others].sort((a, b) => Number(b.state === 'wagering') - Number(a.state === 'wagering') || Number(BigInt(b.bonusId) - BigInt(a.bonusId)));
  return { ...current, bonusBalance: push.bonusBalance, bonusBalanceMinor: push.bonusBalanceMinor, bonuses };
}

const follow = sessionFollower((client: QueryClient, token: string) => {
  const offPush = live.subscribe('bonus', (push) => {
    if (sessionStore.get().member?.token !== token) return;
    const known = client.getQueriesData<BonusList>({ queryKey: bonusesKey(token) }).some(([, list]) => list?.bonuses.some((bonus) => bonus.bonusId === push.bonus.bonusId));
    client.setQueriesData<BonusList>({ queryKey: bonusesKey(token) }, (current) => applyBonusPush(current, push));
    // A new bonus: read the list again for its name in the member's language.
    if (!known) void client.invalidateQueries({ queryKey: bonusesKey(token) });
  });
  const offConnect = live.onConnect(() => void client.invalidateQueries({ queryKey: bonusesKey(token) }));
  return () => {
    offPush();
    offConnect();
  };
});

/** The member's bonuses and bonus balance (undefined while unknown, and for guests and trial accounts). */
export function useBonuses() {
  const client = useQueryClient();
  const { i18n } = useTranslation();
  const { member, token } = useSession();
  const enabled = token !== null && member !== null && !member.isTrial;
  const query = useQuery({ queryKey: [...bonusesKey(token), i18n.language], queryFn: ({ signal }) => call(useCases.listBonuses, {}, { signal }), enabled });
  useEffect(() => (enabled && token ? follow(client, token) : undefined), [client, enabled, token]);
  return { ...query, data: enabled ? query.data : undefined };
}

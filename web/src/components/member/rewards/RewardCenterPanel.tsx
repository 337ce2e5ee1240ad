import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type Reward } from '@wps/contracts';
import { useCases } from '../../../useCases';
import { ApiError, call, errorMessage } from '../../../api';
import { useSession } from '../../../state/session';
import { showToast } from '../../../state/ui';
import { Card, formatDateTime, ListState } from '../common';
import { acceptRewardCount, useRewardCount } from './rewardCount';
import { rewardValue } from './format';
import './rewards.css';

type RewardList = { list: Reward[]; count: number; version: number };
/** Rewards' names come in the reader's language: a list per language. */
const listKey = (token: string | null, language: string) => [useCases.listRewards.id, token, language] as const;

const GiftIcon = () => (
  <svg width="22" height="22" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
    <rect x="3" y="8" width="18" height="4" rx="1" />
    <path d="M12 8v13M19 12v7a2 2 0 0 1-2 2H7a2 2 0 0 1-2-2v-7" />
    <path d="M7.5 8a2.5 2.5 0 0 1 0-5C11 3 12 8 12 8s1-5 4.5-5a2.5 2.5 0 0 1 0 5" />
  </svg>
);

/** Time left before a reward expires, in the largest unit that fits. */
function useExpiry() {
  const { t, i18n } = useTranslation();
  return (expiresAt: string | null): string | null => {
    if (!expiresAt) return null;
    const left = new Date(expiresAt).getTime() - Date.now();
    if (left <= 0) return t('rewards_expired_at', { date: formatDateTime(expiresAt, i18n.language) });
    const hours = Math.floor(left / 3_600_000);
    if (hours < 1) return t('rewards_expires_minutes', { count: Math.max(1, Math.floor(left / 60_000)) });
    if (hours < 48) return t('rewards_expires_hours', { count: hours });
    return t('rewards_expires_days', { count: Math.floor(hours / 24) });
  };
}

/**
 * rewardCenter (flag REWCEN3): everything the member can claim, as cards with a claim button, and "claim all"; below,
 * what was claimed or expired in the last 30 days. A reward granted meanwhile (a `rewards` push this screen did not
 * cause) brings the list up to date.
 */
export function RewardCenterPanel() {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const { token } = useSession();
  const count = useRewardCount();
  const expiry = useExpiry();
  const [busy, setBusy] = useState<string | null>(null);
  const rewards = useQuery({ queryKey: listKey(token, i18n.language), queryFn: ({ signal }) => call(useCases.listRewards, {}, { signal }), enabled: token !== null });
  const data = rewards.data;
  // A count newer than the list means rewards were granted or claimed elsewhere (another tab, a mission).
  const listVersion = data?.version;
  const countVersion = count?.version;
  const { refetch } = rewards;
  useEffect(() => {
    if (listVersion !== undefined && countVersion !== undefined && countVersion > listVersion) void refetch();
  }, [listVersion, countVersion, refetch]);
  // The list's own count is as new as the list: the badge follows it (a grant that came without a push included).
  useEffect(() => {
    if (token && data) acceptRewardCount(client, token, { count: data.count, version: data.version });
  }, [client, token, data]);

  const replace = (claimed: readonly Reward[]) =>
    client.setQueryData<RewardList>(listKey(token, i18n.language), (current) => {
      if (!current) return current;
      const byId = new Map(claimed.map((reward) => [reward.id, reward]));
      const list = current.list.map((reward) => byId.get(reward.id) ?? reward);
      return { ...current, list: [...list.filter((reward) => reward.status === 'available'), ...list.filter((reward) => reward.status !== 'available')] };
    });

  const claim = async (reward: Reward) => {
    setBusy(reward.id);
    try {
      const answer = await call(useCases.claimReward, { grantId: reward.id });
      replace([answer.reward]);
      if (token) acceptRewardCount(client, token, { count: answer.count, version: answer.version });
      client.setQueryData<RewardList>(listKey(token, i18n.language), (current) => current && { ...current, count: answer.count, version: Math.max(current.version, answer.version) });
      showToast(t('rewards_claimed_toast', { value: rewardValue(answer.reward, t('rewards_points')) }));
    } catch (error) {
      showToast(errorMessage(error));
      if (error instanceof ApiError && error.status === 409) void rewards.refetch();
    } finally {
      setBusy(null);
    }
  };

  const claimAll = async () => {
    setBusy('all');
    try {
      const answer = await call(useCases.claimAllRewards, {});
      replace(answer.claimed);
      if (token) acceptRewardCount(client, token, { count: answer.count, version: answer.version });
      client.setQueryData<RewardList>(listKey(token, i18n.language), (current) => current && { ...current, count: answer.count, version: Math.max(current.version, answer.version) });
      showToast(t('rewards_claimed_all_toast', { count: answer.claimed.length }));
    } catch (error) {
      showToast(errorMessage(error));
      void rewards.refetch();
    } finally {
      setBusy(null);
    }
  };

  const list = data?.list ?? [];
  const available = list.filter((reward) => reward.status === 'available');
  const recent = list.filter((reward) => reward.status !== 'available');
  const claimable = count?.count ?? available.length;

  return (
    <div className="panel-stack" data-testid="panel-rewardCenter">
      <Card
        testId="rewards-available"
        title={t('rewards_available_title')}
        aside={
          <div className="rewards-toolbar">
            <span className="rewards-count" data-testid="rewards-count" data-count={claimable}>
              {t('rewards_count', { count: claimable })}
            </span>
            <button type="button" className="btn btn-primary btn-sm" data-testid="rewards-claim-all" disabled={busy !== null || available.length === 0} onClick={() => void claimAll()}>
              {t('rewards_claim_all')}
            </button>
          </div>
        }
      >
        <ListState loading={rewards.isFetching && !data} error={rewards.error ? errorMessage(rewards.error) : null} empty={available.length === 0} emptyText={t('rewards_empty')} testId="rewards" />
        {available.length > 0 && (
          <ul className="rewards-grid" data-testid="rewards-list">
            {available.map((reward) => (
              <li key={reward.id} className={`reward-card source-${reward.source}`} data-testid="reward-card" data-id={reward.id} data-source={reward.source}>
                <div className="reward-card-top">
                  <span className="reward-icon">
                    <GiftIcon />
                  </span>
                  <span className="reward-source">{t(`rewards_source_${reward.source}`)}</span>
                </div>
                <p className="reward-title" data-testid="reward-title">
                  {reward.title}
                </p>
                <p className="reward-value" data-testid="reward-value">
                  {rewardValue(reward, t('rewards_points'))}
                </p>
                <div className="reward-card-foot">
                  <span className="reward-expiry">{expiry(reward.expiresAt) ?? t('rewards_no_expiry')}</span>
                  <button type="button" className="btn btn-primary btn-sm" data-testid="reward-claim" disabled={busy !== null} onClick={() => void claim(reward)}>
                    {busy === reward.id ? t('rewards_claiming') : t('rewards_claim')}
                  </button>
                </div>
              </li>
            ))}
          </ul>
        )}
      </Card>
      {recent.length > 0 && (
        <Card testId="rewards-recent" title={t('rewards_recent_title')}>
          <ul className="rewards-recent" data-testid="rewards-recent-list">
            {recent.map((reward) => (
              <li key={reward.id} className={`reward-line is-${reward.status}`} data-testid="reward-recent" data-id={reward.id} data-status={reward.status}>
                <span className="reward-line-main">
                  <span className="reward-line-title">{reward.title}</span>
                  <span className="reward-line-meta">
                    {t(`rewards_source_${reward.source}`)} · {formatDateTime(reward.claimedAt ?? reward.expiresAt, i18n.language)}
                  </span>
                </span>
                <span className="reward-line-value">{rewardValue(reward, t('rewards_points'))}</span>
                <span className={`status-badge tone-${reward.status === 'claimed' ? 'ok' : 'bad'}`} data-status={reward.status}>
                  {reward.status === 'claimed' ? (reward.paid ? t('rewards_status_claimed') : t('rewards_status_paying')) : t('rewards_status_expired')}
                </span>
              </li>
            ))}
          </ul>
        </Card>
      )}
    </div>
  );
}

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { type ReferralFriend, type ReferralSummary } from '@wps/contracts';
import { useCases } from '../../../useCases';
import { call, errorMessage } from '../../../api';
import { useSession } from '../../../state/session';
import { showToast } from '../../../state/ui';
import { QrCode } from '../../../pages/download/QrCode';
import { QR_SMALL_SIZE } from '../../../pages/download/qr';
import { Card, formatDateTime, ListState, PAGE_SIZE, Pager, type PagedState } from '../common';
import { formatMinor } from '../rewards/format';
import './referral.css';

const Check = ({ ok }: { ok: boolean }) => (
  <svg width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.6" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
    {ok ? <path d="M5 12.5l4.5 4.5L19 7.5" /> : <circle cx="12" cy="12" r="7" />}
  </svg>
);

/** A friend's two conditions, with what it has done so far. */
function FriendProgress({ friend, terms, currency }: { friend: ReferralFriend; terms: ReferralSummary['terms']; currency: string }) {
  const { t } = useTranslation();
  const deposit = friend.firstDepositMinor === null ? t('referral_no_deposit') : formatMinor(friend.firstDepositMinor, currency);
  return (
    <div className="referral-progress">
      <span className={`referral-step${friend.depositMet ? ' is-met' : ''}`} data-testid="referral-friend-deposit" data-met={friend.depositMet}>
        <Check ok={friend.depositMet} />
        {terms ? t('referral_step_deposit', { value: deposit, min: formatMinor(terms.minDepositMinor, currency) }) : deposit}
      </span>
      <span className={`referral-step${friend.validBetMet ? ' is-met' : ''}`} data-testid="referral-friend-bet" data-met={friend.validBetMet}>
        <Check ok={friend.validBetMet} />
        {terms ? t('referral_step_bet', { value: formatMinor(friend.validBetMinor, currency), min: formatMinor(terms.minValidBetMinor, currency) }) : formatMinor(friend.validBetMinor, currency)}
      </span>
    </div>
  );
}

/**
 * referral (invite friends): the member's link with its QR code and a copy button, the promotion's terms, the
 * friends who registered with it (masked) with their progress toward the reward, and the rewards earned.
 */
export function ReferralPanel() {
  const { t, i18n } = useTranslation();
  const { token } = useSession();
  const [pageNo, setPageNo] = useState(1);
  const link = useQuery({ queryKey: [useCases.referralLink.id, token], queryFn: ({ signal }) => call(useCases.referralLink, {}, { signal }), enabled: token !== null, staleTime: 300_000 });
  const summary = useQuery({
    queryKey: [useCases.referralSummary.id, token, pageNo],
    queryFn: ({ signal }) => call(useCases.referralSummary, { pageNo, pageSize: PAGE_SIZE }, { signal }),
    enabled: token !== null,
    placeholderData: keepPreviousData,
  });
  const data = summary.data;
  const currency = data?.currency ?? '';
  const terms = data?.terms ?? null;

  const copy = async (text: string) => {
    try {
      await navigator.clipboard.writeText(text);
      showToast(t('referral_copied'));
    } catch {
      showToast(text);
    }
  };

  const pager: PagedState<ReferralFriend> = {
    pageNo,
    setPageNo,
    data: data ? { content: data.friends.list, pageNum: data.friends.pageNo, totalPages: data.friends.totalPages, total: data.friends.total } : null,
    error: summary.error ? errorMessage(summary.error) : null,
    loading: summary.isFetching,
    reload: () => void summary.refetch(),
  };
  const statusText = (friend: ReferralFriend) =>
    friend.status === 'qualified' ? (friend.rewardPaid ? t('referral_status_paid') : t('referral_status_qualified')) : t(`referral_status_${friend.status}`);

  return (
    <div className="panel-stack" data-testid="panel-referral">
      <Card testId="referral-link" title={t('referral_link_title')}>
        <div className="referral-share">
          <div className="referral-share-main">
            {terms ? (
              <p className="referral-offer" data-testid="referral-offer">
                {t('referral_offer', {
                  reward: formatMinor(terms.rewardMinor, currency),
                  deposit: formatMinor(terms.minDepositMinor, currency),
                  bet: formatMinor(terms.minValidBetMinor, currency),
                  days: terms.withinDays,
                })}
                {terms.refereeBonusMinor && ` ${t('referral_offer_friend', { bonus: formatMinor(terms.refereeBonusMinor, currency) })}`}
                {terms.multiple > 0 && ` ${t('referral_offer_wagering', { multiple: terms.multiple })}`}
              </p>
            ) : (
              data && (
                <p className="referral-offer is-off" data-testid="referral-offer-none">
                  {t('referral_no_promotion')}
                </p>
              )
            )}
            {link.error && (
              <div className="form-error" role="alert">
                {errorMessage(link.error)}
              </div>
            )}
            {link.data && (
              <>
                <label className="field referral-field">
                  <span>{t('referral_link')}</span>
                  <div className="referral-copy-row">
                    <input readOnly value={link.data.url} data-testid="referral-url" onFocus={(event) => event.currentTarget.select()} />
                    <button type="button" className="btn btn-primary btn-sm" data-testid="referral-copy" onClick={() => void copy(link.data.url)}>
                      {t('referral_copy')}
                    </button>
                  </div>
                </label>
                <div className="referral-code-row">
                  <span>{t('referral_code')}</span>
                  <strong data-testid="referral-code">{link.data.code}</strong>
                  <button type="button" className="btn btn-ghost btn-sm" data-testid="referral-copy-code" onClick={() => void copy(link.data.code)}>
                    {t('referral_copy_code')}
                  </button>
                </div>
              </>
            )}
          </div>
          {link.data && (
            <div className="referral-qr">
              <QrCode text={link.data.url} size={QR_SMALL_SIZE} label={t('referral_qr_label')} testId="referral-qr" className="referral-qr-code" />
              <span className="referral-qr-caption">{t('referral_qr_caption')}</span>
            </div>
          )}
        </div>
      </Card>

      <div className="referral-totals" data-testid="referral-totals">
        <div className="referral-total">
          <span>{t('referral_total_invited')}</span>
          <strong data-testid="referral-total-invited">{data?.totals.invited ?? 0}</strong>
        </div>
        <div className="referral-total">
          <span>{t('referral_total_qualified')}</span>
          <strong data-testid="referral-total-qualified">{data?.totals.qualified ?? 0}</strong>
        </div>
        <div className="referral-total is-gold">
          <span>{t('referral_total_earned')}</span>
          <strong data-testid="referral-total-earned">{formatMinor(data?.totals.earnedMinor ?? '0', currency)}</strong>
          {data && data.totals.pendingMinor !== '0' && <small>{t('referral_total_pending', { amount: formatMinor(data.totals.pendingMinor, currency) })}</small>}
        </div>
      </div>

      <Card testId="referral-friends" title={t('referral_friends_title')}>
        <ListState loading={summary.isFetching && !data} error={pager.error} empty={(data?.friends.total ?? 0) === 0} emptyText={t('referral_friends_empty')} testId="referral-friends" />
        {data && data.friends.list.length > 0 && (
          <ul className="referral-friends" data-testid="referral-friend-list">
            {data.friends.list.map((friend, index) => (
              <li key={`${friend.name}-${friend.registeredAt}-${index}`} className={`referral-friend is-${friend.status}`} data-testid="referral-friend" data-status={friend.status}>
                <div className="referral-friend-head">
                  <strong className="referral-friend-name" data-testid="referral-friend-name">
                    {friend.name}
                  </strong>
                  <span className={`status-badge tone-${friend.status === 'qualified' ? 'ok' : friend.status === 'expired' ? 'bad' : 'warn'}`} data-testid="referral-friend-status">
                    {statusText(friend)}
                  </span>
                </div>
                <div className="referral-friend-dates">
                  <span>{t('referral_registered', { date: formatDateTime(friend.registeredAt, i18n.language) })}</span>
                  {friend.status === 'pending' && friend.deadline && <span>{t('referral_deadline', { date: formatDateTime(friend.deadline, i18n.language) })}</span>}
                  {friend.rewardMinor && <span className="referral-friend-reward">{t('referral_reward', { amount: formatMinor(friend.rewardMinor, currency) })}</span>}
                </div>
                <FriendProgress friend={friend} terms={terms} currency={currency} />
              </li>
            ))}
          </ul>
        )}
        <Pager state={pager} testId="referral-pager" />
      </Card>
    </div>
  );
}

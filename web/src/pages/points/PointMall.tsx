/** The points mall (lazy area "PointMall", login required): points, rewards, redeem history and points details. */
import { ScrollRegion } from '../../components/ScrollRegion';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api';
import { live } from '../../live/connection';
import { useIdempotentAction } from '../../idempotency';
import { useRealMemberPage } from '../../hooks/useRealMemberPage';
import { useNotices } from '../../state/ui';
import { useWallet } from '../../state/wallet';
import { Field, FormError } from '../../components/Field';
import { Card, formatDateTime, ListState, Pager, usePaged } from '../../components/member/common';
import { pointsApi, type PointConfigValue, type PointDetailItem, type PointRewardItem, type PointSummary, type RedemptionItem } from './pointsApi';
import { RedeemDialog } from './RedeemDialog';
import './pointMall.css';
import { intlLocale } from '../../i18n/languages';

type Tab = 'rewards' | 'history' | 'details';
const TABS: readonly Tab[] = ['rewards', 'history', 'details'];

const formatPoints = (points: string, language: string) => {
  try {
    return BigInt(points).toLocaleString(intlLocale(language));
  } catch {
    return points;
  }
};

export default function PointMall() {
  const { t, i18n } = useTranslation();
  const member = useRealMemberPage();

  const [summary, setSummary] = useState<PointSummary | null>(null);
  const [config, setConfig] = useState<PointConfigValue | null>(null);
  const [rewards, setRewards] = useState<PointRewardItem[] | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [tab, setTab] = useState<Tab>('rewards');
  const [redeeming, setRedeeming] = useState<PointRewardItem | null>(null);
  const [refreshKey, setRefreshKey] = useState(0);

  const acceptSummary = useCallback((next: PointSummary) => setSummary((current) => (current && current.version > next.version ? current : next)), []);
  const reload = useCallback(() => {
    setLoadError(null);
    pointsApi.summary().then(acceptSummary, (failure: unknown) => setLoadError(errorMessage(failure)));
    pointsApi.config().then(setConfig, () => undefined);
    pointsApi.rewards().then(
      (value) => setRewards(value.list),
      (failure: unknown) => setLoadError(errorMessage(failure)),
    );
    setRefreshKey((n) => n + 1);
  }, [acceptSummary]);

  const signedIn = member !== null;
  useEffect(() => {
    if (signedIn) reload();
  }, [signedIn, reload]);
  // Points change live; a push older than what is shown is dropped, and a reconnect reads everything again.
  useEffect(
    () =>
      live.subscribe('points', (push) =>
        setSummary((current) => {
          if (!current) return current;
          if (current.version > push.version) return current;
          // The day's change and the value follow on the next read.
          if (push.version > current.version + 1) void pointsApi.summary().then(acceptSummary, () => undefined);
          return { ...current, points: push.points, balance: push.points, version: push.version };
        }),
      ),
    [acceptSummary],
  );
  useEffect(() => live.onConnect(reload), [reload]);

  if (!member) return null;

  const afterChange = () => {
    reload();
  };

  return (
    <div className="point-mall" data-testid="point-mall">
      <h1 className="point-mall-title">{t('points_mall_title')}</h1>
      <FormError message={loadError} testId="points-load-error" />
      <div className="point-head">
        <PointsCard summary={summary} language={i18n.language} />
        <ConvertCard summary={summary} config={config} onConverted={afterChange} />
      </div>

      <div className="point-tabs" role="tablist" aria-label={t('points_mall_title')}>
        {TABS.map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            aria-selected={tab === name}
            className={`point-tab${tab === name ? ' active' : ''}`}
            onClick={() => setTab(name)}
            data-testid={`points-tab-${name}`}
          >
            {t(`points_tab_${name}`)}
          </button>
        ))}
      </div>

      {tab === 'rewards' && <RewardGrid rewards={rewards} summary={summary} onRedeem={setRedeeming} />}
      {tab === 'history' && <RedeemHistory refreshKey={refreshKey} />}
      {tab === 'details' && <PointDetails refreshKey={refreshKey} />}

      {redeeming && (
        <RedeemDialog
          reward={redeeming}
          points={summary?.points ?? '0'}
          onClose={() => setRedeeming(null)}
          onRedeemed={() => {
            setRedeeming(null);
            afterChange();
          }}
        />
      )}
    </div>
  );
}

function PointsCard({ summary, language }: { summary: PointSummary | null; language: string }) {
  const { t } = useTranslation();
  const { balanceText } = useWallet();
  const changed = summary ? BigInt(summary.changedPoints) : 0n;
  return (
    <section className="panel-card point-summary" data-testid="points-summary">
      <div className="point-summary-main">
        <span className="point-label">{t('points_current')}</span>
        <strong className="point-value" data-testid="points-current">
          {summary ? formatPoints(summary.points, language) : '—'}
        </strong>
        {summary && (
          <span className={`point-change ${changed > 0n ? 'amount-in' : changed < 0n ? 'amount-out' : ''}`} data-testid="points-changed">
            {t('points_changed_today', { points: `${changed > 0n ? '+' : ''}${formatPoints(summary.changedPoints, language)}` })}
          </span>
        )}
      </div>
      <dl className="point-facts">
        <div>
          <dt>{t('points_wallet_balance')}</dt>
          <dd data-testid="points-wallet-balance">{balanceText ?? '—'}</dd>
        </div>
        <div>
          <dt>{t('points_worth')}</dt>
          <dd data-testid="points-worth">{summary ? `${summary.pointsValue} ${summary.currency}` : '—'}</dd>
        </div>
        <div>
          <dt>{t('points_ratio')}</dt>
          <dd data-testid="points-ratio">{summary ? t('points_ratio_value', { points: summary.ratio, currency: summary.currency }) : '—'}</dd>
        </div>
      </dl>
    </section>
  );
}

function ConvertCard({ summary, config, onConverted }: { summary: PointSummary | null; config: PointConfigValue | null; onConverted: () => void }) {
  const { t } = useTranslation();
  const { showToast } = useNotices();
  const { refreshBalance } = useWallet();
  const runAction = useIdempotentAction();
  const [points, setPoints] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const enabled = config?.convertEnabled ?? false;

  const preview = (() => {
    if (!config || !/^[1-9][0-9]{0,17}$/.test(points.trim())) return null;
    const rate = Number(config.convertAmount) / Number(config.convertPoints);
    return (Math.floor(Number(points) * rate * 100) / 100).toFixed(2);
  })();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    const text = points.trim();
    if (!/^[1-9][0-9]{0,17}$/.test(text)) return setError(t('points_convert_whole'));
    if (config && BigInt(text) < BigInt(config.convertMinPoints)) return setError(t('points_convert_min', { min: config.convertMinPoints }));
    if (summary && BigInt(text) > BigInt(summary.points)) return setError(t('points_not_enough'));
    if (!password) return setError(t('points_password_required'));
    setBusy(true);
    try {
      const body = { points: text, paymentPassword: password };
      const done = await runAction(body, (key) => pointsApi.convert(body, key));
      showToast(t('points_converted', { points: done.points, amount: `${done.amount} ${done.currency}` }));
      setPoints('');
      setPassword('');
      void refreshBalance();
      onConverted();
    } catch (failure) {
      setError(errorMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="panel-card point-convert" data-testid="points-convert">
      <div className="panel-card-head">
        <h2>{t('points_convert_title')}</h2>
      </div>
      {config && (
        <p className="point-hint" data-testid="points-convert-rate">
          {t('points_convert_rate', { points: config.convertPoints, amount: `${config.convertAmount} ${config.currency}`, min: config.convertMinPoints })}
        </p>
      )}
      {!enabled && config && <p className="point-hint">{t('points_convert_off')}</p>}
      <form className="point-convert-form" onSubmit={(event) => void submit(event)} noValidate>
        <Field label={t('points_convert_points')} inputMode="numeric" value={points} onValueChange={setPoints} testId="points-convert-amount" disabled={!enabled} />
        <Field label={t('points_payment_password')} type="password" autoComplete="off" value={password} onValueChange={setPassword} testId="points-convert-password" disabled={!enabled} />
        {preview && (
          <p className="point-hint" data-testid="points-convert-preview">
            {t('points_convert_preview', { amount: `${preview} ${config?.currency ?? ''}` })}
          </p>
        )}
        <FormError message={error} testId="points-convert-error" />
        <button type="submit" className="btn btn-primary" disabled={busy || !enabled} data-testid="points-convert-submit">
          {t('points_convert_submit')}
        </button>
      </form>
    </section>
  );
}

function RewardGrid({ rewards, summary, onRedeem }: { rewards: PointRewardItem[] | null; summary: PointSummary | null; onRedeem: (reward: PointRewardItem) => void }) {
  const { t, i18n } = useTranslation();
  if (!rewards) return <p className="list-empty">{t('app_loading')}</p>;
  if (rewards.length === 0)
    return (
      <p className="list-empty" data-testid="points-rewards-empty">
        {t('points_rewards_empty')}
      </p>
    );
  const have = summary ? BigInt(summary.points) : 0n;
  return (
    <ul className="reward-grid" data-testid="points-rewards">
      {rewards.map((reward) => {
        const soldOut = reward.stock !== null && reward.stock <= 0;
        const short = have < BigInt(reward.points);
        return (
          <li key={reward.rewardId} className="reward-card" data-testid={`reward-${reward.rewardId}`} data-kind={reward.kind}>
            <div className="reward-image">{reward.image ? <img src={reward.image} alt="" loading="lazy" /> : null}</div>
            <div className="reward-body">
              <span className={`reward-kind kind-${reward.kind}`}>{t(`points_kind_${reward.kind}`)}</span>
              <h2 className="reward-name">{reward.name}</h2>
              {reward.description && <p className="reward-description">{reward.description}</p>}
              <p className="reward-cost">
                <strong>{formatPoints(reward.points, i18n.language)}</strong> {t('points_unit')}
                {reward.amount && <span className="reward-amount"> · {`${reward.amount} ${reward.currency}`}</span>}
              </p>
              <p className="reward-stock">{reward.stock === null ? t('points_stock_unlimited') : t('points_stock_left', { count: reward.stock })}</p>
              <button type="button" className="btn btn-primary reward-redeem" disabled={soldOut || short} onClick={() => onRedeem(reward)} data-testid={`reward-redeem-${reward.rewardId}`}>
                {soldOut ? t('points_sold_out') : short ? t('points_redeem_short') : t('points_redeem')}
              </button>
            </div>
          </li>
        );
      })}
    </ul>
  );
}

function RedemptionStatus({ status }: { status: RedemptionItem['status'] }) {
  const { t } = useTranslation();
  const tone = status === 'approved' ? 'ok' : status === 'rejected' ? 'bad' : 'info';
  return (
    <span className={`status-badge tone-${tone}`} data-status={status}>
      {t(`points_status_${status}`)}
    </span>
  );
}

function RedeemHistory({ refreshKey }: { refreshKey: number }) {
  const { t, i18n } = useTranslation();
  const page = usePaged(pointsApi.history, refreshKey);
  const items = page.data?.content ?? [];
  return (
    <Card testId="points-history">
      <ListState loading={page.loading} error={page.error} empty={items.length === 0} emptyText={t('points_history_empty')} testId="points-history" />
      {items.length > 0 && (
        <ScrollRegion className="point-table-wrap" label={t('points_tab_history')}>
          <table className="point-table">
            <thead>
              <tr>
                <th>{t('points_col_reference')}</th>
                <th>{t('points_col_time')}</th>
                <th>{t('points_col_type')}</th>
                <th>{t('points_col_name')}</th>
                <th>{t('points_col_quantity')}</th>
                <th>{t('points_col_points')}</th>
                <th>{t('points_col_amount')}</th>
                <th>{t('points_col_status')}</th>
                <th>{t('points_col_remark')}</th>
              </tr>
            </thead>
            <tbody>
              {items.map((item) => (
                <tr key={item.referenceNo} data-testid={`redemption-${item.referenceNo}`}>
                  <td data-label={t('points_col_reference')}>{item.referenceNo}</td>
                  <td data-label={t('points_col_time')}>{formatDateTime(item.applicationTime, i18n.language)}</td>
                  <td data-label={t('points_col_type')}>{t(`points_kind_${item.type}`)}</td>
                  <td data-label={t('points_col_name')}>{item.name}</td>
                  <td data-label={t('points_col_quantity')}>{item.quantity}</td>
                  <td data-label={t('points_col_points')}>{formatPoints(item.points, i18n.language)}</td>
                  <td data-label={t('points_col_amount')}>{item.amount ? `${item.amount} ${item.currency}` : '—'}</td>
                  <td data-label={t('points_col_status')}>
                    <RedemptionStatus status={item.status} />
                  </td>
                  <td data-label={t('points_col_remark')}>
                    {item.remark ?? (item.voucherCodes.length > 0 ? '' : '—')}
                    {item.voucherCodes.length > 0 && <code className="voucher-codes">{item.voucherCodes.join(', ')}</code>}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </ScrollRegion>
      )}
      <Pager state={page} testId="points-history-pager" />
    </Card>
  );
}

function PointDetails({ refreshKey }: { refreshKey: number }) {
  const { t, i18n } = useTranslation();
  const page = usePaged(pointsApi.details, refreshKey);
  const items: PointDetailItem[] = page.data?.content ?? [];
  return (
    <Card testId="points-details">
      <ListState loading={page.loading} error={page.error} empty={items.length === 0} emptyText={t('points_details_empty')} testId="points-details" />
      {items.length > 0 && (
        <ScrollRegion className="point-table-wrap" label={t('points_tab_details')}>
          <table className="point-table">
            <thead>
              <tr>
                <th>{t('points_col_time')}</th>
                <th>{t('points_col_cause')}</th>
                <th>{t('points_col_change')}</th>
                <th>{t('points_col_balance')}</th>
                <th>{t('points_col_reference')}</th>
              </tr>
            </thead>
            <tbody>
              {items.map((item) => {
                const change = BigInt(item.change);
                return (
                  <tr key={item.id} data-testid={`point-detail-${item.id}`}>
                    <td data-label={t('points_col_time')}>{formatDateTime(item.time, i18n.language)}</td>
                    <td data-label={t('points_col_cause')}>{t(`points_cause_${item.cause}`, { defaultValue: item.cause })}</td>
                    <td data-label={t('points_col_change')} className={change > 0n ? 'amount-in' : 'amount-out'}>
                      {change > 0n ? `+${formatPoints(item.change, i18n.language)}` : formatPoints(item.change, i18n.language)}
                    </td>
                    <td data-label={t('points_col_balance')}>{formatPoints(item.balance, i18n.language)}</td>
                    <td data-label={t('points_col_reference')} className="point-ref">
                      {item.remark ? `${item.remark} · ` : ''}
                      {item.reference}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </ScrollRegion>
      )}
      <Pager state={page} testId="points-details-pager" />
    </Card>
  );
}

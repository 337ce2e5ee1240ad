import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQueryClient } from '@tanstack/react-query';
import { type BonusList, type BonusView } from '@wps/contracts';
import { useCases } from '../../../useCases';
import { call, errorMessage } from '../../../api';
import { useSession } from '../../../state/session';
import { askConfirm, showToast } from '../../../state/ui';
import { ProgressBar } from '../../ProgressBar';
import { Card, formatDateTime, ListState } from '../common';
import { applyBonusPush, bonusesKey, useBonuses } from './bonusMoney';
import './bonuses.css';

/** Game types in the order the weights are listed. */
const WEIGHT_ORDER = ['RNG', 'FISH', 'PVP', 'LIVE', 'SPORTS', 'ESPORTS', 'COCKFIGHT', 'LOTT', 'ELOTT'] as const;

/**
 * My bonuses: the bonus balance, and each bonus with its wagering progress (live from `bonus` pushes), what counts
 * toward it per game type, the maximum bet while it wagers, its expiry, and a way to give it up.
 */
export function BonusWagering() {
  const { t, i18n } = useTranslation();
  const { token } = useSession();
  const client = useQueryClient();
  const { data, error, isFetching } = useBonuses();
  const [busy, setBusy] = useState<string | null>(null);

  const giveUp = async (bonus: BonusView) => {
    const ok = await askConfirm({
      title: t('bonus_forfeit_title'),
      text: t('bonus_forfeit_text', { title: bonus.title, amount: data?.bonusBalance ?? '' }),
      cancelLabel: t('bonus_forfeit_keep'),
      okLabel: t('bonus_forfeit_ok'),
    });
    if (!ok) return;
    setBusy(bonus.bonusId);
    try {
      const ended = await call(useCases.forfeitBonus, { bonusId: bonus.bonusId });
      client.setQueriesData<BonusList>({ queryKey: bonusesKey(token) }, (current) =>
        applyBonusPush(current, { bonus: ended, currency: ended.currency, bonusBalance: current?.bonusBalance ?? '0', bonusBalanceMinor: current?.bonusBalanceMinor ?? '0' }),
      );
      void client.invalidateQueries({ queryKey: bonusesKey(token) });
    } catch (failure) {
      showToast(errorMessage(failure));
    } finally {
      setBusy(null);
    }
  };

  const bonuses = data?.bonuses ?? [];
  return (
    <Card title={t('bonus_money_title')} testId="bonus-money">
      {data && (
        <p className="bonus-balance" data-testid="bonus-balance">
          <span>{t('bonus_balance')}</span>
          <strong className="amount">{`${data.bonusBalance} ${data.currency}`}</strong>
        </p>
      )}
      <ListState loading={isFetching && !data} error={error ? errorMessage(error) : null} empty={data !== undefined && bonuses.length === 0} emptyText={t('bonus_money_empty')} testId="bonus-money" />
      {bonuses.length > 0 && (
        <ul className="bonus-money-list">
          {bonuses.map((bonus) => {
            const open = bonus.state === 'wagering';
            const weights = WEIGHT_ORDER.filter((type) => (bonus.weights[type] ?? 0) > 0);
            return (
              <li key={bonus.bonusId} className={`bonus-money-item state-${bonus.state}`} data-testid="bonus-money-item" data-state={bonus.state}>
                <div className="bonus-money-head">
                  <span className="bonus-money-title">{bonus.title}</span>
                  <span className={`bonus-state state-${bonus.state}`} data-testid="bonus-state">
                    {t(`bonus_state_${bonus.state}`)}
                  </span>
                </div>
                <div className="bonus-money-figures">
                  <span>
                    {t('bonus_given')} <strong className="amount">{bonus.amount}</strong>
                  </span>
                  <span data-testid="bonus-wagered">
                    {t('bonus_wagered')} <strong className="amount">{bonus.wagered}</strong> / {bonus.required}
                  </span>
                </div>
                <ProgressBar percent={bonus.progress} label={t('bonus_progress_label', { title: bonus.title })} testId="bonus-progress" />
                <div className="bonus-money-meta">
                  <span>{`${bonus.progress}%`}</span>
                  {open && <span>{t('bonus_expires', { date: formatDateTime(bonus.expiresAt, i18n.language) })}</span>}
                  {open && bonus.maxBet && <span data-testid="bonus-max-bet">{t('bonus_max_bet', { amount: bonus.maxBet })}</span>}
                  {bonus.state === 'completed' && bonus.releasedMinor !== null && <span>{t('bonus_released', { date: formatDateTime(bonus.endedAt, i18n.language) })}</span>}
                  {(bonus.state === 'forfeited' || bonus.state === 'expired') && <span>{t('bonus_ended', { date: formatDateTime(bonus.endedAt, i18n.language) })}</span>}
                </div>
                {open && weights.length > 0 && (
                  <p className="bonus-weights" data-testid="bonus-weights">
                    {t('bonus_weights')} {weights.map((type) => `${t(`bets_game_type_${type}`)} ${bonus.weights[type]}%`).join(' · ')}
                    {weights.length < WEIGHT_ORDER.length && ` · ${t('bonus_weights_rest')}`}
                  </p>
                )}
                {open && (
                  <div className="bonus-money-actions">
                    <button type="button" className="btn btn-ghost btn-sm" data-testid="bonus-forfeit" disabled={busy === bonus.bonusId} onClick={() => void giveUp(bonus)}>
                      {t('bonus_forfeit')}
                    </button>
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      )}
    </Card>
  );
}

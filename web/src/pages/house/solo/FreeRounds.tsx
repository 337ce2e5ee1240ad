/**
 * Free rounds on a slot's page: the spins a promotion gave the member on this slot (promotions page, kind
 * `free_rounds`), each grant with its spins left, stake, what it won so far and when it expires, and a button that
 * plays one. A free spin moves no money; its win adds to the grant, and when the last spin is played the total is
 * given as a bonus with the promotion's wagering terms.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type FreeRoundsGrant, type FreeSpin } from '@wps/contracts';
import { useCases } from '../../../useCases';
import { call } from '../../../api';
import { formatAmount } from '../../../money';
import { useSession } from '../../../state/session';
import { ProgressBar } from '../../../components/ProgressBar';
import { panelLink } from '../../memberPanels';
import { formatMoment } from '../../promotions/format';
import { newRequestId } from './houseApi';
import './freeRounds.css';

export const freeRoundsApi = {
  /** The member's grants with spins left on one slot, oldest first. */
  list: (game: string, signal?: AbortSignal) => call(useCases.houseFreeRounds, { game }, { signal }),
  /** Plays one spin of a grant; a retry with the same request id answers the first spin. */
  spin: (grantId: string, requestId = newRequestId()) => call(useCases.houseFreeSpin, { grantId, requestId }),
};

const freeRoundsKey = (token: string | null, game: string, language: string) => [useCases.houseFreeRounds.id, token, game, language] as const;

const amountText = (amount: string, currency: string): string => `${formatAmount(amount)} ${currency}`.trim();
const isZero = (amount: string): boolean => !/[1-9]/.test(amount);

/**
 * The free-rounds panels of one slot. `play` runs a free spin the way the page runs a paid one (the reels, the
 * outcome, an error in the page's words) and answers null when it failed; the panel then reads the grants again.
 */
export function FreeRounds({ game, busy, play }: { game: string; busy: boolean; play: (grantId: string) => Promise<FreeSpin | null> }) {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const { member, token } = useSession();
  const key = freeRoundsKey(token, game, i18n.language);
  const { data } = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => freeRoundsApi.list(game, signal),
    enabled: token !== null && member !== null && !member.isTrial,
  });
  // Grants that ended during this visit stay on screen with what they won, after the list no longer has them.
  const [ended, setEnded] = useState<FreeRoundsGrant[]>([]);

  const spin = async (grantId: string) => {
    const answer = await play(grantId);
    if (!answer) {
      void client.invalidateQueries({ queryKey: key });
      return;
    }
    const { grant } = answer;
    client.setQueryData<FreeRoundsGrant[]>(key, (current) =>
      grant.state === 'active' ? current?.map((one) => (one.grantId === grant.grantId ? grant : one)) : current?.filter((one) => one.grantId !== grant.grantId),
    );
    if (grant.state !== 'active') setEnded((current) => [...current.filter((one) => one.grantId !== grant.grantId), grant]);
  };

  const active = (data ?? []).filter((grant) => !ended.some((one) => one.grantId === grant.grantId));
  if (active.length === 0 && ended.length === 0) return null;
  return (
    <div className="house-free-rounds-list" data-testid="free-rounds">
      {ended.map((grant) => (
        <EndedGrant key={grant.grantId} grant={grant} />
      ))}
      {active.map((grant) => (
        <section key={grant.grantId} className="house-free-rounds" aria-labelledby={`free-rounds-${grant.grantId}`} data-testid="free-rounds-grant" data-grant={grant.grantId} data-state={grant.state}>
          <div className="house-free-rounds-head">
            <span className="house-free-rounds-chip">{t('house_free_rounds')}</span>
            <h2 id={`free-rounds-${grant.grantId}`} className="house-free-rounds-title" data-testid="free-rounds-title">
              {grant.title}
            </h2>
          </div>
          <ProgressBar
            percent={grant.roundsTotal > 0 ? ((grant.roundsTotal - grant.roundsLeft) / grant.roundsTotal) * 100 : 100}
            label={t('house_free_rounds_progress', { played: grant.roundsTotal - grant.roundsLeft, total: grant.roundsTotal })}
          />
          <dl className="house-free-rounds-facts">
            <div>
              <dt>{t('house_free_rounds_left')}</dt>
              <dd data-testid="free-rounds-left" data-left={grant.roundsLeft} data-total={grant.roundsTotal}>
                {t('house_free_rounds_left_of', { left: grant.roundsLeft, total: grant.roundsTotal })}
              </dd>
            </div>
            <div>
              <dt>{t('house_free_rounds_stake')}</dt>
              <dd data-testid="free-rounds-stake">{amountText(grant.stake, grant.currency)}</dd>
            </div>
            <div>
              <dt>{t('house_free_rounds_won')}</dt>
              <dd className={isZero(grant.win) ? undefined : 'house-won'} data-testid="free-rounds-win" data-win={grant.win}>
                {amountText(grant.win, grant.currency)}
              </dd>
            </div>
            <div>
              <dt>{t('house_free_rounds_expires')}</dt>
              <dd data-testid="free-rounds-expires">
                <time dateTime={grant.expiresAt}>{formatMoment(grant.expiresAt, i18n.language)}</time>
              </dd>
            </div>
          </dl>
          <button type="button" className="house-play house-free-play" data-testid="free-rounds-play" disabled={busy || grant.roundsLeft === 0} onClick={() => void spin(grant.grantId)}>
            {t('house_free_rounds_play')}
          </button>
        </section>
      ))}
    </div>
  );
}

/** A grant that ended on this page: every spin played (or the time ran out), with what it won and where the bonus is. */
function EndedGrant({ grant }: { grant: FreeRoundsGrant }) {
  const { t } = useTranslation();
  const won = amountText(grant.win, grant.currency);
  const none = isZero(grant.win);
  const cash = grant.winningsAs === 'cash';
  const text =
    grant.state === 'expired'
      ? none
        ? t('house_free_rounds_expired_none')
        : t(cash ? 'house_free_rounds_expired_cash' : 'house_free_rounds_expired', { amount: won })
      : none
        ? t('house_free_rounds_done_none')
        : t(cash ? 'house_free_rounds_done_cash' : 'house_free_rounds_done', { amount: won });
  return (
    <section className="house-free-rounds is-ended" aria-label={grant.title} data-testid="free-rounds-ended" data-grant={grant.grantId} data-state={grant.state} data-win={grant.win}>
      <div className="house-free-rounds-head">
        <span className="house-free-rounds-chip">{t('house_free_rounds')}</span>
        <h2 className="house-free-rounds-title">{grant.title}</h2>
      </div>
      <p className="house-free-rounds-done" role="status" data-testid="free-rounds-done">
        {text}
      </p>
      {!none && !cash && (
        <Link to={panelLink('bonusDetails')} className="house-free-rounds-link" data-testid="free-rounds-bonuses">
          {t('house_free_rounds_my_bonuses')}
        </Link>
      )}
    </section>
  );
}

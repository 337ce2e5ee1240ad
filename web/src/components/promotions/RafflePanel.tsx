import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { type RaffleState } from '@wps/contracts';
import { useCases } from '../../useCases';
import { ApiError, call, errorMessage } from '../../api';
import { live } from '../../live/connection';
import { useSession } from '../../state/session';
import { showToast, useModal } from '../../state/ui';
import { formatDateTime } from '../member/common';
import { formatMinor } from '../member/rewards/format';
import './raffle.css';

/** What the panel needs of a promotion: its id (a promotion card of kind `raffle` fits). */
export interface RafflePanelProps {
  promotion: { promotionId: string };
}

const raffleKey = (promotionId: string, token: string | null) => [useCases.raffleState.id, promotionId, token] as const;

/** Days, hours, minutes and seconds until `at`, ticking each second; null once it has passed. */
function useCountdown(at: string | undefined): string | null {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(Date.now()), 1_000);
    return () => window.clearInterval(timer);
  }, []);
  if (!at) return null;
  const left = Math.floor((new Date(at).getTime() - now) / 1_000);
  if (left <= 0) return null;
  const days = Math.floor(left / 86_400);
  const clock = [Math.floor((left % 86_400) / 3_600), Math.floor((left % 3_600) / 60), left % 60].map((part) => String(part).padStart(2, '0')).join(':');
  return days > 0 ? `${days}d ${clock}` : clock;
}

const TicketIcon = () => (
  <svg width="20" height="20" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
    <path d="M3 8a2 2 0 0 0 2-2h14a2 2 0 0 0 2 2v2a2 2 0 0 0 0 4v2a2 2 0 0 0-2 2H5a2 2 0 0 0-2-2v-2a2 2 0 0 0 0-4z" />
    <path d="M14 6v12" strokeDasharray="2 2" />
  </svg>
);

/**
 * A raffle promotion on the promotions page: the prizes and the draw time, the hash of the secret seed published
 * before the draw, the member's tickets (one per `ticketPerMinor` of valid bet since the start) and joining; once
 * drawn, the winners (masked), the member's prize and the revealed seed, with which anyone can check the draw.
 */
export function RafflePanel({ promotion }: RafflePanelProps) {
  const { t, i18n } = useTranslation();
  const client = useQueryClient();
  const { token } = useSession();
  const { openModal } = useModal();
  const [busy, setBusy] = useState(false);
  const [showProof, setShowProof] = useState(false);
  const { promotionId } = promotion;
  const key = raffleKey(promotionId, token);
  const raffle = useQuery({ queryKey: key, queryFn: ({ signal }) => call(useCases.raffleState, { promotionId }, { signal, withSession: token !== null }) });
  const data = raffle.data;
  const countdown = useCountdown(data?.status === 'drawn' ? undefined : data?.drawAt);

  // The draw (and the opening) arrive as `raffle` pushes to the brand; a reconnect reads the raffle again.
  useEffect(() => {
    const refresh = () => void client.invalidateQueries({ queryKey: [useCases.raffleState.id, promotionId] });
    const offPush = live.subscribe('raffle', (push) => {
      if (push.promotionId === promotionId) refresh();
    });
    const offConnect = live.onConnect(refresh);
    return () => {
      offPush();
      offConnect();
    };
  }, [client, promotionId]);

  const join = async () => {
    if (!token) {
      openModal('login');
      return;
    }
    setBusy(true);
    try {
      const answer = await call(useCases.joinRaffle, { promotionId });
      client.setQueryData<RaffleState>(key, answer);
      showToast(t('raffle_joined_toast'));
    } catch (error) {
      showToast(errorMessage(error));
      if (error instanceof ApiError && error.status === 409) void raffle.refetch();
    } finally {
      setBusy(false);
    }
  };

  if (!data) {
    return (
      <section className="raffle-panel" data-testid="raffle-panel" data-promotion-id={promotionId}>
        {raffle.error ? (
          <p className="form-error" role="alert">
            {errorMessage(raffle.error)}
          </p>
        ) : (
          <p className="list-empty">{t('app_loading')}</p>
        )}
      </section>
    );
  }

  const { currency } = data;
  const drawn = data.status === 'drawn';
  const me = data.me;
  return (
    <section className={`raffle-panel is-${data.status}`} data-testid="raffle-panel" data-promotion-id={promotionId} data-status={data.status}>
      <div className="raffle-head">
        <div className="raffle-when">
          <span className="raffle-label">{drawn ? t('raffle_drawn_at') : t('raffle_draw_at')}</span>
          <strong>{formatDateTime(data.drawAt, i18n.language)}</strong>
          {countdown && (
            <span className="raffle-countdown" data-testid="raffle-countdown">
              {t('raffle_countdown', { time: countdown })}
            </span>
          )}
        </div>
        <div className="raffle-stats">
          <span data-testid="raffle-entrants">{t('raffle_entrants', { count: data.entrants })}</span>
          <span data-testid="raffle-total-tickets">{t('raffle_total_tickets', { count: Number(data.totalTickets) })}</span>
        </div>
      </div>

      <ol className="raffle-prizes" data-testid="raffle-prizes">
        {data.prizes.map((prize) => {
          const winner = data.winners.find((one) => one.rank === prize.rank);
          return (
            <li key={prize.rank} className="raffle-prize" data-testid="raffle-prize">
              <span className="raffle-rank">{t('raffle_rank', { rank: prize.rank })}</span>
              <strong>{formatMinor(prize.amountMinor, currency)}</strong>
              {drawn && (
                <span className="raffle-winner" data-testid="raffle-winner">
                  {winner ? winner.name : t('raffle_no_winner')}
                </span>
              )}
            </li>
          );
        })}
      </ol>
      <p className="raffle-rule">
        {t('raffle_rule', { amount: formatMinor(data.ticketPerMinor, currency) })}
        {data.multiple > 0 && ` ${t('raffle_rule_wagering', { multiple: data.multiple })}`}
      </p>

      <div className="raffle-me" data-testid="raffle-me">
        <span className="raffle-ticket-icon">
          <TicketIcon />
        </span>
        {me ? (
          <div className="raffle-me-text">
            <strong data-testid="raffle-my-tickets" data-tickets={me.tickets}>
              {t('raffle_my_tickets', { count: Number(me.tickets) })}
            </strong>
            <span>
              {drawn
                ? me.prize
                  ? t('raffle_you_won', { rank: me.prize.rank, amount: formatMinor(me.prize.amountMinor, currency) })
                  : t('raffle_not_won')
                : me.joined
                  ? t('raffle_next_ticket', { amount: formatMinor(me.nextTicketMinor, currency) })
                  : t('raffle_join_hint')}
            </span>
          </div>
        ) : (
          <div className="raffle-me-text">
            <span>{t('raffle_guest_hint')}</span>
          </div>
        )}
        {!drawn && !me?.joined && (
          <button type="button" className="btn btn-primary raffle-join" data-testid="raffle-join" disabled={busy || data.status !== 'open'} onClick={() => void join()}>
            {data.status === 'upcoming' ? t('raffle_upcoming') : busy ? t('raffle_joining') : t('raffle_join')}
          </button>
        )}
        {!drawn && me?.joined && (
          <span className="status-badge tone-ok raffle-joined" data-testid="raffle-joined">
            {t('raffle_joined')}
          </span>
        )}
      </div>

      <div className="raffle-proof">
        <button type="button" className="btn btn-ghost btn-sm" aria-expanded={showProof} data-testid="raffle-proof-toggle" onClick={() => setShowProof((shown) => !shown)}>
          {t('raffle_proof')}
        </button>
        {showProof && (
          <dl className="raffle-proof-values" data-testid="raffle-proof">
            <dt>{t('raffle_hash')}</dt>
            <dd data-testid="raffle-hash">{data.hash ?? '—'}</dd>
            <dt>{t('raffle_seed')}</dt>
            <dd data-testid="raffle-seed">{data.seed ?? t('raffle_seed_hidden')}</dd>
            <dd className="raffle-proof-note">{drawn ? t('raffle_proof_drawn') : t('raffle_proof_open')}</dd>
          </dl>
        )}
      </div>
    </section>
  );
}

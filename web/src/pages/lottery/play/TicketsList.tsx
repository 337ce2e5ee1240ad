import { useState } from 'react';
import { useWords } from './useWords';

/** A ticket as the list shows it; the API's ticket fits it as it is. */
export interface LotteryTicketRow {
  ticketId: string;
  drawNo: string;
  /** Bet type code, e.g. `ssc.position`. */
  betType: string;
  selection: Record<string, unknown>;
  /** Amounts in major units ("12.00"). */
  stake: string;
  /** What the ticket paid back, stake included. */
  win: string;
  status: 'placed' | 'won' | 'lost' | 'refunded';
  multiplier?: number;
  combinations?: number;
  createdAt?: string;
}

const isOpen = (ticket: LotteryTicketRow) => ticket.status === 'placed';

/**
 * The member's tickets, open ones (waiting for their draw) or settled ones (won, lost or refunded): bet type, what was
 * picked, the draw, the stake and, once settled, the win.
 */
export function TicketsList({ tickets, currencySymbol }: { tickets: readonly LotteryTicketRow[]; currencySymbol?: string | null }) {
  const words = useWords(currencySymbol);
  const { t } = words;
  const [tab, setTab] = useState<'open' | 'settled'>('open');
  const shown = tickets.filter((ticket) => (tab === 'open' ? isOpen(ticket) : !isOpen(ticket)));
  const openCount = tickets.filter(isOpen).length;
  return (
    <div className="lp-tickets" data-testid="lp-tickets">
      <span className="lp-segmented" role="group">
        {(['open', 'settled'] as const).map((option) => (
          <button key={option} type="button" className={tab === option ? 'is-on' : undefined} aria-pressed={tab === option} data-testid={`lp-tickets-${option}`} onClick={() => setTab(option)}>
            {t(option === 'open' ? 'lp_tickets_open' : 'lp_tickets_settled')}
            {option === 'open' && openCount > 0 ? ` (${openCount})` : ''}
          </button>
        ))}
      </span>
      {shown.length === 0 ? (
        <p className="lp-muted">{t('lp_tickets_empty')}</p>
      ) : (
        <ul className="lp-ticket-list">
          {shown.map((ticket) => (
            <li key={ticket.ticketId} className={`lp-ticket is-${ticket.status}`} data-testid="lp-ticket">
              <div className="lp-ticket-main">
                <strong>{words.betLabel(ticket.betType)}</strong>
                <span className="lp-ticket-selection">{words.selectionText(ticket.betType, ticket.selection)}</span>
                <span className="lp-muted">
                  {t('lp_draw', { drawNo: ticket.drawNo })}
                  {ticket.combinations !== undefined && ticket.multiplier !== undefined ? ` · ${t('lp_bets_count', { count: ticket.combinations })} × ${ticket.multiplier}` : ''}
                </span>
              </div>
              <div className="lp-ticket-money">
                <span>
                  <span className="lp-muted">{t('lp_ticket_stake')}</span> {words.money(ticket.stake)}
                </span>
                {!isOpen(ticket) && (
                  <span className={ticket.status === 'won' ? 'lp-win' : undefined}>
                    <span className="lp-muted">{t('lp_ticket_win')}</span> {words.money(ticket.win)}
                  </span>
                )}
                <span className={`lp-status is-${ticket.status}`}>{t(`lp_status_${ticket.status}`)}</span>
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

import { Link } from 'react-router-dom';
import { groupMarkets, marketGroupLabel, marketSpecifier, orderedOutcomes } from './markets';
import { EventWhen, OutcomeButtons, eventTitle, type OutcomeButtonsProps } from './EventParts';
import type { EventValue, MarketValue } from './sportsbookApi';
import type { SportsWords } from './useSportsWords';

export interface EventDetailProps {
  words: SportsWords;
  event: EventValue | null;
  loading: boolean;
  error: string | null;
  selected: ReadonlySet<string>;
  onPick: OutcomeButtonsProps['onPick'];
  onRetry: () => void;
  /** Back to the list. */
  backHref: string;
}

/** Markets a player may see on the event: the ones taking bets and the suspended ones. */
const shown = (market: MarketValue) => market.status === 'active' || market.status === 'suspended';

/** One event: its score or start time, and all its markets grouped by type, each outcome named. */
export function EventDetail({ words, event, loading, error, selected, onPick, onRetry, backHref }: EventDetailProps) {
  const { t } = words;
  const back = (
    <Link to={backHref} className="sb-back" data-testid="sb-back">
      ‹ {t('sb_back_to_list')}
    </Link>
  );
  if (!event) {
    return (
      <section className="sb-detail" data-testid="sb-event-detail" aria-busy={loading}>
        {back}
        {error ? (
          <div className="sb-notice" role="alert">
            <span>{error}</span>
            <button type="button" className="btn btn-ghost btn-sm" onClick={onRetry}>
              {t('sb_retry')}
            </button>
          </div>
        ) : (
          <p className="sb-empty">{t('sb_loading')}</p>
        )}
      </section>
    );
  }
  const groups = groupMarkets(event.markets.filter(shown));
  const score = event.status === 'live' || event.status === 'ended' || event.status === 'closed' ? event.score : null;
  return (
    <section className="sb-detail" data-testid="sb-event-detail" data-event-id={event.eventId} data-status={event.status} aria-labelledby="sb-detail-title">
      {back}
      <header className={`sb-detail-head${event.status === 'live' ? ' is-live' : ''}`}>
        <span className="sb-event-competition">
          {words.sport(event.sport)} · {event.competition}
          {/* The book counts the sets or maps to win: best of 3 is 2 to win. */}
          {event.bestOf ? ` · ${t('sb_best_of', { count: 2 * event.bestOf - 1 })}` : ''}
        </span>
        <h2 id="sb-detail-title" className="sb-detail-title">
          {event.home && event.away ? (
            <>
              <span className="sb-detail-team">{event.home.name}</span>
              <span className="sb-detail-score" data-testid="sb-detail-score">
                {score ? `${score.home} – ${score.away}` : t('sb_versus')}
              </span>
              <span className="sb-detail-team">{event.away.name}</span>
            </>
          ) : (
            <span className="sb-detail-team">{eventTitle(event)}</span>
          )}
        </h2>
        {score?.periods && score.periods.length > 0 && (
          <span className="sb-periods">
            {score.periods.map((period, index) => (
              <span key={index}>
                {period.home}–{period.away}
              </span>
            ))}
          </span>
        )}
        <EventWhen event={event} words={words} />
      </header>
      {groups.length === 0 && <p className="sb-empty">{t('sb_no_markets')}</p>}
      {groups.map((group) => (
        <details key={group.type} className="sb-group" open data-testid="sb-market-group" data-type={group.type}>
          <summary>{words.label(marketGroupLabel(group.type, event.sport))}</summary>
          {group.markets.map((market) => {
            // Handicap and total outcomes carry their lines; a set or map is told in a caption.
            const specifier = market.type === 'period_winner' ? words.label(marketSpecifier(market, event.sport)) : '';
            const outcomes = orderedOutcomes(market.outcomes);
            const columns = market.type === 'correct_score' ? 3 : market.type === 'outright' ? 2 : Math.min(outcomes.length, 3);
            return (
              <div key={market.key} className="sb-market" data-testid="sb-market" data-market={market.key} data-status={market.status}>
                {(specifier || market.status === 'suspended') && (
                  <div className="sb-market-caption">
                    {specifier && <span>{specifier}</span>}
                    {market.status === 'suspended' && <span className="sb-suspended-tag">{t('sb_suspended')}</span>}
                  </div>
                )}
                <div className="sb-outcomes" style={{ ['--cols' as string]: columns }}>
                  <OutcomeButtons event={event} market={market} words={words} selected={selected} onPick={onPick} outcomes={outcomes} wide />
                </div>
              </div>
            );
          })}
        </details>
      ))}
    </section>
  );
}

import { useState } from 'react';
import { Link } from 'react-router-dom';
import { favourites, mainMarkets } from './markets';
import { EventWhen, OutcomeButtons, eventTitle, type OutcomeButtonsProps } from './EventParts';
import type { EventValue } from './sportsbookApi';
import type { SportsWords } from './useSportsWords';

/** Which main market a phone shows in each row (a desktop shows the three side by side). */
type MainColumn = 'result' | 'handicap' | 'total';
const COLUMNS: readonly MainColumn[] = ['result', 'handicap', 'total'];

export interface EventListProps {
  words: SportsWords;
  events: readonly EventValue[];
  totalCount: number;
  loading: boolean;
  error: string | null;
  selected: ReadonlySet<string>;
  onPick: OutcomeButtonsProps['onPick'];
  onMore: () => void;
  onRetry: () => void;
  /** The address of an event's page. */
  eventHref: (eventId: string) => string;
}

/** Outright entrants a row shows before "+N markets". */
const OUTRIGHT_FAVOURITES = 3;

/**
 * The events taking bets, live first: each with its competition, its sides and score or start time, and the prices of
 * its main markets (result, main handicap, main total); "+N markets" opens the event.
 */
export function EventList({ words, events, totalCount, loading, error, selected, onPick, onMore, onRetry, eventHref }: EventListProps) {
  const { t } = words;
  const [column, setColumn] = useState<MainColumn>('result');
  return (
    <section className="sb-list" data-testid="sb-list" data-column={column} aria-label={t('sb_events')} aria-busy={loading}>
      <div className="sb-list-head">
        <div className="sb-columns" role="group" aria-label={t('sb_main_markets')}>
          {COLUMNS.map((option) => (
            <button
              key={option}
              type="button"
              className={column === option ? 'is-on' : undefined}
              aria-pressed={column === option}
              data-testid={`sb-column-${option}`}
              onClick={() => setColumn(option)}
            >
              {t(`sb_column_${option}`)}
            </button>
          ))}
        </div>
        <div className="sb-column-titles" aria-hidden="true">
          {COLUMNS.map((option) => (
            <span key={option} className={`sb-col-${option}`}>
              {t(`sb_column_${option}`)}
            </span>
          ))}
          <span className="sb-col-more" />
        </div>
      </div>
      {events.map((event) => (
        <EventRow key={event.eventId} event={event} words={words} selected={selected} onPick={onPick} href={eventHref(event.eventId)} />
      ))}
      {error && (
        <div className="sb-notice" role="alert" data-testid="sb-list-error">
          <span>{error}</span>
          <button type="button" className="btn btn-ghost btn-sm" onClick={onRetry}>
            {t('sb_retry')}
          </button>
        </div>
      )}
      {!error && !loading && events.length === 0 && (
        <p className="sb-empty" data-testid="sb-list-empty">
          {t('sb_no_events')}
        </p>
      )}
      {loading && (
        <p className="sb-empty" aria-live="polite">
          {t('sb_loading')}
        </p>
      )}
      {!loading && events.length < totalCount && (
        <button type="button" className="btn btn-ghost btn-block sb-more" data-testid="sb-load-more" onClick={onMore}>
          {t('sb_load_more', { shown: events.length, total: totalCount })}
        </button>
      )}
    </section>
  );
}

interface EventRowProps {
  event: EventValue;
  words: SportsWords;
  selected: ReadonlySet<string>;
  onPick: OutcomeButtonsProps['onPick'];
  href: string;
}

function EventRow({ event, words, selected, onPick, href }: EventRowProps) {
  const { t } = words;
  const main = mainMarkets(event.markets);
  const outright = main.result?.type === 'outright' ? main.result : null;
  const shownMarkets = outright ? 1 : [main.result, main.handicap, main.total].filter(Boolean).length;
  const more = Math.max(0, event.marketCount - shownMarkets);
  const score = event.status === 'live' ? event.score : null;
  return (
    <article className={`sb-event${event.status === 'live' ? ' is-live' : ''}${outright ? ' is-outright' : ''}`} data-testid="sb-event" data-event-id={event.eventId} data-status={event.status}>
      <Link to={href} className="sb-event-info" data-testid="sb-event-open">
        <span className="sb-event-competition">
          {words.sport(event.sport)} · {event.competition}
        </span>
        {event.home && event.away ? (
          <span className="sb-teams">
            <span className="sb-team">
              <span className="sb-team-name">{event.home.name}</span>
              {score && <span className="sb-score">{score.home}</span>}
            </span>
            <span className="sb-team">
              <span className="sb-team-name">{event.away.name}</span>
              {score && <span className="sb-score">{score.away}</span>}
            </span>
          </span>
        ) : (
          <span className="sb-teams">
            <span className="sb-team">
              <span className="sb-team-name">{event.competition}</span>
            </span>
            <span className="sb-outright-tag">{t('sb_market_outright')}</span>
          </span>
        )}
        <EventWhen event={event} words={words} />
      </Link>
      {outright ? (
        <div className="sb-markets sb-outright-prices">
          <OutcomeButtons event={event} market={outright} words={words} selected={selected} onPick={onPick} outcomes={favourites(outright.outcomes, OUTRIGHT_FAVOURITES)} />
        </div>
      ) : (
        <div className="sb-markets">
          {COLUMNS.map((column) => {
            const market = main[column];
            return (
              <div key={column} className={`sb-market-cell sb-col-${column}`} data-column={column}>
                {market ? (
                  <OutcomeButtons event={event} market={market} words={words} selected={selected} onPick={onPick} />
                ) : (
                  <span className="sb-no-market" aria-label={t('sb_no_market')}>
                    —
                  </span>
                )}
              </div>
            );
          })}
        </div>
      )}
      <Link
        to={href}
        className="sb-event-more"
        data-testid="sb-event-more"
        aria-label={more > 0 ? t('sb_more_markets_label', { count: more, event: eventTitle(event) }) : t('sb_open_event', { event: eventTitle(event) })}
      >
        {more > 0 ? `+${more}` : '›'}
      </Link>
    </article>
  );
}

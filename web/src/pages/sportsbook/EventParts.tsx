import { clockLabel, isQuotable, outcomeLabel, outcomeShort, type OutcomeNames } from './markets';
import { PriceButton } from './PriceButton';
import { pickId } from './slip';
import type { EventValue, MarketValue } from './sportsbookApi';
import type { SportsWords } from './useSportsWords';

/** The names an event's outcomes are called by. */
export function namesOf(event: EventValue): OutcomeNames {
  return { home: event.home?.name ?? null, away: event.away?.name ?? null, entrants: event.entrants ? new Map(event.entrants.map((entrant) => [entrant.id, entrant.name])) : null };
}

/** The event's name: "Home v Away", or the outright's competition. */
export const eventTitle = (event: EventValue): string => (event.home && event.away ? `${event.home.name} v ${event.away.name}` : event.competition);

/** Live: the LIVE badge with the clock; otherwise the start time in the player's time zone. */
export function EventWhen({ event, words }: { event: EventValue; words: SportsWords }) {
  if (event.status === 'live') {
    const clock = words.label(clockLabel(event.sport, event.score?.clock));
    return (
      <span className="sb-when is-live" data-testid="sb-event-when">
        <span className="sb-live-badge">{words.t('sb_live')}</span>
        {clock && <span className="sb-clock">{clock}</span>}
      </span>
    );
  }
  if (event.status !== 'not_started') {
    return (
      <span className="sb-when" data-testid="sb-event-when">
        {words.t(`sb_event_status_${event.status}`)}
      </span>
    );
  }
  // An outright runs over a season: once it has begun, its start says nothing.
  if (!event.home && Date.parse(event.startsAt) < Date.now()) return null;
  return (
    <time className="sb-when" dateTime={event.startsAt} data-testid="sb-event-when">
      {words.startTime(event.startsAt)}
    </time>
  );
}

/** A market can be picked from while it is active and the event has not ended. */
export const marketOpen = (event: EventValue, market: MarketValue): boolean => market.status === 'active' && (event.status === 'live' || event.status === 'not_started');

export interface OutcomeButtonsProps {
  event: EventValue;
  market: MarketValue;
  words: SportsWords;
  selected: ReadonlySet<string>;
  onPick: (event: EventValue, market: MarketValue, outcome: MarketValue['outcomes'][number]) => void;
  /** Full outcome names beside the prices (the event's page) rather than 1 / X / 2 over them (lists). */
  wide?: boolean;
  /** Only these outcomes, in this order (an outright's favourites). */
  outcomes?: MarketValue['outcomes'];
}

/** A market's prices as buttons; a suspended market shows each price locked. */
export function OutcomeButtons({ event, market, words, selected, onPick, wide = false, outcomes }: OutcomeButtonsProps) {
  const names = namesOf(event);
  const open = marketOpen(event, market);
  const marketName = words.market(market, event.sport);
  return (
    <>
      {(outcomes ?? market.outcomes).map((outcome) => {
        const full = words.label(outcomeLabel(market, outcome.outcome, names));
        const shown = wide || market.type === 'outright' ? full : words.label(outcomeShort(market, outcome.outcome, names));
        const locked = !open || !outcome.active || !isQuotable(outcome.price);
        const id = pickId({ eventId: event.eventId, market: market.key, outcome: outcome.outcome });
        const title = `${eventTitle(event)} · ${marketName} · ${full}${locked ? ` · ${words.t('sb_suspended')}` : ` · ${words.odds(outcome.price)}`}`;
        return (
          <PriceButton
            key={outcome.outcome}
            label={shown}
            price={outcome.price}
            priceText={words.odds(outcome.price)}
            selected={selected.has(id)}
            locked={locked}
            title={title}
            wide={wide}
            eventId={event.eventId}
            market={market.key}
            outcome={outcome.outcome}
            onPick={() => onPick(event, market, outcome)}
          />
        );
      })}
    </>
  );
}

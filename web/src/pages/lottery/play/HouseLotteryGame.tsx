import { useCallback, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router-dom';
import { isFastLotteryFamily, type LotteryFamily, type LotteryOutcome } from '@wps/contracts/lottery-rules';
import { lotteryVerifyHref } from '../../house/verify/lotteryDrawCheck';
import { BetBuilder } from './BetBuilder';
import { BetSlip } from './BetSlip';
import { serverOffsetMs, type DrawPhase } from './board';
import { DrawCountdown } from './DrawCountdown';
import { ResultsBoard } from './ResultsBoard';
import { TicketsList, type LotteryTicketRow } from './TicketsList';
import { TrendsPanel } from './TrendsPanel';
import { familyKey, scheduleWords, type ScheduleInfo } from './labels';
import type { LotterySlipRequest, SlipBet, StakeLimits } from './slip';
import { useWords } from './useWords';
import './play.css';

export interface HouseLotteryGameInfo {
  gameCode: string;
  family: LotteryFamily;
  /** Vietnamese central and south: the province drawn for. */
  region?: string | null;
  limits?: StakeLimits;
  /** When the game draws; shown under its name. */
  schedule?: ScheduleInfo;
}

export interface HouseLotteryOpenDraw {
  drawNo: string;
  /** `open` takes bets until `closesAt`; any other status shows the countdown without taking bets. */
  status: string;
  closesAt: string;
  drawAt: string;
  seedHash: string;
}

export interface HouseLotteryResult {
  drawNo: string;
  outcome: LotteryOutcome | null;
  drawnAt?: string | null;
  seedHash?: string;
  /** Revealed once drawn. */
  serverSeed?: string | null;
}

export interface HouseLotteryGameProps {
  game: HouseLotteryGameInfo;
  /** The draw taking bets (or the next to open); null when there is none. */
  draw: HouseLotteryOpenDraw | null;
  /** A draw whose betting has closed and whose result is not in yet (a fast game already takes bets on the next). */
  closing?: HouseLotteryOpenDraw | null;
  /** The server's clock when `draw` was read (ISO 8601): the countdown runs on it. */
  serverTime: string;
  /** Finished draws, newest first: the last result, the results list and the trends. */
  results: readonly HouseLotteryResult[];
  tickets: readonly LotteryTicketRow[];
  currencySymbol?: string | null;
  /** False for a guest or a demo account: the slip can be built but not placed. */
  canBet?: boolean;
  /** Places one slip on `slip.drawNo`; resolves once placed, rejects with the reason shown to the player. */
  onPlace: (slip: LotterySlipRequest) => Promise<unknown>;
  /** The open draw's time came (the result is due): a chance to read the game again if no push brought it. */
  onDrawDue?: (drawNo: string) => void;
  /** Language tag for times ("en", "es"). */
  locale?: string;
}

type SideTab = 'results' | 'trends' | 'tickets';
/** Results listed at first, and added by each "more". */
const RESULTS_PAGE = 10;

/**
 * One house lottery game: the open draw's countdown and seed hash, the last result, the bet builder and the slip, and
 * beside them (below them on a phone) the latest results, the trends and the member's tickets.
 */
export function HouseLotteryGame({ game, draw, closing, serverTime, results, tickets, currencySymbol, canBet = true, onPlace, onDrawDue, locale }: HouseLotteryGameProps) {
  const words = useWords(currencySymbol);
  const { t } = words;
  const [offsetMs, setOffsetMs] = useState(0);
  useEffect(() => setOffsetMs(serverOffsetMs(serverTime, Date.now())), [serverTime]);

  const [phase, setPhase] = useState<DrawPhase>('open');
  const dueFor = useRef<string | null>(null);
  const onPhase = useCallback(
    (next: DrawPhase) => {
      setPhase(next);
      if (next === 'drawing' && draw && dueFor.current !== draw.drawNo) {
        dueFor.current = draw.drawNo;
        onDrawDue?.(draw.drawNo);
      }
    },
    [draw, onDrawDue],
  );
  const bettingOpen = draw !== null && draw.status === 'open' && phase === 'open';

  const [bets, setBets] = useState<SlipBet[]>([]);
  const nextId = useRef(0);
  const addBet = useCallback((bet: Omit<SlipBet, 'id'>) => setBets((current) => [...current, { ...bet, id: String((nextId.current += 1)) }]), []);
  const removeBet = useCallback((id: string) => setBets((current) => current.filter((bet) => bet.id !== id)), []);
  const clearBets = useCallback(() => setBets([]), []);

  const last = results.find((result) => result.outcome);
  const [tab, setTab] = useState<SideTab>('results');
  const [shownResults, setShownResults] = useState(RESULTS_PAGE);
  const openTickets = tickets.filter((ticket) => ticket.status === 'placed').length;
  const schedule = game.schedule ? scheduleWords(game.schedule, locale ?? 'en') : null;
  const time = (iso: string | null | undefined) => (iso ? new Date(iso).toLocaleString(locale, { dateStyle: 'short', timeStyle: 'short' }) : '');

  return (
    <div className="lp-game" data-testid="lp-game" data-family={game.family}>
      <div className="lp-game-head">
        <h2 className="lp-game-title">
          {t(familyKey(game.family))}
          {game.region ? <span className="lp-muted"> · {game.region}</span> : null}
        </h2>
        {schedule && (
          <span className="lp-schedule lp-muted" data-testid="lp-schedule">
            {t(schedule.key, schedule.params)}
          </span>
        )}
        {closing && closing.drawNo !== draw?.drawNo && <DrawCountdown draw={closing} offsetMs={offsetMs} idPrefix="lp-closing" />}
        {draw ? (
          <DrawCountdown draw={draw} offsetMs={offsetMs} onPhase={onPhase} />
        ) : (
          <p className="lp-muted" data-testid="lp-no-draw">
            {t('lp_no_open_draw')}
          </p>
        )}
      </div>

      <div className="lp-game-body">
        <div className="lp-main">
          <section className="lp-last" aria-labelledby="lp-last-title">
            <h3 id="lp-last-title">
              {t('lp_last_result')}
              {last ? <span className="lp-muted"> · {t('lp_draw', { drawNo: last.drawNo })}</span> : null}
            </h3>
            {last?.outcome ? <ResultsBoard outcome={last.outcome} /> : <p className="lp-muted">{t('lp_no_result')}</p>}
          </section>
          <BetBuilder key={game.family} family={game.family} limits={game.limits} currencySymbol={currencySymbol} slipCount={bets.length} canAdd={draw !== null} onAdd={addBet} />
          <BetSlip
            bets={bets}
            drawNo={draw?.drawNo ?? null}
            canPlace={bettingOpen && canBet}
            blockedKey={!canBet ? 'lp_login_to_bet' : !bettingOpen ? 'lp_betting_closed' : null}
            currencySymbol={currencySymbol}
            onRemove={removeBet}
            onClear={clearBets}
            onPlace={onPlace}
          />
        </div>

        <aside className="lp-side">
          <div className="lp-tabs" role="tablist">
            {(['results', 'trends', 'tickets'] as const).map((option) => (
              <button
                key={option}
                type="button"
                role="tab"
                aria-selected={tab === option}
                className={tab === option ? 'is-on' : undefined}
                data-testid={`lp-tab-${option}`}
                onClick={() => setTab(option)}
              >
                {t(option === 'results' ? 'lp_results' : option === 'trends' ? 'lp_trends' : 'lp_my_tickets')}
                {option === 'tickets' && openTickets > 0 ? ` (${openTickets})` : ''}
              </button>
            ))}
          </div>
          {tab === 'results' &&
            (results.length === 0 ? (
              <p className="lp-muted">{t('lp_no_result')}</p>
            ) : (
              <ol className="lp-results" data-testid="lp-results">
                {results.slice(0, shownResults).map((result) => (
                  <li key={result.drawNo} className="lp-results-item">
                    <div className="lp-results-head">
                      <span>{t('lp_draw', { drawNo: result.drawNo })}</span>
                      {result.drawnAt && <time dateTime={result.drawnAt}>{time(result.drawnAt)}</time>}
                    </div>
                    {result.outcome && <ResultsBoard outcome={result.outcome} compact />}
                    {result.outcome && !isFastLotteryFamily(game.family) && (
                      <details className="lp-results-board">
                        <summary>{t('lp_show_board')}</summary>
                        <ResultsBoard outcome={result.outcome} />
                      </details>
                    )}
                    {result.serverSeed && (
                      <span className="lp-hash" title={result.serverSeed}>
                        {t('lp_seed')}: <code>{result.serverSeed.slice(0, 16)}…</code>{' '}
                        <Link
                          className="lp-verify-link"
                          data-testid="lp-verify-link"
                          to={lotteryVerifyHref({ gameCode: game.gameCode, drawNo: result.drawNo, serverSeed: result.serverSeed, seedHash: result.seedHash ?? '' })}
                        >
                          {t('lp_verify')}
                        </Link>
                      </span>
                    )}
                  </li>
                ))}
                {results.length > shownResults && (
                  <li>
                    <button type="button" className="btn btn-ghost btn-sm btn-block" data-testid="lp-results-more" onClick={() => setShownResults((count) => count + RESULTS_PAGE)}>
                      {t('lp_more')}
                    </button>
                  </li>
                )}
              </ol>
            ))}
          {tab === 'trends' && <TrendsPanel gameCode={game.gameCode} latestDrawNo={last?.drawNo ?? null} />}
          {tab === 'tickets' && <TicketsList tickets={tickets} currencySymbol={currencySymbol} />}
        </aside>
      </div>
    </div>
  );
}

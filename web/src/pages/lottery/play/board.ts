/**
 * The draw panel's rules as pure functions: the countdown to a draw's close and draw from the server's clock, what a
 * fast result says beside its numbers (sums, big/small, dragon/tiger), and how a trend row is shown.
 */
import type { LotteryOutcome, LotteryTrendRow } from '@wps/contracts/lottery-rules';

// ------------------------------------------------------------------------------------------------ countdown

/** `open`: bets taken until the close; `closed`: betting closed, waiting for the draw; `drawing`: the draw is due. */
export type DrawPhase = 'open' | 'closed' | 'drawing';

export interface DrawClock {
  phase: DrawPhase;
  /** Milliseconds left until the close and the draw (never below 0). */
  toCloseMs: number;
  toDrawMs: number;
}

/** Where a draw stands at `serverNowMs` (the browser's clock plus the server's offset). */
export function drawClock(serverNowMs: number, closesAt: string, drawAt: string): DrawClock {
  const close = Date.parse(closesAt);
  const draw = Date.parse(drawAt);
  const toCloseMs = Math.max(0, close - serverNowMs);
  const toDrawMs = Math.max(0, draw - serverNowMs);
  const phase: DrawPhase = serverNowMs < close ? 'open' : serverNowMs < draw ? 'closed' : 'drawing';
  return { phase, toCloseMs, toDrawMs };
}

/** A duration as a clock: "0:09", "4:05", "1:02:03"; whole seconds, rounded up so 0:00 means now. */
export function formatDuration(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const pad = (value: number) => String(value).padStart(2, '0');
  return hours > 0 ? `${hours}:${pad(minutes)}:${pad(seconds)}` : `${minutes}:${pad(seconds)}`;
}

/** The server's clock minus the browser's, from a `serverTime` read at `receivedAtMs`. */
export const serverOffsetMs = (serverTime: string, receivedAtMs: number): number => {
  const server = Date.parse(serverTime);
  return Number.isFinite(server) ? server - receivedAtMs : 0;
};

// ------------------------------------------------------------------------------------------------ fast results

/** What the results board says beside a fast result, as i18n keys of its picks. */
export interface FastSummary {
  sum: number;
  /** Big / small of the sum (ssc, k3) or of the first two cars' sum (pk10); `triple` for k3 triples. */
  size: 'big' | 'small' | 'triple' | null;
  parity: 'odd' | 'even' | null;
  /** ssc: first ball against the fifth; pk10: positions 1–5 against 10–6. */
  dragonTiger: Array<'dragon' | 'tiger' | 'tie'>;
}

export function fastSummary(outcome: LotteryOutcome): FastSummary | null {
  if ('prizes' in outcome) return null;
  const n = outcome.numbers;
  const versus = (a: number, b: number) => (a > b ? 'dragon' : a < b ? 'tiger' : 'tie');
  switch (outcome.family) {
    case 'ssc': {
      const sum = n.reduce((total, ball) => total + ball, 0);
      return { sum, size: sum >= 23 ? 'big' : 'small', parity: sum % 2 ? 'odd' : 'even', dragonTiger: [versus(n[0]!, n[4]!)] };
    }
    case 'k3': {
      const sum = n.reduce((total, die) => total + die, 0);
      const triple = n[0] === n[1] && n[1] === n[2];
      return { sum, size: triple ? 'triple' : sum >= 11 ? 'big' : 'small', parity: sum % 2 ? 'odd' : 'even', dragonTiger: [] };
    }
    case 'pk10': {
      const sum = n[0]! + n[1]!;
      return { sum, size: null, parity: null, dragonTiger: [1, 2, 3, 4, 5].map((position) => versus(n[position - 1]!, n[10 - position]!)) };
    }
    case 'x115':
      return { sum: n.reduce((total, ball) => total + ball, 0), size: null, parity: null, dragonTiger: [] };
  }
}

/** A prize number with the digits a lô / đề bet reads (the last two) set apart. */
export const splitEnding = (number: string): [string, string] => [number.slice(0, -2), number.slice(-2)];

// ------------------------------------------------------------------------------------------------ trends

/** The largest count of a trend row, for scaling its bars (at least 1). */
export const rowPeak = (row: LotteryTrendRow): number => Math.max(1, ...row.counts);

/** The i18n key and values of a trend row's label ("Ball 1", "Lô: …"). */
export const trendRowLabel = (row: LotteryTrendRow): [string, Record<string, number>] => [`lp_trend_${row.kind}`, row.position === null ? {} : { n: row.position }];

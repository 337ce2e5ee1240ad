import type { LotteryGameDefinition } from './games.js';

/** One draw of a game's schedule: when it closes and draws, its number and its place in the sequence. */
export interface DrawSlot {
  drawNo: string;
  /** Grows draw after draw: the slot index since the epoch (interval) or the local day number (daily). */
  seq: number;
  opensAtMs: number;
  closesAtMs: number;
  drawAtMs: number;
}

const DAY_MS = 86_400_000;
const pad = (value: number, width: number) => String(value).padStart(width, '0');

/** `YYYYMMDD` of a local time given as milliseconds shifted by the zone's offset. */
const localDate = (localMs: number): string => {
  const date = new Date(localMs);
  return `${date.getUTCFullYear()}${pad(date.getUTCMonth() + 1, 2)}${pad(date.getUTCDate(), 2)}`;
};

/** The draw of slot `seq`. Fast draws are numbered `YYYYMMDD-NNNN` within their local day, daily ones by the date. */
export function slotOf(game: LotteryGameDefinition, seq: number): DrawSlot {
  const offsetMs = game.utcOffsetMinutes * 60_000;
  const closeMs = game.closeSeconds * 1000;
  if (game.schedule.kind === 'interval') {
    const periodMs = game.schedule.seconds * 1000;
    const drawAtMs = seq * periodMs;
    // A draw at midnight closes the day before: it is that day's last.
    const local = drawAtMs + offsetMs - 1;
    const dayStart = Math.floor(local / DAY_MS) * DAY_MS;
    const index = Math.floor((drawAtMs + offsetMs - dayStart) / periodMs);
    // Betting on a draw opens when the one before it closes.
    return { drawNo: `${localDate(local)}-${pad(index, 4)}`, seq, opensAtMs: drawAtMs - periodMs - closeMs, closesAtMs: drawAtMs - closeMs, drawAtMs };
  }
  const timeMs = (game.schedule.hour * 60 + game.schedule.minute) * 60_000 - offsetMs;
  const drawAtMs = seq * DAY_MS + timeMs;
  // Betting on a draw opens when the game's draw before it closes, a day or more earlier.
  const opensAtMs = previousSlotSeq(game, seq) * DAY_MS + timeMs - closeMs;
  return { drawNo: localDate(seq * DAY_MS), seq, opensAtMs, closesAtMs: drawAtMs - closeMs, drawAtMs };
}

/** Whether the game draws on local day `seq` (days since the epoch; 1970-01-01 was a Thursday). */
const drawsOn = (game: LotteryGameDefinition, seq: number): boolean => game.schedule.kind === 'interval' || !game.schedule.weekdays || game.schedule.weekdays.includes((((seq + 4) % 7) + 7) % 7);

/** The slot after `seq`. */
export function followingSlotSeq(game: LotteryGameDefinition, seq: number): number {
  let next = seq + 1;
  while (!drawsOn(game, next)) next++;
  return next;
}

function previousSlotSeq(game: LotteryGameDefinition, seq: number): number {
  let previous = seq - 1;
  while (!drawsOn(game, previous)) previous--;
  return previous;
}

/** The first slot drawing strictly after `nowMs`. */
export function nextSlotSeq(game: LotteryGameDefinition, nowMs: number): number {
  if (game.schedule.kind === 'interval') return Math.floor(nowMs / (game.schedule.seconds * 1000)) + 1;
  let seq = Math.floor((nowMs + game.utcOffsetMinutes * 60_000) / DAY_MS) - 1;
  while (!drawsOn(game, seq) || slotOf(game, seq).drawAtMs <= nowMs) seq++;
  return seq;
}

/** The slots a runner keeps committed at `nowMs`: the next draw and the one after it (hashes published ahead). */
export function slotsAhead(game: LotteryGameDefinition, nowMs: number, count = 2): DrawSlot[] {
  const seqs = [nextSlotSeq(game, nowMs)];
  while (seqs.length < count) seqs.push(followingSlotSeq(game, seqs.at(-1)!));
  return seqs.map((seq) => slotOf(game, seq));
}

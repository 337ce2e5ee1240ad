import { serverSeedHash } from '@wps/contracts/fairness';
import { lotteryClientSeed, lotteryOutcomeFromSeed, lotteryResultNumbers, type LotteryFamily, type LotteryOutcome } from '@wps/contracts/lottery-rules';

/** A lottery draw as the verify page takes it: from the query string or typed in. */
export interface LotteryDrawFields {
  gameCode: string;
  drawNo: string;
  /** The revealed server seed, 64 hexadecimal characters. */
  serverSeed: string;
  /** The SHA-256 of the server seed, published before the draw opened; may be left empty. */
  seedHash: string;
}

/** The verify page's address for one draw: `/house/verify?lottery=…&draw=…&seed=…&hash=…`. */
export function lotteryVerifyHref(fields: LotteryDrawFields): string {
  const query = new URLSearchParams({ lottery: fields.gameCode, draw: fields.drawNo, seed: fields.serverSeed });
  if (fields.seedHash) query.set('hash', fields.seedHash);
  return `/house/verify?${query.toString()}`;
}

/** The draw named by a verify address's query string (missing fields are empty). */
export function lotteryDrawFieldsOf(params: URLSearchParams): LotteryDrawFields {
  return { gameCode: params.get('lottery') ?? '', drawNo: params.get('draw') ?? '', serverSeed: params.get('seed') ?? '', seedHash: params.get('hash') ?? '' };
}

export type LotteryFieldProblem = 'game' | 'draw' | 'seed' | 'hash';

/** What is wrong with typed fields, before anything is computed: the first problem, or null. */
export function lotteryFieldProblem(fields: LotteryDrawFields): LotteryFieldProblem | null {
  if (!/^[a-z0-9_-]{1,40}$/.test(fields.gameCode.trim())) return 'game';
  if (!/^[0-9-]{8,16}$/.test(fields.drawNo.trim())) return 'draw';
  if (!/^[0-9a-f]{64}$/i.test(fields.serverSeed.trim())) return 'seed';
  if (fields.seedHash.trim() && !/^[0-9a-f]{64}$/i.test(fields.seedHash.trim())) return 'hash';
  return null;
}

export interface LotteryDrawCheck {
  clientSeed: string;
  /** SHA-256 of the revealed seed, computed here. */
  hash: string;
  /** Whether it equals the published hash; null when no hash was given. */
  hashMatches: boolean | null;
  outcome: LotteryOutcome;
  /** The result as the draw lists show it (`lotteryResultNumbers`). */
  numbers: string[];
  /** Whether the recomputed numbers equal the published ones; null when none were given. */
  resultMatches: boolean | null;
}

/**
 * Recomputes a draw in this browser with Web Crypto: the seed's SHA-256 against the published hash, and the numbers
 * drawn from HMAC-SHA256(seed, `${gameCode}:${drawNo}:0:…`) with the same rules the house drew them with.
 */
export async function checkLotteryDraw(family: LotteryFamily, fields: LotteryDrawFields, publishedNumbers?: readonly string[] | null): Promise<LotteryDrawCheck> {
  const gameCode = fields.gameCode.trim();
  const drawNo = fields.drawNo.trim();
  const serverSeed = fields.serverSeed.trim().toLowerCase();
  const clientSeed = lotteryClientSeed(gameCode, drawNo);
  const [hash, outcome] = await Promise.all([serverSeedHash(serverSeed), lotteryOutcomeFromSeed(family, serverSeed, clientSeed)]);
  const numbers = lotteryResultNumbers(outcome);
  const published = fields.seedHash.trim().toLowerCase();
  return {
    clientSeed,
    hash,
    hashMatches: published ? hash === published : null,
    outcome,
    numbers,
    resultMatches: publishedNumbers ? publishedNumbers.join(',') === numbers.join(',') : null,
  };
}

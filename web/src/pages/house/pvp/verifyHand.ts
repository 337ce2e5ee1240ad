import { DrawStream, outcomeBytes, precomputedBlocks, serverSeedHash } from '@wps/contracts/fairness';
import { comparePvpHands, dealPvpHands, evaluatePvpHand, shufflePvpDeck, type PvpHandRank } from '@wps/contracts/house-pvp-cards';
import type { PvpHandProof } from '@wps/contracts/house-pvp';
import { parseMajor } from '@wps/contracts/money';

// A finished Teen Patti hand is recomputed in the browser from its revealed server seed, the table's client seed and the
// hand number (the nonce): the contracts' shuffle and ranking (the server's too) over the HMAC-SHA256 stream read with
// Web Crypto here and with node:crypto on the server (a unit test keeps the two equal).

/** 51 draws read 51 words (7 blocks); the rest leaves room for rejected words, which are very rare. */
const BLOCKS = 12;

export interface VerifiedHand {
  hashMatches: boolean;
  /** Each player's three cards, in turn order (dealt one at a time round the table). */
  hands: string[][];
}

export async function verifyTeenPattiHand(input: { serverSeed: string; seedHash: string; clientSeed: string; nonce: number; players: number }): Promise<VerifiedHand> {
  const bytes = await outcomeBytes(input.serverSeed, input.clientSeed, input.nonce, BLOCKS);
  const hands = dealPvpHands(shufflePvpDeck(new DrawStream(precomputedBlocks(bytes))), input.players);
  return { hashMatches: (await serverSeedHash(input.serverSeed)) === input.seedHash, hands };
}

export interface PvpSeatCheck {
  seatNo: number;
  player: string;
  /** The cards the revealed seed deals this seat. */
  cards: string[];
  stored: string[];
  matches: boolean;
  rank: PvpHandRank;
  shown: boolean;
  packed: boolean;
}

export interface PvpHandCheck {
  hashMatches: boolean;
  dealMatches: boolean;
  seats: PvpSeatCheck[];
  /** The winner the recomputed cards and the actions give; null for a refunded hand. */
  winnerSeat: number | null;
  winnerMatches: boolean;
  /** The pot as the sum of the stakes, the published rake and the winner's payout; null for a refunded hand (every stake came back). */
  potMatches: boolean | null;
  passed: boolean;
}

/** Who wins a hand under the server's rules (services/house/src/pvp/rules.ts `decide`), from the dealt cards and the actions. */
function recomputeWinner(proof: PvpHandProof, cardsOf: (seat: number) => string[]): number | null {
  if (proof.status === 'refunded') return null;
  const packed = new Set(proof.actions.filter((action) => action.kind === 'pack' || action.kind === 'timeout').map((action) => action.seatNo));
  const stillIn = proof.players.filter((player) => player.status !== 'refunded' && !packed.has(player.seatNo)).map((player) => player.seatNo);
  if (proof.endedBy === 'pack') return stillIn.length === 1 ? stillIn[0]! : null;
  if (proof.endedBy === 'show') {
    const asker = [...proof.actions].reverse().find((action) => action.kind === 'show')?.seatNo;
    const other = stillIn.find((seat) => seat !== asker);
    if (asker === undefined || other === undefined || stillIn.length !== 2) return null;
    // On equal hands the player who asked for the show loses.
    return comparePvpHands(cardsOf(asker), cardsOf(other)) > 0 ? asker : other;
  }
  if (proof.endedBy === 'pot-limit') {
    const reacher = proof.actions[proof.actions.length - 1]?.seatNo;
    const at = stillIn.indexOf(reacher ?? -1);
    if (at < 0) return null;
    // Everyone still in shows from the player after the one who reached the limit; equal best hands go to the first.
    const inOrder = [...stillIn.slice(at + 1), ...stillIn.slice(0, at + 1)];
    return inOrder.reduce((best, seat) => (comparePvpHands(cardsOf(seat), cardsOf(best)) > 0 ? seat : best));
  }
  return null;
}

/** Checks a finished hand's proof in this browser: the seed against its hash, the deal, the winner and the money. */
export async function checkPvpHandProof(proof: PvpHandProof): Promise<PvpHandCheck> {
  const verified = await verifyTeenPattiHand({ serverSeed: proof.serverSeed, seedHash: proof.seedHash, clientSeed: proof.clientSeed, nonce: proof.nonce, players: proof.players.length });
  const packed = new Set(proof.actions.filter((action) => action.kind === 'pack' || action.kind === 'timeout').map((action) => action.seatNo));
  const seats = proof.players.map((player, order) => {
    const cards = verified.hands[order]!;
    return {
      seatNo: player.seatNo,
      player: player.player,
      cards,
      stored: player.cards,
      matches: cards.join() === player.cards.join(),
      rank: evaluatePvpHand(cards).rank,
      shown: player.shown,
      packed: packed.has(player.seatNo),
    };
  });
  const cardsOf = (seat: number) => seats.find((entry) => entry.seatNo === seat)!.cards;
  const winnerSeat = recomputeWinner(proof, cardsOf);
  const winnerMatches = winnerSeat === proof.winnerSeat;
  let potMatches: boolean | null = null;
  if (proof.status === 'settled') {
    const minor = (text: string) => parseMajor(text, proof.currency) ?? -1n;
    const pot = proof.actions.reduce((sum, action) => sum + minor(action.amount), 0n);
    const rake = (pot * BigInt(proof.rakeBp) + 9_999n) / 10_000n;
    const paid = proof.players.every((player) => minor(player.payout) === (player.seatNo === proof.winnerSeat ? pot - rake : 0n));
    potMatches = pot === minor(proof.pot) && rake === minor(proof.rake) && pot - rake === minor(proof.payout) && paid;
  }
  const dealMatches = seats.every((seat) => seat.matches);
  return { hashMatches: verified.hashMatches, dealMatches, seats, winnerSeat, winnerMatches, potMatches, passed: verified.hashMatches && dealMatches && winnerMatches && potMatches !== false };
}

import {
  DICE_CHANCE_LIMITS,
  HOUSE_BET_LIMITS,
  HOUSE_EDGE,
  MINES_LIMITS,
  PLINKO_RISKS,
  PLINKO_ROWS,
  plinkoMultipliers,
  plinkoRtp,
  SLOT_GAMES,
  slotRtp,
  // FISH
  FISH_BET_LIMITS,
  FISH_CANNON_LEVELS,
  FISH_GAME_CODE,
  FISH_KINDS,
  FISH_RTP,
  fishCatchChance,
  useCases,
} from '@wps/contracts';
import { edgeOperation } from '../use-cases.js';

/** The published rules of a solo game: limits, edge, and the slots' paytables with their exactly computed return. */
function rulesOf(game: string): Record<string, unknown> {
  const limits = { minBet: HOUSE_BET_LIMITS.min, maxBet: HOUSE_BET_LIMITS.max };
  if (game === 'house-dice') return { game, ...limits, houseEdge: HOUSE_EDGE, chance: DICE_CHANCE_LIMITS, rtp: 1 - HOUSE_EDGE };
  if (game === 'house-mines') return { game, ...limits, houseEdge: HOUSE_EDGE, tiles: 25, mines: MINES_LIMITS, rtp: 1 - HOUSE_EDGE };
  if (game === 'house-plinko') {
    const tables = PLINKO_RISKS.flatMap((risk) => PLINKO_ROWS.map((rows) => ({ risk, rows, multipliers: plinkoMultipliers(rows, risk), rtp: plinkoRtp(rows, risk) })));
    return { game, ...limits, tables };
  }
  // FISH: every kind returns the same RTP by construction (catch chance = RTP / multiplier).
  if (game === FISH_GAME_CODE) {
    return {
      game,
      minBet: FISH_BET_LIMITS.min,
      maxBet: FISH_BET_LIMITS.max,
      cannonLevels: FISH_CANNON_LEVELS,
      rtp: FISH_RTP,
      kinds: FISH_KINDS.map((fish) => ({ ...fish, catchChance: fishCatchChance(fish.multiplier) })),
    };
  }
  const slot = SLOT_GAMES[game]!;
  const rtp = slotRtp(slot);
  return {
    game,
    ...limits,
    symbols: slot.symbols,
    lines: slot.lines,
    reels: slot.reels,
    freeSpins: slot.freeSpins,
    freeSpinMultiplier: slot.freeSpinMultiplier,
    scattersToTrigger: slot.scattersToTrigger,
    rtp: rtp.total,
    rtpBreakdown: rtp,
  };
}

const rules = new Map<string, Record<string, unknown>>();

/** The house games' calls the gateway answers itself: a solo game's rules are computed from the shared rule code. */
export const houseEdgeOperations = Object.fromEntries([
  edgeOperation(useCases.houseGameRules, async ({ request }) => {
    let found = rules.get(request.game);
    if (!found) rules.set(request.game, (found = rulesOf(request.game)));
    return { value: found };
  }),
]);

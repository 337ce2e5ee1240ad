import { type UseCaseRequest, type UseCaseResponse, type UseCases } from '@wps/contracts';
import { useCases } from '../../../useCases';
import { call } from '../../../api';
import { uuid } from '../../../uuid';

type Answer<K extends keyof UseCases> = UseCaseResponse<UseCases[K]>;
/** A play's fields as the game sends them; the request id is added here. */
type Play<K extends keyof UseCases> = Omit<UseCaseRequest<UseCases[K]>, 'requestId'>;

/** A round as the house API answers it; `serverSeed` is null until rotation reveals it. */
export type HouseRound = Answer<'houseDice'>;
export type FairnessState = Answer<'houseFairness'>;
export type Rotation = Answer<'houseRotateSeed'>;

/** Every play carries a fresh request id, so a retried call answers the first round instead of betting twice. */
export const newRequestId = (): string => uuid().replace(/[^A-Za-z0-9_-]/g, '');

export const houseApi = {
  fairness: (game: string) => call(useCases.houseFairness, { game }),
  setClientSeed: (game: string, clientSeed: string) => call(useCases.houseSetClientSeed, { game, clientSeed }),
  rotate: (game: string) => call(useCases.houseRotateSeed, { game }),
  rounds: (game: string, pageSize = 10) => call(useCases.houseRounds, { game, pageNo: 1, pageSize }),
  /** The game's published rules; each game reads the part it shows. */
  rules: <T extends Record<string, unknown>>(game: string) => call(useCases.houseGameRules, { game }) as Promise<T>,
  dice: (body: Play<'houseDice'>) => call(useCases.houseDice, { ...body, requestId: newRequestId() }),
  plinko: (body: Play<'housePlinko'>) => call(useCases.housePlinko, { ...body, requestId: newRequestId() }),
  slot: (body: Play<'houseSlotSpin'>) => call(useCases.houseSlotSpin, { ...body, requestId: newRequestId() }),
  minesStart: (body: Play<'houseMinesStart'>) => call(useCases.houseMinesStart, { ...body, requestId: newRequestId() }),
  minesReveal: (roundId: string, tile: number) => call(useCases.houseMinesReveal, { roundId, tile }),
  minesCashout: (roundId: string) => call(useCases.houseMinesCashout, { roundId }),
  minesActive: () => call(useCases.houseMinesActive, {}),
};

/** The verify page's address for a round, with everything needed to recompute it. */
export function verifyLink(round: HouseRound): string {
  const query = new URLSearchParams({ game: round.game, serverSeed: round.serverSeed ?? '', clientSeed: round.clientSeed, nonce: String(round.nonce) });
  for (const [name, value] of Object.entries(round.params)) query.set(name, String(value));
  return `/house/verify?${query.toString()}`;
}

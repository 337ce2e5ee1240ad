import { request } from '../../../api';
import { uuid } from '../../../uuid';

/** A round as the house API answers it; `serverSeed` is null until rotation reveals it. */
export interface HouseRound {
  roundId: string;
  game: string;
  state: 'pending' | 'open' | 'settling' | 'settled' | 'refunded';
  currency: string;
  amount: string;
  win: string;
  multiplier: string;
  serverSeedHash: string;
  serverSeed: string | null;
  clientSeed: string;
  nonce: number;
  params: Record<string, unknown>;
  result: Record<string, unknown>;
  createdAt: string;
  settledAt: string | null;
  balance?: string;
}

export interface FairnessState {
  game: string;
  serverSeedHash: string;
  clientSeed: string;
  nonce: number;
}

export interface Rotation {
  revealedServerSeed: string;
  revealedServerSeedHash: string;
  newServerSeedHash: string;
  clientSeed: string;
  nonce: number;
}

export interface RoundPage {
  content: HouseRound[];
  total: number;
}

/** Every play carries a fresh request id, so a retried call answers the first round instead of betting twice. */
const play = <T>(path: string, body: Record<string, unknown>) => request<T>('POST', path, { auth: true, body: { ...body, requestId: uuid().replace(/[^A-Za-z0-9_-]/g, '') } });

export const houseApi = {
  fairness: (game: string) => request<FairnessState>('GET', `/wps/house/fairness?game=${encodeURIComponent(game)}`, { auth: true }),
  setClientSeed: (game: string, clientSeed: string) => request<FairnessState>('PUT', '/wps/house/fairness/client-seed', { auth: true, body: { game, clientSeed } }),
  rotate: (game: string) => request<Rotation>('POST', '/wps/house/fairness/rotate', { auth: true, body: { game } }),
  rounds: (game: string, pageSize = 10) => request<RoundPage>('GET', `/wps/house/rounds?game=${encodeURIComponent(game)}&pageNo=1&pageSize=${pageSize}`, { auth: true }),
  rules: <T>(game: string) => request<T>('GET', `/wps/house/games/${encodeURIComponent(game)}/rules`),
  dice: (body: { amount: string; direction: 'over' | 'under'; target: string }) => play<HouseRound>('/wps/house/dice/play', body),
  plinko: (body: { amount: string; rows: number; risk: string }) => play<HouseRound>('/wps/house/plinko/play', body),
  slot: (body: { game: string; amount: string }) => play<HouseRound>('/wps/house/slots/spin', body),
  minesStart: (body: { amount: string; mines: number }) => play<HouseRound>('/wps/house/mines/start', body),
  minesReveal: (roundId: string, tile: number) => request<HouseRound>('POST', '/wps/house/mines/reveal', { auth: true, body: { roundId, tile } }),
  minesCashout: (roundId: string) => request<HouseRound>('POST', '/wps/house/mines/cashout', { auth: true, body: { roundId } }),
  minesActive: () => request<HouseRound | null>('GET', '/wps/house/mines/active', { auth: true }),
};

/** The verify page's address for a round, with everything needed to recompute it. */
export function verifyLink(round: HouseRound): string {
  const query = new URLSearchParams({ game: round.game, serverSeed: round.serverSeed ?? '', clientSeed: round.clientSeed, nonce: String(round.nonce) });
  for (const [name, value] of Object.entries(round.params)) query.set(name, String(value));
  return `/house/verify?${query.toString()}`;
}

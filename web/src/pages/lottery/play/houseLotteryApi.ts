import { type UseCaseResponse, type UseCases } from '@wps/contracts';
import { useCases } from '../../../useCases';
import { call } from '../../../api';
import type { LotterySlipRequest } from './slip';

type Answer<K extends keyof UseCases> = UseCaseResponse<UseCases[K]>;

export type LotteryGameStateValue = Answer<'lotteryGameState'>;
export type LotteryGamesValue = Answer<'lotteryGames'>;
export type LotteryTicketValue = Answer<'lotteryMyTickets'>['list'][number];
export type LotteryDrawValue = Answer<'lotteryHistory'>['list'][number];
export type LotteryTrendsValue = Answer<'lotteryTrends'>;

/** The house lottery's calls, as the lottery pages make them. */
export const houseLotteryApi = {
  games: (signal?: AbortSignal) => call(useCases.lotteryGames, {}, { signal }),
  /** With the session, so the answer carries the member's tickets in the open draw. */
  state: (gameCode: string, withSession: boolean) => call(useCases.lotteryGameState, { gameCode }, { withSession }),
  history: (gameCode: string, pageSize = 50) => call(useCases.lotteryHistory, { gameCode, pageNo: 1, pageSize }),
  trends: (gameCode: string, draws: number) => call(useCases.lotteryTrends, { gameCode, draws }),
  myTickets: (gameCode: string, pageSize = 50) => call(useCases.lotteryMyTickets, { gameCode, status: '', pageNo: 1, pageSize }),
  place: (gameCode: string, slip: LotterySlipRequest) => call(useCases.placeLotterySlip, { gameCode, ...slip }, { idempotencyKey: slip.requestId }),
};

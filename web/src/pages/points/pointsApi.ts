import { type UseCaseResponse, type UseCases } from '@wps/contracts';
import { useCases } from '../../useCases';
import { call, type Paged } from '../../api';

export type PointSummary = UseCaseResponse<UseCases['pointBalance']>;
export type PointRewardItem = UseCaseResponse<UseCases['pointRewards']>['list'][number];
export type RedemptionItem = UseCaseResponse<UseCases['redeemPointList']>['list'][number];
export type PointDetailItem = UseCaseResponse<UseCases['pointDetails']>['list'][number];
export type PointConfigValue = UseCaseResponse<UseCases['pointConfig']>;
export interface DeliveryAddress {
  name: string;
  phone: string;
  address: string;
}

export const POINTS_PAGE_SIZE = 10;

const paged = <T>(page: { list: T[]; pageNo: number; totalPages: number; total: number }): Paged<T> => ({ content: page.list, pageNum: page.pageNo, totalPages: page.totalPages, total: page.total });

/** The points mall's calls. */
export const pointsApi = {
  summary: () => call(useCases.pointBalance, {}),
  config: () => call(useCases.pointConfig, {}),
  rewards: () => call(useCases.pointRewards, {}),
  history: async (pageNo: number) => paged(await call(useCases.redeemPointList, { pageNo, pageSize: POINTS_PAGE_SIZE })),
  details: async (pageNo: number) => paged(await call(useCases.pointDetails, { pageNo, pageSize: POINTS_PAGE_SIZE })),
  redeem: (body: { rewardId: string; quantity: number; delivery?: DeliveryAddress; paymentPassword: string }, idempotencyKey: string) => call(useCases.redeemPointReward, body, { idempotencyKey }),
  convert: (body: { points: string; paymentPassword: string }, idempotencyKey: string) => call(useCases.convertPoint, body, { idempotencyKey }),
};

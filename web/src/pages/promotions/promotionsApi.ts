import { queryOptions } from '@tanstack/react-query';
import { useCases } from '../../useCases';
import { call } from '../../api';
import { deviceId } from '../../components/envelopes/deviceId';
import { promotionKeys } from './promotionsState';

/** The promotions page's calls. Joins, claims and applications carry this browser's device id. */
export const promotionsApi = {
  page: (signedIn: boolean) => call(useCases.promotionPage, {}, { withSession: signedIn }),
  detail: (promotionId: string, signedIn: boolean) => call(useCases.promotionDetail, { promotionId }, { withSession: signedIn }),
  join: (promotionId: string) => call(useCases.joinPromotion, { promotionId, deviceId: deviceId() }),
  claim: (promotionId: string, idempotencyKey: string) => call(useCases.claimPromotion, { promotionId, deviceId: deviceId() }, { idempotencyKey }),
  apply: (promotionId: string, body: { comment: string; images: string[] }, idempotencyKey: string) =>
    call(useCases.applyPromotion, { promotionId, deviceId: deviceId(), ...body }, { idempotencyKey }),
};

/** The promotions page of a session (guest: null token) in a language: one query, wherever it is shown. */
export const promotionPageQuery = (token: string | null, language: string) => queryOptions({ queryKey: promotionKeys.page(token, language), queryFn: () => promotionsApi.page(token !== null) });

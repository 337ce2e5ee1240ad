import { useCases } from '../../../useCases';
import { ApiError, call } from '../../../api';
import { newRequestId, type HouseRound } from '../solo/houseApi';

export interface FishResult {
  kind: string;
  roll: string;
  chance: number;
  caught: boolean;
}

/**
 * One shot per call. A shot whose outcome is unknown (network, server busy) is sent again once with the same request
 * id, so the server answers the first round instead of charging twice.
 */
async function shoot(amount: string, kind: string): Promise<HouseRound> {
  const body = { amount, kind, requestId: newRequestId() };
  try {
    return await call(useCases.houseFishShoot, body);
  } catch (error) {
    const unknownOutcome = error instanceof ApiError && (error.code === 'NETWORK' || error.status >= 500);
    if (!unknownOutcome) throw error;
    return call(useCases.houseFishShoot, body);
  }
}

export const fishApi = {
  shoot,
};

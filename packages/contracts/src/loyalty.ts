import { z } from 'zod';
import { defineRpc } from './rpc.js';
import { memberIdSchema } from './ids.js';
import { pointsMallRpcMethods } from './loyalty-points.js';
import { vipRpcMethods } from './loyalty-vip.js';
import { missionsRpcMethods } from './loyalty-missions.js';
import { envelopesRpcMethods } from './loyalty-envelopes.js';
import { rewardsRpcMethods } from './loyalty-rewards.js';
import { promotionsRpcMethods } from './loyalty-promotions.js';
import { referralRpcMethods } from './loyalty-referral.js';
import { raffleRpcMethods } from './loyalty-raffle.js';
import { rebateRpcMethods } from './loyalty-rebate.js';

/** The points service: loyalty. Points and the points mall, VIP, missions, red envelopes and the reward centre. */
export const pointsRpc = defineRpc({
  getPointBalance: {
    input: z.object({ memberId: memberIdSchema }),
    output: z.object({ memberId: z.string(), points: z.string() }).nullable(),
  },
  ...pointsMallRpcMethods,
  ...vipRpcMethods,
  ...missionsRpcMethods,
  ...envelopesRpcMethods,
  ...rewardsRpcMethods,
  ...promotionsRpcMethods,
  ...referralRpcMethods,
  ...raffleRpcMethods,
  ...rebateRpcMethods,
});
export type PointsRpc = typeof pointsRpc;

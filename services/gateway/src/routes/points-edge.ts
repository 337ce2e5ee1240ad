import { useCases } from '@wps/contracts';
import { edgeOperation } from '../use-cases.js';

/**
 * The points calls behind the payment password (spec §7 "passwordCheck"): identity checks the password, then the points
 * service redeems or converts. A wrong password spends nothing.
 */
export const pointsEdgeOperations = Object.fromEntries([
  edgeOperation(useCases.redeemPointReward, async ({ request, context, clients }) => {
    const { memberId, merchantCode, currency } = context.principal!;
    await clients.identity.verifyPaymentPassword({ memberId, password: request.paymentPassword ?? '' });
    const redemption = await clients.points.redeemPointReward({
      memberId,
      merchantCode,
      currency,
      rewardId: request.rewardId,
      quantity: request.quantity,
      ...(request.delivery ? { delivery: request.delivery } : {}),
      idempotencyKey: request.idempotencyKey!,
    });
    return { value: redemption };
  }),
  edgeOperation(useCases.convertPoint, async ({ request, context, clients }) => {
    const { memberId, merchantCode, currency } = context.principal!;
    await clients.identity.verifyPaymentPassword({ memberId, password: request.paymentPassword ?? '' });
    const conversion = await clients.points.convertPoints({ memberId, merchantCode, currency, points: request.points, idempotencyKey: request.idempotencyKey! });
    return { value: conversion };
  }),
]);

import { z } from 'zod';
import { pathIdText } from './fields.js';
import { serviceUseCase } from '../use-case.js';
import { operatorBonusBodySchema, walletBonusRpcMethods as rpc } from '../wallet-bonuses.js';
import { supportedCurrencySchema } from '../money.js';
import { ROW_ID_PATTERN, rowIdSchema } from '../ids.js';

const WALLET_MEMBER = { memberId: 'memberId', merchantCode: 'merchantCode', currency: 'currency' } as const;
const common = { tag: 'Bonuses', rateLimit: 'ip', auth: 'member' } as const;
/** The back office: the operator API token. */
const desk = { tag: 'Operator', auth: 'operator', rateLimit: 'none', bodyLimit: '16kb' } as const;
const memberPathId = pathIdText(ROW_ID_PATTERN, 'NOT_FOUND');

/** Bonus money: the member's bonuses with their wagering progress, and giving one up. */
export const bonusUseCases = {
  listBonuses: serviceUseCase({
    ...common,
    id: 'listBonuses',
    summary: 'My bonuses: the bonus balance, and each bonus with its wagering requirement and progress',
    description:
      'Open bonuses first, then the newest ended ones. Progress counts settled valid bets weighted by game type (the bonus’s ' +
      '`weights`, in percent); a cancelled bet takes back what it counted. Changes arrive as `bonus` pushes.',
    method: 'GET',
    paths: ['/wps/bonuses'],
    idempotent: false,
    request: z.object({ limit: z.coerce.number().int().min(1).max(100).optional() }),
    response: rpc.listBonuses.output,
    operation: { service: 'wallet', method: 'listBonuses' },
    context: { ...WALLET_MEMBER, language: 'interfaceLanguage' },
  }),
  forfeitBonus: serviceUseCase({
    ...common,
    id: 'forfeitBonus',
    summary: 'Gives a bonus that is still wagering up: what is left of it goes back to the brand',
    method: 'POST',
    paths: ['/wps/bonuses/forfeit'],
    idempotent: false,
    request: z.object({ bonusId: rowIdSchema }),
    response: rpc.forfeitBonus.output,
    operation: { service: 'wallet', method: 'forfeitBonus' },
    context: { memberId: 'memberId', merchantCode: 'merchantCode' },
  }),
  operatorGrantBonus: serviceUseCase({
    ...desk,
    id: 'operatorGrantBonus',
    summary: 'Gives a member a bonus by hand, with its wagering terms, from the brand’s promotions account',
    description: 'Refused with BONUS_ALREADY_ACTIVE while the member has a bonus wagering. Once per Idempotency-Key.',
    method: 'POST',
    paths: ['/operator/v1/members/:memberId/bonuses'],
    idempotent: true,
    request: operatorBonusBodySchema.extend({ memberId: memberPathId }),
    response: rpc.operatorGrantBonus.output,
    operation: { service: 'wallet', method: 'operatorGrantBonus' },
    context: { operator: 'operator' },
  }),
  operatorMemberBonuses: serviceUseCase({
    ...desk,
    id: 'operatorMemberBonuses',
    summary: 'A member’s bonuses with their wagering progress, and its bonus balance',
    method: 'GET',
    paths: ['/operator/v1/members/:memberId/bonuses'],
    idempotent: false,
    request: z.object({ memberId: memberPathId, currency: supportedCurrencySchema }),
    response: rpc.operatorListBonuses.output,
    operation: { service: 'wallet', method: 'operatorListBonuses' },
  }),
};

import { isAgentType, isTrialType, type ErrorCode } from '@wps/contracts';

export interface TransferParties {
  fromMemberId: string;
  fromType: number;
  toMemberId: string;
  toType: number;
  toIsDirectUplineOfFrom: boolean;
  toIsInDownlineOfFrom: boolean;
}

/**
 * Agents pay into their downline at any depth, members only into their direct upline, trial accounts never. A trial
 * account as the target is answered like any other member out of reach, so the answer does not tell a trial name from
 * a real one.
 */
export function transferRefusal(parties: TransferParties): ErrorCode | undefined {
  if (isTrialType(parties.fromType)) return 'TRIAL_ACCOUNT_REFUSED';
  const fromAgent = isAgentType(parties.fromType);
  if (parties.fromMemberId === parties.toMemberId || isTrialType(parties.toType)) return fromAgent ? 'TRANSFER_DOWNLINE_ONLY' : 'TRANSFER_UPLINE_ONLY';
  if (fromAgent) return parties.toIsInDownlineOfFrom ? undefined : 'TRANSFER_DOWNLINE_ONLY';
  return parties.toIsDirectUplineOfFrom ? undefined : 'TRANSFER_UPLINE_ONLY';
}

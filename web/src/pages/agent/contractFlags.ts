/**
 * The member's consolidated contract flags (spec §3, §6): which contract kinds the agent works with, and so which
 * contract pages the menu shows. Null until known; the menu then shows every kind.
 */
import { useQuery } from '@tanstack/react-query';
import { useSession } from '../../state/session';
import { agentApi, agentKeys, type Consolidated } from './agentApi';

export type ContractFlags = Pick<Consolidated, 'enableCt' | 'salary' | 'hourSalary' | 'agentRealtimeSalary'>;

export function useContractFlags(): ContractFlags | null {
  const { token } = useSession();
  const { data } = useQuery({ queryKey: agentKeys.consolidated(token ?? ''), queryFn: ({ signal }) => agentApi.consolidated(signal), enabled: token !== null });
  return data ?? null;
}

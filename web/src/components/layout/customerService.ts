/** The brand's customer-service entries (status call, `info.customerService`) as the side menu and footer show them. */
import { useQuery } from '@tanstack/react-query';
import { systemStatusQuery } from '../../state/queries';
import type { CustomerServiceEntry } from '../../state/system';

export { openCustomerServiceEntry, type CustomerServiceEntry } from '../../state/system';
export { channelsOf, groupByType } from './channels';

const NO_ENTRIES: CustomerServiceEntry[] = [];

export function useCustomerServiceEntries(): CustomerServiceEntry[] {
  const { data } = useQuery({ ...systemStatusQuery, select: (status) => status.info?.customerService });
  return data ?? NO_ENTRIES;
}

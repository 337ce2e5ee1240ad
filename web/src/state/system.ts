/** The brand's status, read at start: whether the site is open, in maintenance or closed to the visitor's region. */
import { useCallback } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError, errorMessage, type SystemStatus } from '../api';
import { changeLanguage, currentLanguage, normaliseLanguage } from '../i18n';
import { readStoredLanguage, storeMerchantCode } from '../session';
import { queryKeys, systemStatusQuery } from './queries';
import { sessionStore } from './session';
import { useStoreValue } from './store';
import { showNotice } from './ui';

export type Phase = 'loading' | 'error' | 'ready';
export type SystemMode = 'normal' | 'maintenance' | 'blocked';

export function modeFrom(status: SystemStatus): SystemMode {
  if (status.status === 1) return 'maintenance';
  if (status.status === 2) return 'blocked';
  if (status.maintenance) return 'maintenance';
  if (status.regionRestriction) return 'blocked';
  return 'normal';
}

/** What the brand's status sets in the page: the stored brand, the title, and the default language when none was chosen. */
export function applyBrand(status: SystemStatus): void {
  const merchant = status.info?.merchant;
  storeMerchantCode(merchant?.code);
  if (merchant && merchant.name) document.title = merchant.name;
  // No stored choice: follow the brand's default language when the UI has a pack for it.
  if (!readStoredLanguage()) {
    const brandDefault = normaliseLanguage(merchant?.defaultLanguage);
    if (brandDefault && brandDefault !== currentLanguage()) changeLanguage(brandDefault, false);
  }
}

export interface SystemView {
  /** Loading until the status (and a stored session) is known; error when the status could not be read. */
  phase: Phase;
  mode: SystemMode;
  system: SystemStatus | null;
  blockedIp: string | null;
  maintenanceEnd: string | null;
  startError: string | null;
  retryStart: () => void;
  merchantName: string;
}

/** The status query read as the start-up's phase and the site's mode. */
export function useSystem(): SystemView {
  const client = useQueryClient();
  const { data, error, isFetching } = useQuery(systemStatusQuery);
  const authReady = useStoreValue(sessionStore, (state) => state.authReady);
  const retryStart = useCallback(() => void client.resetQueries({ queryKey: queryKeys.systemStatus }), [client]);
  const base = { system: data ?? null, retryStart, merchantName: data?.info?.merchant?.name || 'WPS', startError: null, blockedIp: null, maintenanceEnd: null };

  if (data) {
    const mode = modeFrom(data);
    return { ...base, phase: mode !== 'normal' || authReady ? 'ready' : 'loading', mode, blockedIp: data.location?.ip ?? null, maintenanceEnd: data.maintenanceEnd ?? null };
  }
  if (error && !isFetching) {
    // The server answers maintenance and region blocks as errors carrying the details.
    if (error instanceof ApiError && error.code === 'MAINTENANCE') {
      const value = (error.value ?? {}) as { maintenanceEnd?: string | null };
      return { ...base, phase: 'ready', mode: 'maintenance', maintenanceEnd: value.maintenanceEnd ?? null };
    }
    if (error instanceof ApiError && error.code === 'REGION_RESTRICTED') {
      const value = (error.value ?? {}) as { ip?: string };
      return { ...base, phase: 'ready', mode: 'blocked', blockedIp: value.ip ?? null };
    }
    return { ...base, phase: 'error', mode: 'normal', startError: errorMessage(error) };
  }
  return { ...base, phase: 'loading', mode: 'normal' };
}

/** Opens the brand's first web customer-service link in a window, or says there is none. */
export function useCustomerService(): () => void {
  const { t } = useTranslation();
  const { data: entries } = useQuery({ ...systemStatusQuery, select: (status) => status.info?.customerService });
  return useCallback(() => {
    const link = (entries ?? []).find((entry) => typeof entry.path === 'string' && /^https?:\/\//i.test(entry.path));
    if (link?.path) {
      window.open(link.path, 'customer-service', 'width=440,height=750');
      return;
    }
    showNotice({ title: t('customer_service'), text: t('customer_service_unavailable') });
  }, [entries, t]);
}

/** The brand's status, read at start: whether the site is open, in maintenance or closed to the visitor's region. */
import { useCallback } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ApiError, errorMessage, type SystemStatus } from '../api';
import { SUPPORT_CHAT_PATH } from '@wps/contracts/shared-values';
import i18n, { changeLanguage, currentLanguage, normaliseLanguage } from '../i18n';
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
    if (brandDefault && brandDefault !== currentLanguage()) void changeLanguage(brandDefault, false);
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

/** One customer-service entry of the brand's status: its type (LIVECHAT, TELEGRAM, WHATSAPP, …), path and title. */
export type CustomerServiceEntry = NonNullable<SystemStatus['info']>['customerService'][number];

/** Where an entry leads: the in-house chat page for LIVECHAT without a path of its own, else its web address, else nowhere. */
export function customerServiceUrl(entry: CustomerServiceEntry): string | null {
  if (entry.csType === 'LIVECHAT' && !entry.path) return SUPPORT_CHAT_PATH;
  return /^https?:\/\//i.test(entry.path) ? entry.path : null;
}

/**
 * Opens one customer-service entry in the 440×750 customer-service window (a tab on phones), or says why it cannot:
 * the entry leads nowhere, or the browser blocked the window. Answers whether the window opened.
 */
export function openCustomerServiceEntry(entry: CustomerServiceEntry): boolean {
  const url = customerServiceUrl(entry);
  if (!url) {
    showNotice({ title: i18n.t('customer_service'), text: i18n.t('customer_service_unavailable') });
    return false;
  }
  const opened = window.open(url, 'customer-service', 'width=440,height=750');
  if (!opened) showNotice({ title: i18n.t('in_popup_prompt'), text: i18n.t('lobby_popup_blocked') });
  return opened !== null;
}

/** Opens the brand's first customer-service entry that leads somewhere (the in-house chat included), or says there is none. */
export function useCustomerService(): () => void {
  const { t } = useTranslation();
  const { data: entries } = useQuery({ ...systemStatusQuery, select: (status) => status.info?.customerService });
  return useCallback(() => {
    const entry = (entries ?? []).find((candidate) => customerServiceUrl(candidate) !== null);
    if (entry) {
      openCustomerServiceEntry(entry);
      return;
    }
    showNotice({ title: t('customer_service'), text: t('customer_service_unavailable') });
  }, [entries, t]);
}

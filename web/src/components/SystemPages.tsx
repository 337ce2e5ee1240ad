import { useTranslation } from 'react-i18next';
import { usePreferences } from '../state/preferences';
import { useCustomerService, useSystem } from '../state/system';
import { LanguageSelector } from './LanguageSelector';
import { HeadsetIcon, LogoMark } from './Icons';
import { intlLocale } from '../i18n/languages';

function formatTime(iso: string, language: string): string {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(intlLocale(language), { dateStyle: 'medium', timeStyle: 'short' }).format(date);
}

function StatusFrame({ testId, title, children }: { testId: string; title: string; children: React.ReactNode }) {
  const { merchantName } = useSystem();
  return (
    <div className="status-page" data-testid={testId}>
      <div className="status-top">
        <span className="brand">
          <LogoMark />
          <span className="brand-name">{merchantName}</span>
        </span>
        <LanguageSelector />
      </div>
      <div className="status-card">
        <h1>{title}</h1>
        {children}
      </div>
    </div>
  );
}

export function MaintenancePage() {
  const { t } = useTranslation();
  const { maintenanceEnd } = useSystem();
  const { language } = usePreferences();
  const openCustomerService = useCustomerService();
  return (
    <StatusFrame testId="maintenance-page" title={t('info_maintenance_title')}>
      <div className="status-icon" aria-hidden>
        🛠️
      </div>
      <p>{t('info_maintenance')}</p>
      <p className="status-detail" data-testid="maintenance-end">
        {maintenanceEnd ? t('info_maintenance_end', { time: formatTime(maintenanceEnd, language) }) : t('info_maintenance_end_unknown')}
      </p>
      <button type="button" className="btn btn-primary" data-testid="customer-service" onClick={openCustomerService}>
        <HeadsetIcon /> {t('customer_service')}
      </button>
    </StatusFrame>
  );
}

export function BlockedPage() {
  const { t } = useTranslation();
  const { blockedIp } = useSystem();
  return (
    <StatusFrame testId="blocked-page" title={t('info_ip_block_title')}>
      <div className="status-icon" aria-hidden>
        🌐
      </div>
      <p>{t('info_ip_block')}</p>
      {blockedIp && (
        <p className="status-detail" data-testid="blocked-ip">
          {t('info_ip', { ip: blockedIp })}
        </p>
      )}
    </StatusFrame>
  );
}

export function StartErrorPage() {
  const { t } = useTranslation();
  const { startError, retryStart } = useSystem();
  return (
    <StatusFrame testId="start-error" title={t('err_unknown')}>
      <p>{startError ?? t('err_network')}</p>
      <button type="button" className="btn btn-primary" onClick={retryStart}>
        {t('app_retry')}
      </button>
    </StatusFrame>
  );
}

export function LoadingScreen() {
  const { t } = useTranslation();
  return (
    <div className="loading-screen" data-testid="loading" aria-busy="true">
      <div className="spinner" aria-hidden />
      <span className="sr-only">{t('app_loading')}</span>
    </div>
  );
}

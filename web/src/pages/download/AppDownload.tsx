import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { normaliseLanguage } from '../../i18n';
import { usePreferences } from '../../state/preferences';
import { useNotices } from '../../state/ui';
import { AddSquareIcon, BrowserIcon, CheckIcon, CompassIcon, DotsIcon, InstallIcon, ShareIcon } from '../../components/layout/icons';
import '../../components/layout/layout.css';
import { APP_PLATFORMS, isAppPlatform, platformOf, type AppPlatform } from './downloadLink';
import { useInstallOffer } from './install';
import { QrCode } from './QrCode';
import { PlatformIcon, useDownloadLinks } from './QrPair';

const GUIDES: Record<AppPlatform, { icon: ReactNode; key: string }[]> = {
  ios: [
    { icon: <CompassIcon />, key: 'layout_ios_step_safari' },
    { icon: <ShareIcon />, key: 'layout_ios_step_share' },
    { icon: <AddSquareIcon />, key: 'layout_ios_step_add' },
    { icon: <CheckIcon />, key: 'layout_ios_step_done' },
  ],
  android: [
    { icon: <BrowserIcon />, key: 'layout_android_step_chrome' },
    { icon: <DotsIcon />, key: 'layout_android_step_menu' },
    { icon: <InstallIcon />, key: 'layout_android_step_install' },
    { icon: <CheckIcon />, key: 'layout_android_step_done' },
  ],
};

/** The install button where the browser offers installation, or a word on how this device installs. */
function InstallAction({ device }: { device: AppPlatform | null }) {
  const { t } = useTranslation();
  const { canInstall, installed, install } = useInstallOffer();
  const { showToast } = useNotices();
  const [busy, setBusy] = useState(false);

  if (installed) {
    return (
      <p className="download-status" data-testid="download-installed">
        <CheckIcon /> {t('layout_download_installed')}
      </p>
    );
  }
  if (canInstall) {
    return (
      <button
        type="button"
        className="btn btn-primary btn-lg"
        data-testid="download-install"
        disabled={busy}
        onClick={() => {
          setBusy(true);
          install()
            .then((accepted) => accepted && showToast(t('layout_download_installed')))
            .catch(() => undefined)
            .finally(() => setBusy(false));
        }}
      >
        <InstallIcon />
        {t('layout_download_install')}
      </button>
    );
  }
  return <p className="download-status">{t(device === 'ios' ? 'layout_download_hint_ios' : device === 'android' ? 'layout_download_hint_android' : 'layout_download_hint_desktop')}</p>;
}

/** App download (route /download): install guides for iOS and Android, QR codes to open this page on a phone. */
export default function AppDownload() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const { language, setLanguage } = usePreferences();
  const links = useDownloadLinks();
  const device = platformOf(navigator.userAgent, navigator.maxTouchPoints);
  const asked = params.get('platform');
  const highlighted = isAppPlatform(asked) ? asked : device;
  const linkLanguage = normaliseLanguage(params.get('language'));

  // A phone that scanned a code opens the page in the language of the screen it was scanned from.
  const languageApplied = useRef(false);
  useEffect(() => {
    if (languageApplied.current || !linkLanguage) return;
    languageApplied.current = true;
    if (linkLanguage !== language) setLanguage(linkLanguage);
  }, [linkLanguage, language, setLanguage]);

  return (
    <div className="download-page" data-testid="app-download">
      <section className="download-hero">
        <div className="download-hero-text">
          <h1>{t('layout_download_title')}</h1>
          <p>{t('layout_download_intro')}</p>
          <InstallAction device={device} />
        </div>
      </section>

      <div className="download-guides">
        {APP_PLATFORMS.map((platform) => (
          <section key={platform} className={`download-guide${highlighted === platform ? ' is-highlighted' : ''}`} aria-labelledby={`guide-${platform}`} data-testid={`download-guide-${platform}`}>
            <header className="download-guide-head">
              <span className="download-platform-icon">
                <PlatformIcon platform={platform} />
              </span>
              <h2 id={`guide-${platform}`}>{t(`layout_guide_${platform}`)}</h2>
            </header>
            <div className="download-guide-body">
              <ol className="download-steps">
                {GUIDES[platform].map((step, index) => (
                  <li key={step.key}>
                    <span className="download-step-icon">{step.icon}</span>
                    <span>
                      <span className="download-step-number">{index + 1}. </span>
                      {t(step.key)}
                    </span>
                  </li>
                ))}
              </ol>
              <figure className="download-qr">
                <QrCode text={links[platform]} label={t('layout_qr_label', { platform: t(`layout_platform_${platform}`) })} testId={`download-qr-${platform}`} className="qr-code" />
                <figcaption>{t('layout_scan_to_install')}</figcaption>
              </figure>
            </div>
          </section>
        ))}
      </div>
    </div>
  );
}

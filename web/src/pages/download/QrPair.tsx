import { useTranslation } from 'react-i18next';
import { usePreferences } from '../../state/preferences';
import { useSession } from '../../state/session';
import { AndroidIcon, AppleIcon } from '../../components/layout/icons';
import { APP_PLATFORMS, downloadLink, type AppPlatform } from './downloadLink';
import { QR_SMALL_SIZE } from './qr';
import { QrCode } from './QrCode';

/** The download link of each platform for this site, in the interface language, signed in when the visitor is. */
export function useDownloadLinks(): Record<AppPlatform, string> {
  const { language } = usePreferences();
  const { token } = useSession();
  const origin = window.location.origin;
  return {
    ios: downloadLink({ origin, language, token, platform: 'ios' }),
    android: downloadLink({ origin, language, token, platform: 'android' }),
  };
}

export const PlatformIcon = ({ platform }: { platform: AppPlatform }) => (platform === 'ios' ? <AppleIcon /> : <AndroidIcon />);

/** The two small QR codes of the side menu's app-download pop-over. */
export default function QrPair() {
  const { t } = useTranslation();
  const links = useDownloadLinks();
  return (
    <div className="qr-pair">
      {APP_PLATFORMS.map((platform) => (
        <figure key={platform} className="qr-pair-item">
          <QrCode text={links[platform]} size={QR_SMALL_SIZE} label={t('layout_qr_label', { platform: t(`layout_platform_${platform}`) })} testId={`side-menu-qr-${platform}`} className="qr-code" />
          <figcaption>
            <PlatformIcon platform={platform} />
            {t(`layout_platform_${platform}`)}
          </figcaption>
        </figure>
      ))}
    </div>
  );
}

import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TwoFactorSetup } from './SecondFactorApi';

/** Spec section 9: QR codes use error correction M; 200 px in a component. */
const QR_SIZE_PX = 200;

/** The authenticator QR code, with the secret as text for apps that cannot scan. */
export function SecondFactorQr({ setup }: { setup: TwoFactorSetup }) {
  const { t } = useTranslation();
  const [image, setImage] = useState<string | null>(null);

  useEffect(() => {
    let cancelled = false;
    // The QR package loads with the first code shown: few members set up an authenticator, and never on first load.
    import('qrcode')
      .then(({ default: QRCode }) => QRCode.toDataURL(setup.otpauthUri, { errorCorrectionLevel: 'M', width: QR_SIZE_PX, margin: 2 }))
      .then((url) => !cancelled && setImage(url))
      .catch(() => !cancelled && setImage(null));
    return () => {
      cancelled = true;
    };
  }, [setup.otpauthUri]);

  return (
    <div className="second-factor-qr" data-testid="second-factor-qr">
      {image && <img src={image} width={QR_SIZE_PX} height={QR_SIZE_PX} alt={t('sf_qr_alt')} data-testid="second-factor-qr-image" />}
      <p className="second-factor-secret-label">{t('sf_secret_label')}</p>
      <code className="second-factor-secret" data-testid="second-factor-secret">
        {setup.secret}
      </code>
    </div>
  );
}

import { useTranslation } from 'react-i18next';
import type { HelpCentreAnswer } from './contentApi';
import { Modal } from '../Modal';
import { RichText } from './RichText';
import { useHelpCentre } from './useHelpCentre';

/** The brand's licence: its image and text (spec §2 legalLicense). */
export function LicenceView({ licence }: { licence: HelpCentreAnswer['licence'] }) {
  const { t } = useTranslation();
  if (!licence) return <p className="help-empty">{t('content_no_licence')}</p>;
  return (
    <div className="licence-view" data-testid="licence-view">
      {licence.url && <img className="licence-image" src={licence.url} alt={t('content_licence')} data-testid="licence-image" />}
      {licence.text && <RichText html={licence.text} className="licence-text" />}
    </div>
  );
}

/** The licence modal (legalLicense), for places outside the help centre such as the side menu. */
export function LicenceModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const { data, isPending } = useHelpCentre();
  return (
    <Modal title={t('content_licence')} onClose={onClose} testId="licence-modal">
      <div className="content-wide">{isPending ? <div className="help-loading" aria-busy="true" /> : <LicenceView licence={data?.licence ?? null} />}</div>
    </Modal>
  );
}

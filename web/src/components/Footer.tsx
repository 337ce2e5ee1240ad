import { useTranslation } from 'react-i18next';
import { useCustomerService, useSystem } from '../state/system';
import { HeadsetIcon } from './Icons';

export function Footer() {
  const { t } = useTranslation();
  const { merchantName } = useSystem();
  const openCustomerService = useCustomerService();
  const links = ['footer_help', 'footer_terms', 'footer_privacy', 'footer_responsible', 'footer_about'];
  return (
    <footer className="site-footer">
      <div className="footer-inner">
        <nav className="footer-links" aria-label={t('footer_help')}>
          {links.map((key) => (
            <span key={key} className="footer-link">
              {t(key)}
            </span>
          ))}
          <button type="button" className="footer-link footer-cs" onClick={openCustomerService}>
            <HeadsetIcon width={16} height={16} /> {t('customer_service')}
          </button>
        </nav>
        <div className="footer-bottom">
          <span className="age-badge" aria-hidden>
            18+
          </span>
          <span>{t('footer_age')}</span>
          <span className="footer-rights">{t('footer_rights', { year: new Date().getFullYear(), name: merchantName })}</span>
        </div>
      </div>
    </footer>
  );
}

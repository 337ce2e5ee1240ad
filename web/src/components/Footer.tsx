import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useSystem } from '../state/system';
import { useLobby } from './lobby/LobbyContext';
import { CATEGORY_ROUTES, isGameType } from './lobby/rules';
import type { VendorCard } from './lobby/lobbyApi';
import { groupByType, useCustomerServiceEntries, openCustomerServiceEntry } from './layout/customerService';
import { VendorCarousel } from './layout/VendorCarousel';
import { ChannelIcon, GameTypeIcon } from './layout/icons';
import './layout/layout.css';

/** The bank logos shown (spec §2: 23, numbered 1 to 23). */
export const BANK_LOGOS = Array.from({ length: 23 }, (_, index) => index + 1);

const HELP_LINKS = [
  { to: '/help', key: 'footer_help', testId: 'footer-help' },
  { to: '/help#term', key: 'footer_terms', testId: 'footer-terms' },
  { to: '/download', key: 'layout_app_download', testId: 'footer-download' },
  { to: '/domains', key: 'layout_domains_title', testId: 'footer-domains' },
];

/** Every vendor of the lobby once, in lane order. */
function uniqueVendors(lanes: readonly { cards: readonly VendorCard[] }[]): VendorCard[] {
  const seen = new Set<string>();
  return lanes.flatMap((lane) => lane.cards).filter((card) => !seen.has(card.vassalage) && seen.add(card.vassalage));
}

export function Footer() {
  const { t } = useTranslation();
  const { merchantName } = useSystem();
  const { lanes } = useLobby();
  const entries = useCustomerServiceEntries();
  const products = lanes.map((lane) => lane.title).filter(isGameType);
  const contacts = groupByType(entries).map((group) => group.entries[0]!);

  return (
    <footer className="site-footer" data-testid="site-footer">
      <div className="footer-inner">
        <VendorCarousel vendors={uniqueVendors(lanes)} />

        <div className="footer-columns">
          <nav className="footer-column" aria-labelledby="footer-help-title">
            <h2 id="footer-help-title" className="footer-title">
              {t('layout_footer_help')}
            </h2>
            <ul>
              {HELP_LINKS.map((link) => (
                <li key={link.to}>
                  <Link to={link.to} className="footer-link" data-testid={link.testId}>
                    {t(link.key)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          {products.length > 0 && (
            <nav className="footer-column" aria-labelledby="footer-products-title">
              <h2 id="footer-products-title" className="footer-title">
                {t('layout_footer_products')}
              </h2>
              <ul className="footer-products">
                {products.map((gameType) => (
                  <li key={gameType}>
                    <Link to={CATEGORY_ROUTES[gameType]} className="footer-link" data-testid={`footer-product-${gameType}`}>
                      <GameTypeIcon gameType={gameType} width={15} height={15} />
                      {t(`lobby_cat_${gameType}`, { defaultValue: gameType })}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          )}
          {contacts.length > 0 && (
            <section className="footer-column" aria-labelledby="footer-contact-title">
              <h2 id="footer-contact-title" className="footer-title">
                {t('layout_footer_contact')}
              </h2>
              <div className="footer-icons">
                {contacts.map((entry) => {
                  const label = t(`layout_cs_${entry.csType.toUpperCase()}`, { defaultValue: entry.csType });
                  return (
                    <button
                      key={entry.csType}
                      type="button"
                      className="footer-icon"
                      aria-label={label}
                      title={label}
                      data-testid={`footer-contact-${entry.csType.toUpperCase()}`}
                      onClick={() => openCustomerServiceEntry(entry)}
                    >
                      <ChannelIcon csType={entry.csType} />
                    </button>
                  );
                })}
              </div>
            </section>
          )}
        </div>

        <section className="footer-banks" aria-labelledby="footer-banks-title">
          <h2 id="footer-banks-title" className="footer-title">
            {t('layout_footer_banks')}
          </h2>
          <ul className="bank-logos" data-testid="footer-banks">
            {BANK_LOGOS.map((number) => (
              <li key={number}>
                <img src={`/banks/${number}.svg`} alt={t('layout_bank', { number })} width={88} height={32} loading="lazy" data-testid="footer-bank" />
              </li>
            ))}
          </ul>
        </section>

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

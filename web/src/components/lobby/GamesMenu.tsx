import { Link } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useLobby } from './LobbyContext';
import { HEADER_LARGE_MENU_VENDORS, isGameType, vendorLink } from './rules';
import './lobby.css';
import { useDropdown } from '../../hooks/useDropdown';

/** The header's drop-down of games by vendor (spec §2 "Header"); a large layout when there are more than 10 vendors. */
export function GamesMenu() {
  const { t } = useTranslation();
  const { lanes } = useLobby();
  const { open, setOpen, box } = useDropdown();

  const shown = lanes.filter((lane) => isGameType(lane.title) && lane.cards.length > 0);
  const vendorCount = shown.reduce((sum, lane) => sum + lane.cards.length, 0);
  if (shown.length === 0) return null;
  const large = vendorCount > HEADER_LARGE_MENU_VENDORS;

  return (
    <div className="games-menu" ref={box}>
      <button type="button" className="btn btn-ghost btn-sm" aria-haspopup="menu" aria-expanded={open} data-testid="games-menu-button" onClick={() => setOpen((v) => !v)}>
        {t('lobby_games_menu')}
      </button>
      {open && (
        <div className={`games-menu-list${large ? ' is-large' : ''}`} role="menu" data-testid="games-menu" data-layout={large ? 'large' : 'small'}>
          {shown.map((lane) => (
            <div key={lane.title} className="games-menu-group">
              <span className="games-menu-title">{t(`lobby_cat_${lane.title}`, { defaultValue: lane.title })}</span>
              {lane.cards.map((card) => (
                <Link key={card.vassalage} role="menuitem" className="games-menu-item" to={vendorLink(lane.title, card.vassalage)} data-testid={`games-menu-${card.vassalage}`}>
                  {card.displayName}
                </Link>
              ))}
            </div>
          ))}
        </div>
      )}
    </div>
  );
}

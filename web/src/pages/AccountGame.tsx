import { useEffect } from 'react';
import { useLocation } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useSession } from '../state/session';
import { useModal } from '../state/ui';
import { AccountGameList } from '../components/lobby/AccountGameList';
import '../components/lobby/lobby.css';

/** /favorite and /recent: the member's own game lists (login required, spec §2). */
export default function AccountGame() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const { member } = useSession();
  const { openModal } = useModal();
  const kind = pathname.replace(/\/+$/, '').toLowerCase() === '/recent' ? 'recent' : 'favorite';

  useEffect(() => {
    if (!member) openModal('login');
  }, [member, openModal]);

  return (
    <div className="game-page" data-testid="account-game">
      <h1 className="game-page-title">{t(kind === 'recent' ? 'lobby_section_recent' : 'lobby_section_favorite')}</h1>
      {member ? (
        <AccountGameList kind={kind} />
      ) : (
        <p className="lobby-empty" data-testid="account-game-login">
          {t('lobby_login_needed')}
        </p>
      )}
    </div>
  );
}

import { useNavigate, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { useSession } from '../state/session';
import { useRecallOnLeave } from '../hooks/useRecallOnLeave';
import { readSeamlessGame } from '../components/lobby/seamless';
import '../components/lobby/lobby.css';

/** /seamless?nodeId=: the launched vendor game in an iframe, without footer; leaving the page recalls the balance (spec §4). */
export default function Seamless() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { member } = useSession();
  useRecallOnLeave();

  const nodeId = params.get('nodeId');
  const stored = readSeamlessGame();
  const game = stored && nodeId && stored.nodeId === nodeId ? stored : null;

  const back = () => ((window.history.state as { idx?: number } | null)?.idx ? navigate(-1) : navigate('/'));

  return (
    <div className="seamless-page" data-testid="seamless-page">
      <div className="seamless-bar">
        <button type="button" className="btn btn-ghost btn-sm" data-testid="seamless-back" onClick={() => void back()}>
          ‹ {t('lobby_back')}
        </button>
        <span className="seamless-title" data-testid="seamless-title">
          {game?.gameName ?? ''}
        </span>
      </div>
      {!member ? (
        <p className="lobby-empty">{t('lobby_login_needed')}</p>
      ) : game ? (
        <iframe className="seamless-frame" data-testid="seamless-frame" src={game.url} title={game.gameName} allow="autoplay; fullscreen" allowFullScreen />
      ) : (
        <p className="lobby-empty">{t('lobby_no_game_open')}</p>
      )}
    </div>
  );
}

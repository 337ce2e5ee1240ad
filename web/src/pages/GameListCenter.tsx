import { useLocation, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { CategoryView } from '../components/lobby/CategoryView';
import { gameTypeOfPath } from '../components/lobby/rules';
import '../components/lobby/lobby.css';

/** /live, /fish, /rng (?vassalage=), /pvp: the game list centre of one category (spec §2). */
export default function GameListCenter() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const gameType = gameTypeOfPath(pathname.replace(/\/+$/, ''));
  if (!gameType) return null;
  const vassalage = params.get('vassalage');
  return (
    <div className="game-page" data-testid="game-list-center">
      <h1 className="game-page-title">{t(`lobby_cat_${gameType}`)}</h1>
      <CategoryView key={`${gameType}-${vassalage ?? ''}`} gameType={gameType} initialVassalage={vassalage} />
    </div>
  );
}

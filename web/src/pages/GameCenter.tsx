import { useLocation, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { CategoryView } from '../components/lobby/CategoryView';
import { gameTypeOfPath } from '../components/lobby/rules';
import '../components/lobby/lobby.css';

/** /sports, /esports, /lott, /elott, /cockfight: the game centre of one category (spec §2). */
export default function GameCenter() {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const gameType = gameTypeOfPath(pathname.replace(/\/+$/, ''));
  if (!gameType) return null;
  const vassalage = params.get('vassalage');
  return (
    <div className="game-page game-center" data-testid="game-center">
      <h1 className="game-page-title">{t(`lobby_cat_${gameType}`)}</h1>
      <CategoryView key={`${gameType}-${vassalage ?? ''}`} gameType={gameType} initialVassalage={vassalage} />
    </div>
  );
}

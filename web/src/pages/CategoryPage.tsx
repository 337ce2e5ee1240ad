import { useLocation, useSearchParams } from 'react-router-dom';
import { useTranslation } from 'react-i18next';
import { CategoryView } from '../components/lobby/CategoryView';
import { gameTypeOfPath } from '../components/lobby/rules';
import '../components/lobby/lobby.css';

/** One category's games under its title, the category taken from the path (spec §2's GameListCenter and GameCenter). */
export function CategoryPage({ className, testId }: { className: string; testId: string }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const gameType = gameTypeOfPath(pathname.replace(/\/+$/, ''));
  if (!gameType) return null;
  const vassalage = params.get('vassalage');
  return (
    <div className={className} data-testid={testId}>
      <h1 className="game-page-title">{t(`lobby_cat_${gameType}`)}</h1>
      <CategoryView key={`${gameType}-${vassalage ?? ''}`} gameType={gameType} initialVassalage={vassalage} />
    </div>
  );
}

import { CategoryPage } from './CategoryPage';

/** /sports, /esports, /lott, /elott, /cockfight: the game centre of one category (spec §2). */
export default function GameCenter() {
  return <CategoryPage className="game-page game-center" testId="game-center" />;
}

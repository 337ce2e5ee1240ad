import { CategoryPage } from './CategoryPage';

/** /live, /fish, /rng (?vassalage=), /pvp: the game list centre of one category (spec §2). */
export default function GameListCenter() {
  return <CategoryPage className="game-page" testId="game-list-center" />;
}

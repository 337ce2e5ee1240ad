import { useTranslation } from 'react-i18next';
import { gameKey, gameTitle, type Game } from './lobbyApi';
import { useLobby } from './LobbyContext';
import { GameArt } from './GameArt';

export function GameCard({ game }: { game: Game }) {
  const { t } = useTranslation();
  const { isFavourite, toggleFavourite, launch, launching } = useLobby();
  const id = gameKey(game);
  const favourite = isFavourite(game);
  const title = gameTitle(game);
  return (
    <div className="lobby-game" data-testid="game-card" data-node-id={id} data-vendor={game.vassalage}>
      <button type="button" className="lobby-game-launch" data-testid={`game-launch-${id}`} onClick={() => void launch(game)} disabled={launching === id} title={t('lobby_play', { name: title })}>
        <span className="lobby-game-art" aria-hidden>
          {game.iconUrl ? <GameArt src={game.iconUrl} fallbackSrc={game.fallbackIconUrl} /> : <span className="lobby-game-initials">{title.slice(0, 2).toUpperCase()}</span>}
          {game.isHot === 1 && <span className="lobby-badge lobby-badge-hot">{t('lobby_hot_badge')}</span>}
          {game.supportPlay === 0 && <span className="lobby-badge lobby-badge-trial">{t('lobby_trial_badge')}</span>}
        </span>
        <span className="lobby-game-name" data-testid="game-name">
          {title}
        </span>
        <span className="lobby-game-vendor">{game.vendorName}</span>
      </button>
      <button
        type="button"
        className={`lobby-fav${favourite ? ' is-on' : ''}`}
        data-testid={`fav-toggle-${id}`}
        aria-pressed={favourite}
        aria-label={favourite ? t('lobby_fav_remove') : t('lobby_fav_add')}
        title={favourite ? t('lobby_fav_remove') : t('lobby_fav_add')}
        onClick={() => toggleFavourite(game)}
      >
        {favourite ? '★' : '☆'}
      </button>
    </div>
  );
}

export function GameGrid({ games, testId, emptyText }: { games: readonly Game[]; testId?: string; emptyText?: string }) {
  const { t } = useTranslation();
  if (games.length === 0) {
    return (
      <p className="lobby-empty" data-testid={testId ? `${testId}-empty` : 'games-empty'}>
        {emptyText ?? t('lobby_no_games')}
      </p>
    );
  }
  return (
    <div className="lobby-grid" data-testid={testId}>
      {games.map((game) => (
        <GameCard key={gameKey(game)} game={game} />
      ))}
    </div>
  );
}

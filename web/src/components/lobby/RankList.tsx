import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePreferences } from '../../state/preferences';
import { gameKey, gameTitle, lobbyApi, type Game } from './lobbyApi';
import { useLobby } from './LobbyContext';
import { GameArt } from './GameArt';
import { isGameType, type GameType } from './rules';

/** The panel shows the top of the list; the call answers up to 20. */
export const RANK_SHOWN = 10;
const ALL = 'ALL';

/**
 * The rank list (spec §7 "rank list"): the brand's games by how often they were launched, overall or per game type.
 * A row launches its game through the lobby, so login, trial and routing rules apply as everywhere else.
 */
export function RankList() {
  const { t } = useTranslation();
  const { language } = usePreferences();
  const { lanes, launch, launching } = useLobby();
  const [gameType, setGameType] = useState<GameType | typeof ALL>(ALL);
  const [list, setList] = useState<Game[] | null>(null);
  const types = lanes.map((lane) => lane.title).filter(isGameType);

  useEffect(() => {
    const controller = new AbortController();
    lobbyApi
      .rank({ gameType }, controller.signal)
      .then((value) => {
        if (!controller.signal.aborted) setList((value?.list ?? []).slice(0, RANK_SHOWN));
      })
      .catch(() => {
        if (!controller.signal.aborted) setList([]);
      });
    return () => controller.abort();
  }, [gameType, language]);

  return (
    <section className="lobby-rank" aria-labelledby="rank-title" data-testid="rank-list" data-game-type={gameType} data-loading={list === null}>
      <div className="lobby-rank-head">
        <h2 id="rank-title">{t('lobby_rank')}</h2>
        <label className="lobby-rank-type">
          <span className="sr-only">{t('lobby_rank_type')}</span>
          <select data-testid="rank-type" value={gameType} onChange={(event) => setGameType(event.target.value as GameType | typeof ALL)}>
            <option value={ALL}>{t('lobby_filter_ALL')}</option>
            {types.map((type) => (
              <option key={type} value={type}>
                {t(`lobby_cat_${type}`, { defaultValue: type })}
              </option>
            ))}
          </select>
        </label>
      </div>
      {list && list.length === 0 && <p className="lobby-empty">{t('lobby_no_games')}</p>}
      <ol className="lobby-rank-list">
        {(list ?? []).map((game, index) => {
          const id = gameKey(game);
          const title = gameTitle(game);
          return (
            <li key={id} className="lobby-rank-row" data-testid="rank-row" data-node-id={id}>
              <button
                type="button"
                className="lobby-rank-launch"
                data-testid={`rank-launch-${id}`}
                onClick={() => void launch(game)}
                disabled={launching === id}
                title={t('lobby_play', { name: title })}
              >
                <span className={`lobby-rank-position${index < 3 ? ' is-top' : ''}`} data-testid="rank-position">
                  {index + 1}
                </span>
                {game.iconUrl ? <GameArt src={game.iconUrl} fallbackSrc={game.fallbackIconUrl} className="lobby-winner-icon" /> : <span className="lobby-winner-icon" aria-hidden />}
                <span className="lobby-rank-name" data-testid="rank-name">
                  {title}
                </span>
                <span className="lobby-rank-vendor">{game.vendorName}</span>
              </button>
            </li>
          );
        })}
      </ol>
    </section>
  );
}

import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../api';
import { usePreferences } from '../../state/preferences';
import { useSession } from '../../state/session';
import { useNotices } from '../../state/ui';
import { GameGrid } from './GameCard';
import { lobbyApi, type Game } from './lobbyApi';
import { useLobby } from './LobbyContext';
import { Pager } from './Pager';
import { LOBBY_PAGE_SIZE } from './rules';

export type AccountGameKind = 'favorite' | 'recent';

/** The member's favourite or recent games, paged (login required; the caller checks). */
export function AccountGameList({ kind }: { kind: AccountGameKind }) {
  const { t } = useTranslation();
  const { language } = usePreferences();
  const { showToast } = useNotices();
  const { member } = useSession();
  const { favouritesVersion } = useLobby();
  const [pageNo, setPageNo] = useState(1);
  const [loaded, setLoaded] = useState<{ games: Game[]; totalPages: number } | null>(null);
  const refetchKey = kind === 'favorite' ? favouritesVersion : 0;

  useEffect(() => {
    if (!member) return;
    const controller = new AbortController();
    const load =
      kind === 'favorite'
        ? lobbyApi.favourites({ pageNo, pageSize: LOBBY_PAGE_SIZE }, controller.signal).then((v) => ({ games: v.content ?? [], totalPages: v.totalPages ?? 0 }))
        : lobbyApi.recent({ page: pageNo, pageSize: LOBBY_PAGE_SIZE }, controller.signal).then((v) => ({ games: v.list ?? [], totalPages: v.totalPages ?? 0 }));
    load
      .then((value) => {
        if (!controller.signal.aborted) setLoaded(value);
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) {
          setLoaded({ games: [], totalPages: 0 });
          showToast(errorMessage(error));
        }
      });
    return () => controller.abort();
  }, [kind, pageNo, language, refetchKey, member, showToast]);

  return (
    <section className="lobby-account-games" data-testid={`account-games-${kind}`}>
      {loaded ? (
        <GameGrid games={loaded.games} testId={`${kind}-games`} emptyText={t(kind === 'favorite' ? 'lobby_no_favourites' : 'lobby_no_recent')} />
      ) : (
        <div className="area-loading" aria-busy="true" />
      )}
      <Pager
        pageNo={pageNo}
        totalPages={loaded?.totalPages ?? 0}
        onPage={(next) => {
          // A page past the end is ignored (spec §4).
          if (next >= 1 && next <= (loaded?.totalPages ?? 0)) setPageNo(next);
        }}
      />
    </section>
  );
}

import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { isEsport, SPORTS, SPORTS_EVENT_ID_PATTERN, SPORTS_SLIP_MAX_SELECTIONS, type OddsFormat, type Sport } from '@wps/contracts';
import { errorMessage } from '../../api';
import { live } from '../../live/connection';
import { useSession } from '../../state/session';
import { showToast, useModal } from '../../state/ui';
import { useWallet } from '../../state/wallet';
import { BetSlip } from './BetSlip';
import { EventDetail } from './EventDetail';
import { EventList } from './EventList';
import { mergeEvent, mergeEvents, readOddsPush, roomsFor } from './live';
import { MyBets, type BetsTab } from './MyBets';
import { pickId, pickOf, togglePick, withUpdates, type SlipPick } from './slip';
import { sportsbookApi, type BetValue, type CashedOutValue, type EventValue, type MarketValue, type MenuValue } from './sportsbookApi';
import { SportsNav, type SportsGroup, type StatusFilter } from './SportsNav';
import { useSportsWords } from './useSportsWords';
import './sportsbook.css';

/** Events read per page of the list. */
const PAGE_SIZE = 20;
/** The most events one read may bring (the list is read again whole on a reconnect). */
const MAX_PAGE_SIZE = 100;
/** How often the sports' live and upcoming counts are read again. */
const MENU_REFRESH_MS = 60_000;
/** Bets read per tab. */
const BETS_PAGE_SIZE = 30;
/** Odds pushes of a bet's events move its cash-out offer: the bets are read again at most this often. */
const BETS_RELOAD_MS = 2_500;

type PanelTab = 'slip' | 'bets';

const sportOf = (value: string | null): Sport | '' => ((SPORTS as readonly string[]).includes(value ?? '') ? (value as Sport) : '');

/**
 * /sportsbook: the house sportsbook. Sports or e-sports, the sports with their counts, live and upcoming events with
 * their main prices (or one event with all its markets), prices and scores kept current by the sports' rooms, the bet
 * slip (a right column on a desktop, a sheet on a phone) and the member's bets with cash-out.
 */
export default function SportsbookPage() {
  const [params, setParams] = useSearchParams();
  const group: SportsGroup = params.get('group') === 'esports' ? 'esports' : 'sports';
  const sportParam = sportOf(params.get('sport'));
  const sport = sportParam && isEsport(sportParam) === (group === 'esports') ? sportParam : '';
  const statusParam = params.get('status');
  const status: StatusFilter = statusParam === 'live' || statusParam === 'upcoming' ? statusParam : '';
  const eventParam = params.get('event') ?? '';
  const eventId = SPORTS_EVENT_ID_PATTERN.test(eventParam) ? eventParam : '';

  const { member } = useSession();
  const { balance, refreshBalance } = useWallet();
  const { openModal } = useModal();
  const account = member === null ? 'guest' : member.isTrial ? 'trial' : 'member';
  const withSession = member !== null;
  const memberKey = member?.token ?? '';

  // ---- The menu: sports and counts, limits, and the member's odds format ------------------------------------------
  const [menu, setMenu] = useState<MenuValue | null>(null);
  const [format, setFormat] = useState<OddsFormat>('decimal');
  const loadMenu = useCallback(() => {
    sportsbookApi
      .menu(withSession)
      .then((value) => {
        setMenu(value);
        if (withSession) setFormat(value.oddsFormat);
      })
      .catch(() => undefined);
  }, [withSession]);
  useEffect(loadMenu, [loadMenu, memberKey]);
  // Events go live and new ones open all the time: the counts are read again now and then.
  useEffect(() => {
    const timer = window.setInterval(loadMenu, MENU_REFRESH_MS);
    return () => window.clearInterval(timer);
  }, [loadMenu]);

  const changeFormat = (next: OddsFormat) => {
    const previous = format;
    setFormat(next);
    if (!withSession) return;
    sportsbookApi.setOddsFormat(next).catch((failure: unknown) => {
      setFormat(previous);
      showToast(errorMessage(failure));
    });
  };

  const words = useSportsWords(format, balance?.currencySymbol ?? member?.currencySymbol);
  const { t } = words;

  // ---- The event list: paged, read again whole on a reconnect ------------------------------------------------------
  const [events, setEvents] = useState<EventValue[]>([]);
  const [totalCount, setTotalCount] = useState(0);
  const [pages, setPages] = useState(1);
  const [listLoading, setListLoading] = useState(true);
  const [listError, setListError] = useState<string | null>(null);
  const listRequest = useRef(0);

  const loadList = useCallback(
    (pageCount: number) => {
      const request = ++listRequest.current;
      setListLoading(true);
      setListError(null);
      const pageSize = Math.min(MAX_PAGE_SIZE, PAGE_SIZE * pageCount);
      sportsbookApi
        .events({ group, sport, status, pageNo: 1, pageSize })
        .then((value) => {
          if (request !== listRequest.current) return;
          setEvents(value.list);
          setTotalCount(value.totalCount);
          setPages(Math.max(1, Math.ceil(value.list.length / PAGE_SIZE)));
        })
        .catch((failure: unknown) => {
          if (request === listRequest.current) setListError(errorMessage(failure));
        })
        .finally(() => {
          if (request === listRequest.current) setListLoading(false);
        });
    },
    [group, sport, status],
  );
  useEffect(() => {
    setEvents([]);
    setTotalCount(0);
    loadList(1);
  }, [loadList]);

  const loadMore = () => {
    const request = ++listRequest.current;
    const pageNo = pages + 1;
    setListLoading(true);
    setListError(null);
    sportsbookApi
      .events({ group, sport, status, pageNo, pageSize: PAGE_SIZE })
      .then((value) => {
        if (request !== listRequest.current) return;
        setEvents((current) => {
          const known = new Set(current.map((event) => event.eventId));
          return [...current, ...value.list.filter((event) => !known.has(event.eventId))];
        });
        setTotalCount(value.totalCount);
        setPages(pageNo);
      })
      .catch((failure: unknown) => {
        if (request === listRequest.current) setListError(errorMessage(failure));
      })
      .finally(() => {
        if (request === listRequest.current) setListLoading(false);
      });
  };

  // ---- One event with all its markets ------------------------------------------------------------------------------
  const [detail, setDetail] = useState<EventValue | null>(null);
  const [detailError, setDetailError] = useState<string | null>(null);
  const [detailLoading, setDetailLoading] = useState(false);
  const loadDetail = useCallback(() => {
    if (!eventId) return;
    setDetailLoading(true);
    setDetailError(null);
    sportsbookApi
      .event(eventId)
      .then((value) => setDetail(value))
      .catch((failure: unknown) => setDetailError(errorMessage(failure)))
      .finally(() => setDetailLoading(false));
  }, [eventId]);
  useEffect(() => {
    setDetail(null);
    loadDetail();
  }, [loadDetail]);

  // ---- The slip ----------------------------------------------------------------------------------------------------
  const [slip, setSlip] = useState<SlipPick[]>([]);
  const selected = useMemo(() => new Set(slip.map(pickId)), [slip]);
  const maxSelections = menu?.limits.maxSelections ?? SPORTS_SLIP_MAX_SELECTIONS;
  const onPick = (event: EventValue, market: MarketValue, outcome: MarketValue['outcomes'][number]) => {
    const pick = pickOf(event, market, outcome);
    const result = togglePick(slip, pick, maxSelections);
    if (result.full) showToast(t('sb_slip_full', { count: maxSelections }));
    else setSlip(result.slip);
  };

  // ---- The member's bets -------------------------------------------------------------------------------------------
  const [betsTab, setBetsTab] = useState<BetsTab>('open');
  const [bets, setBets] = useState<BetValue[] | null>(null);
  const [betsLoading, setBetsLoading] = useState(false);
  const [betsError, setBetsError] = useState<string | null>(null);
  const betsRequest = useRef(0);
  const loadBets = useCallback(() => {
    if (!withSession) {
      setBets(null);
      return;
    }
    const request = ++betsRequest.current;
    setBetsLoading(true);
    sportsbookApi
      .myBets(betsTab, BETS_PAGE_SIZE)
      .then((value) => {
        if (request !== betsRequest.current) return;
        setBets(value.list);
        setBetsError(null);
      })
      .catch((failure: unknown) => {
        if (request === betsRequest.current) setBetsError(errorMessage(failure));
      })
      .finally(() => {
        if (request === betsRequest.current) setBetsLoading(false);
      });
  }, [withSession, betsTab]);
  // Read again whenever the balance moves (a bet placed, settled or cashed out), as the header's balance does.
  const balanceVersion = balance?.version ?? null;
  useEffect(() => {
    loadBets();
  }, [loadBets, balanceVersion, memberKey]);
  const changeBetsTab = (tab: BetsTab) => {
    if (tab === betsTab) {
      loadBets();
      return;
    }
    setBets(null);
    setBetsTab(tab);
  };
  const onOffer = (betId: string, offer: string | null) => setBets((current) => current?.map((bet) => (bet.betId === betId ? { ...bet, cashOutOffer: offer } : bet)) ?? null);
  const onCashedOut = (_value: CashedOutValue) => {
    void refreshBalance();
    loadBets();
  };
  const onPlaced = () => {
    void refreshBalance();
    loadBets();
    loadMenu();
  };

  // ---- Live: the rooms of the sports shown, of the slip and of the open bets ---------------------------------------
  const listSports = useMemo(() => (sport ? [sport] : SPORTS.filter((candidate) => isEsport(candidate) === (group === 'esports'))), [sport, group]);
  const openBetEvents = useMemo(() => new Set((betsTab === 'open' ? (bets ?? []) : []).flatMap((bet) => bet.legs.filter((leg) => leg.state === 'open').map((leg) => leg.eventId))), [bets, betsTab]);
  const betSports = useMemo(() => (betsTab === 'open' ? (bets ?? []).flatMap((bet) => bet.legs.filter((leg) => leg.state === 'open').map((leg) => leg.sport)) : []), [bets, betsTab]);
  // The list's sports stay followed while an event is open, so the list is current on the way back.
  const rooms = roomsFor(
    slip.map((pick) => pick.sport),
    detail ? [detail.sport] : [],
    betSports,
    listSports,
  );
  const roomsKey = rooms.join(',');
  useEffect(() => {
    const unfollows = roomsKey ? roomsKey.split(',').map((room) => live.followTable(room)) : [];
    return () => {
      for (const unfollow of unfollows) unfollow();
    };
  }, [roomsKey]);

  // The latest handlers, for the socket's listeners that live as long as the page.
  const betsTimer = useRef<number | undefined>(undefined);
  const latest = useRef({ openBetEvents, loadBets, loadList, loadDetail, loadMenu, pages });
  useEffect(() => {
    latest.current = { openBetEvents, loadBets, loadList, loadDetail, loadMenu, pages };
  });
  useEffect(() => {
    const unsubscribe = live.subscribe('table', (push) => {
      const updates = readOddsPush(push);
      if (!updates || updates.length === 0) return;
      setEvents((current) => mergeEvents(current, updates));
      setDetail((current) => {
        const update = current ? updates.find((entry) => entry.eventId === current.eventId) : undefined;
        return current && update ? mergeEvent(current, update, true) : current;
      });
      setSlip((current) => withUpdates(current, updates));
      if (betsTimer.current === undefined && updates.some((update) => latest.current.openBetEvents.has(update.eventId))) {
        betsTimer.current = window.setTimeout(() => {
          betsTimer.current = undefined;
          latest.current.loadBets();
        }, BETS_RELOAD_MS);
      }
    });
    // Pushes missed while the socket was down are not replayed: everything on screen is read again.
    const stopReading = live.onConnect(() => {
      const current = latest.current;
      current.loadList(current.pages);
      current.loadDetail();
      current.loadMenu();
      current.loadBets();
    });
    return () => {
      window.clearTimeout(betsTimer.current);
      betsTimer.current = undefined;
      unsubscribe();
      stopReading();
    };
  }, []);

  // ---- Layout: filters in the address, the slip's sheet on a phone ------------------------------------------------
  const [panel, setPanel] = useState<PanelTab>('slip');
  const [sheetOpen, setSheetOpen] = useState(false);
  useEffect(() => {
    if (!sheetOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setSheetOpen(false);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [sheetOpen]);

  const setParam = (changes: Record<string, string>) => {
    const next = new URLSearchParams(params);
    for (const [name, value] of Object.entries(changes)) {
      if (value) next.set(name, value);
      else next.delete(name);
    }
    setParams(next);
  };
  const hrefWith = (changes: Record<string, string>) => {
    const next = new URLSearchParams(params);
    for (const [name, value] of Object.entries(changes)) {
      if (value) next.set(name, value);
      else next.delete(name);
    }
    const search = next.toString();
    return search ? `/sportsbook?${search}` : '/sportsbook';
  };

  const openPanel = (tab: PanelTab) => {
    setPanel(tab);
    setSheetOpen(true);
  };
  const login = () => {
    setSheetOpen(false);
    openModal('login');
  };

  return (
    <div className={`sb-page${sheetOpen ? ' is-sheet-open' : ''}`} data-testid="sportsbook">
      <h1 className="sb-title">{t('sb_title')}</h1>
      <SportsNav
        words={words}
        menu={menu}
        group={group}
        sport={sport}
        status={status}
        format={format}
        onGroup={(next) => setParam({ group: next === 'sports' ? '' : next, sport: '', event: '' })}
        onSport={(next) => setParam({ sport: next, event: '' })}
        onStatus={(next) => setParam({ status: next, event: '' })}
        onFormat={changeFormat}
      />
      <div className="sb-body">
        <div className="sb-main">
          {eventId ? (
            <EventDetail words={words} event={detail} loading={detailLoading} error={detailError} selected={selected} onPick={onPick} onRetry={loadDetail} backHref={hrefWith({ event: '' })} />
          ) : (
            <EventList
              words={words}
              events={events}
              totalCount={totalCount}
              loading={listLoading}
              error={listError}
              selected={selected}
              onPick={onPick}
              onMore={loadMore}
              onRetry={() => loadList(pages)}
              eventHref={(id) => hrefWith({ event: id })}
            />
          )}
        </div>
        {sheetOpen && <div className="sb-sheet-backdrop" role="presentation" onClick={() => setSheetOpen(false)} />}
        <aside className={`sb-panel${sheetOpen ? ' is-open' : ''}`} data-testid="sb-panel" aria-label={t('sb_panel')}>
          <div className="sb-panel-tabs" role="tablist">
            <button type="button" role="tab" aria-selected={panel === 'slip'} className={panel === 'slip' ? 'is-on' : undefined} data-testid="sb-panel-slip" onClick={() => setPanel('slip')}>
              {t('sb_slip')}
              {slip.length > 0 && <span className="sb-count">{slip.length}</span>}
            </button>
            <button type="button" role="tab" aria-selected={panel === 'bets'} className={panel === 'bets' ? 'is-on' : undefined} data-testid="sb-panel-bets" onClick={() => setPanel('bets')}>
              {t('sb_my_bets')}
            </button>
            <button type="button" className="sb-sheet-close" data-testid="sb-sheet-close" aria-label={t('sb_close')} onClick={() => setSheetOpen(false)}>
              ×
            </button>
          </div>
          <div className="sb-panel-body">
            <div hidden={panel !== 'slip'}>
              <BetSlip words={words} slip={slip} setSlip={setSlip} limits={menu?.limits ?? null} account={account} onLogin={login} onPlaced={onPlaced} />
            </div>
            <div hidden={panel !== 'bets'}>
              {member ? (
                <MyBets
                  words={words}
                  tab={betsTab}
                  onTab={changeBetsTab}
                  bets={bets}
                  loading={betsLoading}
                  error={betsError}
                  onRetry={loadBets}
                  onOffer={onOffer}
                  onCashedOut={onCashedOut}
                  canCashOut={account === 'member'}
                />
              ) : (
                <div className="sb-guest" data-testid="sb-bets-guest">
                  <p>{t('sb_sign_in_for_bets')}</p>
                  <button type="button" className="btn btn-primary btn-sm" data-testid="sb-bets-login" onClick={login}>
                    {t('sb_sign_in')}
                  </button>
                </div>
              )}
            </div>
          </div>
        </aside>
      </div>
      <div className="sb-dock" data-testid="sb-dock">
        <button type="button" className="sb-dock-slip" data-testid="sb-dock-slip" onClick={() => openPanel('slip')}>
          <span className="sb-count">{slip.length}</span>
          <span>{t('sb_slip')}</span>
          {slip.length === 1 && <span className="sb-dock-odds">{words.odds(slip[0]!.current)}</span>}
        </button>
        <button type="button" className="sb-dock-bets" data-testid="sb-dock-bets" onClick={() => openPanel('bets')}>
          {t('sb_my_bets')}
        </button>
      </div>
    </div>
  );
}

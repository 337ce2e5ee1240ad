import { useEffect, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { useSession } from '../../state/session';
import { useSignOut } from '../../state/signIn';
import { useSystem } from '../../state/system';
import { ConfirmDialog, NoticeDialog, Toasts } from '../../components/Dialogs';
import { LogoutIcon } from '../../components/Icons';
import { BlockedPage, LoadingScreen, MaintenancePage, StartErrorPage } from '../../components/SystemPages';
import { agentLink, AGENT_PAGES, CONTRACT_FLAGS, contractKindOf, DEFAULT_AGENT_PAGE, isAgentPage, type AgentPage } from './agentPages';
import { brandClock, gmtOffsetLabel } from './agentTime';
import { useBrandZone, useNow } from './agentUi';
import { clearBadge, useAgentLive, useContractBadges } from './agentLive';
import { useContractFlags } from './contractFlags';
import { TeamOverviewPage } from './TeamOverviewPage';
import { DownlinePage } from './DownlinePage';
import { TeamBetsPage } from './TeamBetsPage';
import { ProfitLossPage } from './ProfitLossPage';
import { RegisterCenterPage } from './RegisterCenterPage';
import { ContractPage } from './ContractPage';
import { IncomePage } from './IncomePage';
import { AnnouncementsPage, CustomerServicePage, DepositPage, MessagesPage, WithdrawPage } from './OtherPages';
import { AccountDetailsPage } from './AccountDetailsPage';
import './agent.css';

const PAGES: Record<AgentPage, ComponentType> = {
  agentTeamOverview: TeamOverviewPage,
  deposit: DepositPage,
  withdraw: WithdrawPage,
  agentAnnouncement: AnnouncementsPage,
  registerCenter: RegisterCenterPage,
  downlineManagmentView: DownlinePage,
  personalHistoryCopy: TeamBetsPage,
  palStatementsAgentCopy: ProfitLossPage,
  agentRevenueReport: IncomePage,
  agentDownlineTransactionDetailsCopy: AccountDetailsPage,
  agentDividendRecordCopy2: ContractPage,
  agentDailyWages2: ContractPage,
  agentHourSalary: ContractPage,
  agentRealtimeSalary: ContractPage,
  messages: MessagesPage,
  customerService: CustomerServicePage,
};

/** The header (spec §2): the brand, its GMT offset and a clock ticking each second, the agent's nickname, sign out. */
function AgentHeader({ onMenu, menuOpen }: { onMenu: () => void; menuOpen: boolean }) {
  const { t } = useTranslation();
  const { merchantName } = useSystem();
  const { member } = useSession();
  const requestLogout = useSignOut();
  const zone = useBrandZone();
  const now = useNow(1000);
  return (
    <header className="agent-header agent-centre-header">
      <button type="button" className="agent-menu-toggle" aria-label={t('agent_menu')} aria-expanded={menuOpen} aria-controls="agent-menu" data-testid="agent-menu-toggle" onClick={onMenu}>
        <span aria-hidden="true">☰</span>
      </button>
      <span className="agent-brand">{merchantName}</span>
      <span className="agent-clock" data-testid="agent-clock">
        <span className="agent-gmt" data-testid="agent-gmt">
          {gmtOffsetLabel(zone, now)}
        </span>
        <time dateTime={now.toISOString()}>{brandClock(zone, now)}</time>
      </span>
      <span className="agent-header-end">
        <span className="agent-nickname" data-testid="agent-home-nickname">
          {member?.nickname}
        </span>
        <button type="button" className="btn btn-ghost btn-sm agent-logout" aria-label={t('agent_logout')} data-testid="agent-logout" onClick={() => void requestLogout()}>
          <LogoutIcon aria-hidden="true" />
          <span className="agent-logout-text">{t('agent_logout')}</span>
        </button>
      </span>
    </header>
  );
}

/** The menu: the contract pages only for the kinds the brand runs (consolidated flags), with a badge for new offers. */
function AgentMenu({ page, open, onNavigate }: { page: AgentPage; open: boolean; onNavigate: () => void }) {
  const { t } = useTranslation();
  const flags = useContractFlags();
  const badges = useContractBadges();
  const shown = AGENT_PAGES.filter((name) => {
    const kind = contractKindOf(name);
    return !kind || !flags || flags[CONTRACT_FLAGS[kind]];
  });
  return (
    <nav id="agent-menu" className={`agent-menu${open ? ' open' : ''}`} aria-label={t('agent_home_title')} data-testid="agent-menu">
      {shown.map((name) => {
        const kind = contractKindOf(name);
        const badge = kind ? (badges[kind] ?? 0) : 0;
        return (
          <Link
            key={name}
            to={agentLink(name)}
            onClick={onNavigate}
            className={`agent-menu-item${name === page ? ' active' : ''}`}
            aria-current={name === page ? 'page' : undefined}
            data-testid={`agent-nav-${name}`}
          >
            <span>{t(`agent_page_${name}`)}</span>
            {badge > 0 && (
              <span className="agent-badge" data-testid={`agent-badge-${name}`} aria-label={t('agent_badge_label', { count: badge })}>
                {badge}
              </span>
            )}
          </Link>
        );
      })}
    </nav>
  );
}

/** The agent centre (lazy area, spec §2): agents only; anyone else is sent to the agent login. */
export default function AgentCentre() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const [params] = useSearchParams();
  const { phase, mode } = useSystem();
  const { member, authReady } = useSession();
  const [menuOpen, setMenuOpen] = useState(false);
  const requested = params.get('page');
  const page: AgentPage = isAgentPage(requested) ? requested : DEFAULT_AGENT_PAGE;
  const isAgent = member?.isAgent ?? false;
  useAgentLive(isAgent ? member!.id : null);

  useEffect(() => {
    if (phase !== 'ready' || !authReady) return;
    if (!isAgent) void navigate('/agent', { replace: true });
  }, [phase, authReady, isAgent, navigate]);

  // A contract page shows its offers: its badge is cleared when it opens and when an offer arrives while it is open.
  const kind = contractKindOf(page);
  const badges = useContractBadges();
  const openBadge = kind ? (badges[kind] ?? 0) : 0;
  useEffect(() => {
    if (kind && openBadge > 0) clearBadge(kind);
  }, [kind, openBadge]);

  useEffect(() => setMenuOpen(false), [pathname, search]);

  if (phase === 'loading') return <LoadingScreen />;
  if (phase === 'error') return <StartErrorPage />;
  if (mode === 'maintenance') return <MaintenancePage />;
  if (mode === 'blocked') return <BlockedPage />;
  if (!member || !isAgent) return <LoadingScreen />;

  const Page = PAGES[page];
  return (
    <div className="agent-layout agent-centre" data-testid="agent-home" data-page={page}>
      <AgentHeader menuOpen={menuOpen} onMenu={() => setMenuOpen((open) => !open)} />
      <div className="agent-body">
        <AgentMenu page={page} open={menuOpen} onNavigate={() => setMenuOpen(false)} />
        {menuOpen && <button type="button" className="agent-scrim" aria-label={t('agent_menu_close')} onClick={() => setMenuOpen(false)} />}
        <main className="agent-content">
          <h1 className="agent-title" data-testid="agent-page-title">
            {t(`agent_page_${page}`)}
          </h1>
          <Page key={kind ?? page} />
        </main>
      </div>
      <ConfirmDialog />
      <NoticeDialog />
      <Toasts />
    </div>
  );
}

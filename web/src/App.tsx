import { Suspense, useEffect, useLayoutEffect, type ReactNode } from 'react';
import { BrowserRouter, Navigate, Outlet, useLocation, useNavigate, useRoutes, type RouteObject } from 'react-router-dom';
import { QueryClientProvider } from '@tanstack/react-query';
import { createQueryClient, systemStatusQuery } from './state/queries';
import { useSession } from './state/session';
import { useStartup } from './state/startup';
import { useSystem } from './state/system';
import { returnPath, routeModalOf, trimPath, uiStore, useModal } from './state/ui';
import { Header } from './components/Header';
import { Footer } from './components/Footer';
import { Home } from './components/Home';
import { ConfirmDialog, NoticeDialog, Toasts } from './components/Dialogs';
import { BlockedPage, LoadingScreen, MaintenancePage, StartErrorPage } from './components/SystemPages';
import { LobbyProvider } from './components/lobby/LobbyContext';
import { AgentLogin } from './pages/AgentLogin';
import { lazyArea } from './lazyArea';
import { MEMBER_PATH } from './pages/memberPanels';
import { SEAMLESS_PATH } from './components/lobby/seamless';
import { SideMenu } from './components/layout/SideMenu';
import { ContentOverlays } from './components/content/ContentOverlays';
import { prefetchVisitorContent } from './components/content/useContent';
import { RedEnvelopeOverlay } from './components/envelopes/RedEnvelopeOverlay';

// Lazy areas (spec §2): Promotions, MemberCenter, Lottery, GameListCenter, GameCenter, AccountGame, Seamless; the password reset
// page, the house games and the agent centre load the same way.
const MemberCenter = lazyArea(() => import('./pages/MemberCenter'));
const ResetPassword = lazyArea(() => import('./pages/ResetPassword'));
const HouseGame = lazyArea(() => import('./pages/house/HouseGame'));
const Lottery = lazyArea(() => import('./pages/lottery/LotteryPage'));
const GameListCenter = lazyArea(() => import('./pages/GameListCenter'));
const GameCenter = lazyArea(() => import('./pages/GameCenter'));
const AccountGame = lazyArea(() => import('./pages/AccountGame'));
const Seamless = lazyArea(() => import('./pages/Seamless'));
const AgentCentre = lazyArea(() => import('./pages/agent/AgentCentre'));
const Promotions = lazyArea(() => import('./pages/promotions/PromotionsPage'));
const SupportChat = lazyArea(() => import('./pages/chat/SupportChat'));
const SupportDesk = lazyArea(() => import('./pages/chat/SupportDesk'));
const AppDownload = lazyArea(() => import('./pages/download/AppDownload'));
const DomainList = lazyArea(() => import('./pages/domains/DomainList'));
const PointMall = lazyArea(() => import('./pages/points/PointMall'));
const VipPage = lazyArea(() => import('./pages/vip/VipPage'));
const Sportsbook = lazyArea(() => import('./pages/sportsbook/SportsbookPage'));
// The account modals load when first opened.
const LoginModal = lazyArea(() => import('./components/LoginModal').then((module) => ({ default: module.LoginModal })));
const RegisterModal = lazyArea(() => import('./components/RegisterModal').then((module) => ({ default: module.RegisterModal })));
const ForgotPasswordModal = lazyArea(() => import('./components/password/ForgotPasswordModal').then((module) => ({ default: module.ForgotPasswordModal })));
const ChangePasswordModal = lazyArea(() => import('./components/password/ChangePasswordModal').then((module) => ({ default: module.ChangePasswordModal })));

/** Navigation scrolls to the top; a hash scrolls to its anchor. */
function ScrollManager() {
  const { pathname, hash } = useLocation();
  useLayoutEffect(() => {
    if (hash) {
      const target = document.getElementById(decodeURIComponent(hash.slice(1)));
      if (target) {
        target.scrollIntoView();
        return;
      }
    }
    window.scrollTo(0, 0);
  }, [pathname, hash]);
  return null;
}

/** Every route's parent: runs the start-up and keeps the session, the socket and the brand in step. */
function Root() {
  useStartup();
  return <Outlet />;
}

/**
 * /login and /register open their modal over home, /register?referralCode= fills the registration's invitation code;
 * a signed-in member on them goes where the page that sent them there asked, or home.
 */
function useRouteModals(ready: boolean) {
  const navigate = useNavigate();
  const location = useLocation();
  const { pathname, search } = location;
  const state: unknown = location.state;
  const { member } = useSession();
  const path = trimPath(pathname);
  const routeModal = routeModalOf(path);

  useEffect(() => {
    if (!ready) return;
    if (path === '/register') {
      const code = new URLSearchParams(search).get('referralCode');
      if (code) uiStore.set({ referralCode: code.trim() });
    }
    if (!routeModal) return;
    if (member) {
      void navigate(returnPath(state) ?? '/', { replace: true });
      return;
    }
    uiStore.set({ modal: routeModal });
  }, [ready, path, routeModal, search, state, member, navigate]);
}

/** The normal layout: header, the route's page, footer, and the modals and dialogs any page can open. */
function Shell() {
  const { phase, mode } = useSystem();
  const { modal } = useModal();
  useRouteModals(phase === 'ready' && mode === 'normal');
  // The seamless game page is the one page without footer (spec §2).
  const hideFooter = trimPath(useLocation().pathname).toLowerCase() === SEAMLESS_PATH;

  if (phase === 'loading') return <LoadingScreen />;
  if (phase === 'error') return <StartErrorPage />;
  if (mode === 'maintenance') return <MaintenancePage />;
  if (mode === 'blocked') return <BlockedPage />;

  return (
    <LobbyProvider>
      <div className="layout">
        <ScrollManager />
        <SideMenu />
        <Header />
        <main className="main">
          <Outlet />
        </main>
        {!hideFooter && <Footer />}
        <Suspense fallback={null}>
          {modal === 'login' && <LoginModal />}
          {modal === 'register' && <RegisterModal />}
          {modal === 'forgotPassword' && <ForgotPasswordModal />}
          {modal === 'changePassword' && <ChangePasswordModal />}
        </Suspense>
        <ContentOverlays />
        <RedEnvelopeOverlay />
        <ConfirmDialog />
        <NoticeDialog />
        <Toasts />
      </div>
    </LobbyProvider>
  );
}

/** An area of the normal layout, loaded on first visit. */
const area = (children: ReactNode) => <Suspense fallback={<div className="area-loading" aria-busy="true" />}>{children}</Suspense>;
/** A page of its own, loaded on first visit. */
const page = (children: ReactNode) => <Suspense fallback={<LoadingScreen />}>{children}</Suspense>;

/**
 * Home, /index, /index.html, /home, /login, /register and /help share one home element, so moving between them never
 * reloads home; /login and /register open their modal on top (the shell reads the path), /help the help centre.
 */
const home = ['/', '/index', '/index.html', '/home', '/login', '/register', '/help'].map((path): RouteObject => ({ path, element: <Home /> }));

/** The spec's routes (§2). Unknown paths go home. */
export const routes: RouteObject[] = [
  {
    element: <Root />,
    children: [
      { path: '/agent', element: <AgentLogin /> },
      { path: '/agentHome', element: page(<AgentCentre />) },
      { path: '/reset-password', element: page(<ResetPassword />) },
      { path: '/house/:gameCode', element: page(<HouseGame />) },
      { path: '/support-chat', element: page(<SupportChat />) },
      { path: '/support-desk', element: page(<SupportDesk />) },
      ...['/lottery', '/vnLottery', '/seaLottery'].map((path): RouteObject => ({ path, element: page(<Lottery />) })),
      {
        element: <Shell />,
        children: [
          ...home,
          { path: MEMBER_PATH, element: area(<MemberCenter />) },
          { path: '/promotions', element: area(<Promotions />) },
          { path: '/download', element: area(<AppDownload />) },
          { path: '/domains', element: area(<DomainList />) },
          { path: '/pointMall', element: area(<PointMall />) },
          { path: '/vip', element: area(<VipPage />) },
          { path: '/sportsbook', element: area(<Sportsbook />) },
          ...['/live', '/fish', '/rng', '/pvp'].map((path): RouteObject => ({ path, element: area(<GameListCenter />) })),
          ...['/sports', '/esports', '/lott', '/elott', '/cockfight'].map((path): RouteObject => ({ path, element: area(<GameCenter />) })),
          ...['/favorite', '/recent'].map((path): RouteObject => ({ path, element: area(<AccountGame />) })),
          { path: SEAMLESS_PATH, element: area(<Seamless />) },
          { path: '*', element: <Navigate to="/" replace /> },
        ],
      },
    ],
  },
];

const queryClient = createQueryClient();

/**
 * Asks for what the first screen needs before the first render: the brand's status and, for a visitor, the brand's
 * content beside it rather than after it.
 */
export function prefetchFirstScreen(): void {
  void queryClient.prefetchQuery(systemStatusQuery);
  prefetchVisitorContent(queryClient);
}

/** The routes under the browser's history: the component router, which carries no data-loading machinery. */
function Routes() {
  return useRoutes(routes);
}

export function App() {
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <Routes />
      </BrowserRouter>
    </QueryClientProvider>
  );
}

import { lazy, Suspense, useEffect, useLayoutEffect } from 'react';
import { BrowserRouter, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { AppStateProvider, useAppState } from './state/AppState';
import { Header } from './components/Header';
import { Footer } from './components/Footer';
import { Home } from './components/Home';
import { LoginModal } from './components/LoginModal';
import { RegisterModal } from './components/RegisterModal';
import { ConfirmDialog, NoticeDialog, Toasts } from './components/Dialogs';
import { BlockedPage, LoadingScreen, MaintenancePage, StartErrorPage } from './components/SystemPages';
import { MEMBER_PATH } from './pages/memberPanels';
import { LobbyProvider } from './components/lobby/LobbyContext';
import { hidesFooter, isLobbyPath, LobbyArea } from './components/lobby/LobbyRoutes';
import { AgentHome, AgentLogin } from './pages/AgentLogin';
import { ChangePasswordModal } from './components/password/ChangePasswordModal';
import { ForgotPasswordModal } from './components/password/ForgotPasswordModal';

const MemberCenter = lazy(() => import('./pages/MemberCenter'));
const ResetPassword = lazy(() => import('./pages/ResetPassword'));
const HouseGame = lazy(() => import('./pages/house/HouseGame'));
// Lazy area "Lottery" (spec §2): /lottery, /vnLottery, /seaLottery.
const Lottery = lazy(() => import('./pages/lottery/LotteryPage'));

/** Paths that show the home view; /login and /register add their modal on top. */
const HOME_PATHS = new Set(['/', '/index', '/index.html', '/home', '/login', '/register']);

function normalisePath(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') : pathname;
}

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

/** One instance for every home path, so moving between /, /login and /register never remounts home. */
function Shell() {
  const { phase, mode, modal } = useAppState();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const path = normalisePath(pathname);

  const isMemberCenter = path === MEMBER_PATH;

  useEffect(() => {
    if (!HOME_PATHS.has(path) && !isMemberCenter && !isLobbyPath(path)) void navigate('/', { replace: true });
  }, [path, isMemberCenter, navigate]);

  if (phase === 'loading') return <LoadingScreen />;
  if (phase === 'error') return <StartErrorPage />;
  if (mode === 'maintenance') return <MaintenancePage />;
  if (mode === 'blocked') return <BlockedPage />;

  return (
    <LobbyProvider>
      <div className="layout">
        <ScrollManager />
        <Header />
        <main className="main">
          {isMemberCenter ? (
            <Suspense fallback={<div className="area-loading" aria-busy="true" />}>
              <MemberCenter />
            </Suspense>
          ) : isLobbyPath(path) ? (
            <LobbyArea path={path} />
          ) : (
            <Home />
          )}
        </main>
        {!hidesFooter(path) && <Footer />}
        {modal === 'login' && <LoginModal />}
        {modal === 'register' && <RegisterModal />}
        {modal === 'forgotPassword' && <ForgotPasswordModal />}
        {modal === 'changePassword' && <ChangePasswordModal />}
        <ConfirmDialog />
        <NoticeDialog />
        <Toasts />
      </div>
    </LobbyProvider>
  );
}

export function App() {
  return (
    <BrowserRouter>
      <AppStateProvider>
        <Routes>
          <Route path="/agent" element={<AgentLogin />} />
          <Route path="/agentHome" element={<AgentHome />} />
          <Route
            path="/reset-password"
            element={
              <Suspense fallback={<LoadingScreen />}>
                <ResetPassword />
              </Suspense>
            }
          />
          <Route
            path="/house/:gameCode"
            element={
              <Suspense fallback={<LoadingScreen />}>
                <HouseGame />
              </Suspense>
            }
          />
          <Route
            path="/lottery"
            element={
              <Suspense fallback={<LoadingScreen />}>
                <Lottery />
              </Suspense>
            }
          />
          <Route
            path="/vnLottery"
            element={
              <Suspense fallback={<LoadingScreen />}>
                <Lottery />
              </Suspense>
            }
          />
          <Route
            path="/seaLottery"
            element={
              <Suspense fallback={<LoadingScreen />}>
                <Lottery />
              </Suspense>
            }
          />
          <Route path="*" element={<Shell />} />
        </Routes>
      </AppStateProvider>
    </BrowserRouter>
  );
}

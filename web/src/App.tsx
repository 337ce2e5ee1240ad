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

const MemberCenter = lazy(() => import('./pages/MemberCenter'));

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
    if (!HOME_PATHS.has(path) && !isMemberCenter) navigate('/', { replace: true });
  }, [path, isMemberCenter, navigate]);

  if (phase === 'loading') return <LoadingScreen />;
  if (phase === 'error') return <StartErrorPage />;
  if (mode === 'maintenance') return <MaintenancePage />;
  if (mode === 'blocked') return <BlockedPage />;

  return (
    <div className="layout">
      <ScrollManager />
      <Header />
      <main className="main">
        {isMemberCenter ? (
          <Suspense fallback={<div className="area-loading" aria-busy="true" />}>
            <MemberCenter />
          </Suspense>
        ) : (
          <Home />
        )}
      </main>
      <Footer />
      {modal === 'login' && <LoginModal />}
      {modal === 'register' && <RegisterModal />}
      <ConfirmDialog />
      <NoticeDialog />
      <Toasts />
    </div>
  );
}

export function App() {
  return (
    <BrowserRouter>
      <AppStateProvider>
        <Routes>
          <Route path="*" element={<Shell />} />
        </Routes>
      </AppStateProvider>
    </BrowserRouter>
  );
}

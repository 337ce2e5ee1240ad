// First, before any module builds a schema: zod must not probe for eval under the site's Content-Security-Policy.
import '@wps/contracts/no-eval';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { currentLanguage, languageReady } from './i18n';
import { setLanguageProvider } from './api';
import './styles.css';
import { App, prefetchFirstScreen } from './App';
import { startInstallability } from './pages/download/install';
import { startTheme } from './state/theme';

// The theme is set before the first paint of the app, from the player's choice or the system's.
startTheme();
// Every call says which language its answer should be in: the interface's.
setLanguageProvider(currentLanguage);
// The brand's status and a visitor's content are asked for while the app renders.
prefetchFirstScreen();
// The site installs as an app; the service worker runs in production builds only.
startInstallability(import.meta.env.PROD);

const container = document.getElementById('root');
if (!container) throw new Error('missing #root');

// A pack that fails to load leaves the default language's words; the app still starts.
void languageReady
  .catch(() => undefined)
  .then(() =>
    createRoot(container).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );

import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { currentLanguage } from './i18n';
import { setLanguageProvider } from './api';
import './styles.css';
import { App } from './App';

// Every call says which language its answer should be in: the interface's.
setLanguageProvider(currentLanguage);

const container = document.getElementById('root');
if (!container) throw new Error('missing #root');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

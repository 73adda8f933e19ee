import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { i18nReady } from './i18n/i18n';
import 'nprogress/nprogress.css';
import './styles/global.css';
import { App } from './app/App';
import { applyRememberedAntdStylesheet } from './app/providers/antdStylesheet';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');

// The first paint is already in the user's language; if its chunk cannot load, keys beat a blank page.
void Promise.all([i18nReady.catch(() => undefined), applyRememberedAntdStylesheet()]).then(() =>
  createRoot(container).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);

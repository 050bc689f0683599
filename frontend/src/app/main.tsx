import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import '../components/styles/tokens.css';
import '../components/styles/base.css';
import { registerServiceWorker } from '../lib/serviceWorker';
import { initTheme } from '../lib/theme';
import { App } from './App';
import { preloadRoute } from './preloadRoute';

// Before the first render, so no screen is ever drawn in the other theme.
initTheme();
// Before the first render too: the page's code and data download while React starts.
preloadRoute(window.location.pathname);

const container = document.getElementById('root');
if (!container) throw new Error('Vitalog: #root element missing from index.html');

createRoot(container).render(
  <StrictMode>
    <BrowserRouter>
      <App />
    </BrowserRouter>
  </StrictMode>,
);

registerServiceWorker();

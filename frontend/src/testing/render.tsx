import type { ReactElement, ReactNode } from 'react';
import { render, type RenderResult } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { SWRConfig } from 'swr';
import { ToastProvider } from '../components/toast';
import { swrConfig } from '../app/swrConfig';

/** Shows the current location so tests can assert navigation. */
export function LocationProbe(): ReactElement {
  const location = useLocation();
  return <div data-testid="location">{`${location.pathname}${location.search}`}</div>;
}

export interface RenderOptions {
  /** Initial URL. */
  route?: string;
  /** Route pattern the element is mounted at (for params). */
  path?: string;
  /** Extra routes to mount beside it (e.g. redirect targets). */
  extraRoutes?: ReactNode;
}

/** Renders with a fresh SWR cache, the toast provider and a memory router. */
export function renderWithProviders(ui: ReactElement, { route = '/', path = '*', extraRoutes }: RenderOptions = {}): RenderResult {
  return render(
    <SWRConfig value={{ ...swrConfig, provider: () => new Map() }}>
      <ToastProvider>
        <MemoryRouter initialEntries={[route]}>
          <Routes>
            <Route path={path} element={ui} />
            {extraRoutes}
          </Routes>
          <LocationProbe />
        </MemoryRouter>
      </ToastProvider>
    </SWRConfig>,
  );
}

/** Wraps providers around arbitrary content (no router). */
export function Providers({ children }: { children: ReactNode }): ReactElement {
  return (
    <SWRConfig value={{ ...swrConfig, provider: () => new Map() }}>
      <ToastProvider>{children}</ToastProvider>
    </SWRConfig>
  );
}

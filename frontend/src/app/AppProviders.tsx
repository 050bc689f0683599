import type { ReactElement, ReactNode } from 'react';
import { SWRConfig } from 'swr';
import { ToastProvider } from '../components/toast';
import { swrConfig } from './swrConfig';

export function AppProviders({ children }: { children: ReactNode }): ReactElement {
  return (
    <SWRConfig value={swrConfig}>
      <ToastProvider>{children}</ToastProvider>
    </SWRConfig>
  );
}

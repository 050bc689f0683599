import type { ReactElement } from 'react';
import { UpdatePrompt } from '../components/feedback/UpdatePrompt';
import { AppProviders } from './AppProviders';
import { AppRoutes } from './AppRoutes';

export function App(): ReactElement {
  return (
    <AppProviders>
      <AppRoutes />
      <UpdatePrompt />
    </AppProviders>
  );
}

import type { ReactElement } from 'react';
import { UpdatePrompt } from '../components/feedback/UpdatePrompt';
import { AppProviders } from './AppProviders';
import { AppRoutes } from './AppRoutes';
import { useEarlyAnswersForFirstPageOnly } from './preloadRoute';

export function App(): ReactElement {
  useEarlyAnswersForFirstPageOnly();
  return (
    <AppProviders>
      <AppRoutes />
      <UpdatePrompt />
    </AppProviders>
  );
}

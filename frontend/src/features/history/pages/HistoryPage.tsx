import type { ReactElement } from 'react';
import { PageHeader } from '../../../components/layout/PageHeader';

export default function HistoryPage(): ReactElement {
  return <PageHeader title="History" />;
}

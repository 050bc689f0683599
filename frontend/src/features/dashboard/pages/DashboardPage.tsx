import type { ReactElement } from 'react';
import { PageHeader } from '../../../components/layout/PageHeader';

export default function DashboardPage(): ReactElement {
  return <PageHeader title="Dashboard" />;
}

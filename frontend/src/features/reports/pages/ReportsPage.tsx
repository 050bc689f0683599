import type { ReactElement } from 'react';
import { PageHeader } from '../../../components/layout/PageHeader';

export default function ReportsPage(): ReactElement {
  return <PageHeader title="Reports" />;
}

import type { ReactElement } from 'react';
import { PageHeader } from '../../../components/layout/PageHeader';

export default function RecordVitalsPage(): ReactElement {
  return <PageHeader title="Record Vitals" />;
}

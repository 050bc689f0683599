import type { ReactElement } from 'react';
import { PageHeader } from '../../../components/layout/PageHeader';

export default function ProfilePage(): ReactElement {
  return <PageHeader title="Profile" />;
}

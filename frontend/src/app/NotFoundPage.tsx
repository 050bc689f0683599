import type { ReactElement } from 'react';
import { Link } from 'react-router-dom';
import { Icon } from '../components/icons/Icon';
import { PublicLayout, StatusCard } from '../components/layout/PublicLayout';
import { useDocumentTitle } from '../lib/useDocumentTitle';

export default function NotFoundPage(): ReactElement {
  useDocumentTitle('Page not found');
  return (
    <PublicLayout>
      <StatusCard
        tone="warning"
        icon={<Icon name="warning" size={32} />}
        title="404 Page Not Found"
        actions={
          <Link to="/" className="btn btn-primary">
            Go to the home page
          </Link>
        }
      >
        <p>The page you are looking for does not exist or may have moved. Check the address, or head back home.</p>
      </StatusCard>
    </PublicLayout>
  );
}

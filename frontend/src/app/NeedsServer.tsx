import { useState, type ReactElement, type ReactNode } from 'react';
import { NeedsConnection } from '../components/feedback/NeedsConnection';
import { PageHeader } from '../components/layout/PageHeader';
import { PublicLayout } from '../components/layout/PublicLayout';
import { useOnline } from '../lib/connection';
import { useDocumentTitle } from '../lib/useDocumentTitle';

export interface NeedsServerProps {
  /** The page's name: its heading while offline, and "<title> needs a connection". */
  title: string;
  /** `public` for a page outside the signed-in shell (a shared record). */
  layout?: 'shell' | 'public';
  children: ReactNode;
}

/**
 * A route whose page only works with the server (reports, profile, medications...): opened
 * while offline it says so instead of spinning or showing a raw network error, and the page
 * appears by itself once the browser is back online. A page that was already open stays
 * mounted when the connection drops, so nothing typed into it is lost; its own error
 * handling covers a save that fails.
 */
export function NeedsServer({ title, layout = 'shell', children }: NeedsServerProps): ReactElement {
  const online = useOnline();
  const [reached, setReached] = useState(online);
  if (online && !reached) setReached(true);
  if (reached) return <>{children}</>;
  return layout === 'public' ? <PublicOffline title={title} /> : <ShellOffline title={title} />;
}

function ShellOffline({ title }: { title: string }): ReactElement {
  return (
    <>
      <PageHeader title={title} />
      <NeedsConnection title={title} />
    </>
  );
}

function PublicOffline({ title }: { title: string }): ReactElement {
  useDocumentTitle(title);
  return (
    <PublicLayout>
      <h1 className="visually-hidden">{title}</h1>
      <NeedsConnection title={title} />
    </PublicLayout>
  );
}

import type { ReactElement, ReactNode } from 'react';
import { LoadingState } from '../../../components/feedback/Spinner';
import { Icon } from '../../../components/icons/Icon';
import { PublicLayout, StatusCard } from '../../../components/layout/PublicLayout';
import { isApiError } from '../../../lib/api';
import { useDocumentTitle } from '../../../lib/useDocumentTitle';
import type { MessageResponse } from '../api/types';
import { useTokenLink } from '../useTokenLink';

/** What a failed link says: the server's message, else `failed`; `unreachable` without an answer. */
export function describeLinkFailure(error: unknown, fallbacks: { failed: string; unreachable: string }): string {
  if (!isApiError(error)) return fallbacks.unreachable;
  return error.serverMessage ?? fallbacks.failed;
}

export interface TokenLinkPageProps {
  /** The document title, also the loading card's accessible name. */
  name: string;
  send: (token: string) => Promise<MessageResponse>;
  messages: { success: string; invalidLink: string; describeFailure: (error: unknown) => string };
  loadingMessage: string;
  success: { title: string; actions: ReactNode };
  failure: { title: string; actions: ReactNode };
}

/** A page opened from an emailed link: a spinner while the token is sent, then its outcome. */
export function TokenLinkPage({ name, send, messages, loadingMessage, success, failure }: TokenLinkPageProps): ReactElement {
  useDocumentTitle(name);
  const state = useTokenLink(send, messages);

  return (
    <PublicLayout>
      {state.kind === 'loading' ? (
        <section className="card" aria-label={name}>
          <LoadingState message={loadingMessage} />
        </section>
      ) : null}
      {state.kind === 'success' ? (
        <StatusCard tone="success" icon={<Icon name="check-circle" size={32} />} title={success.title} actions={success.actions}>
          <p>{state.message}</p>
        </StatusCard>
      ) : null}
      {state.kind === 'error' ? (
        <StatusCard tone="danger" icon={<Icon name="alert-circle" size={32} />} title={failure.title} actions={failure.actions}>
          <p role="alert">{state.message}</p>
        </StatusCard>
      ) : null}
    </PublicLayout>
  );
}

import { useLayoutEffect, useState, type ReactElement } from 'react';
import { Dialog } from '../../../../components/dialog/Dialog';
import { CHECK_CONNECTION } from '../../../medications/ui/useMedicationWrite';
import { useToast } from '../../../../components/toast';
import { isNotFound, serverMessageOr } from '../../../../lib/serverErrors';
import { deleteShare, revokeShare, useShares, type CreatedShareDto, type ShareDto } from '../../api/shares';
import { shareMessages } from '../../shareSchema';
import { ShareForm } from './ShareForm';
import { ShareList } from './ShareList';
import { ShareResult } from './ShareResult';
import '../../share.css';

type Mode = { kind: 'list' } | { kind: 'form' } | { kind: 'created'; created: CreatedShareDto };
type Confirm = { kind: 'stop' | 'delete'; share: ShareDto };

const NEW_SHARE_ID = 'share-new';

/** The Reports page's "Share with your doctor": make a link, see who opened it, stop it. */
export function ShareCard(): ReactElement {
  const { toast } = useToast();
  const { data: shares, error, mutate } = useShares();
  const [mode, setMode] = useState<Mode>({ kind: 'list' });
  const [confirm, setConfirm] = useState<Confirm | null>(null);
  const [busy, setBusy] = useState(false);
  // Back from the form or the result panel, or a share deleted: focus goes to "New share".
  const [focusRequest, setFocusRequest] = useState(0);
  useLayoutEffect(() => {
    if (focusRequest > 0) document.getElementById(NEW_SHARE_ID)?.focus();
  }, [focusRequest]);
  const showList = (): void => {
    setMode({ kind: 'list' });
    setFocusRequest((n) => n + 1);
  };

  const created = (answer: CreatedShareDto): void => {
    void mutate((current) => [answer.share, ...(current ?? []).filter((s) => s.id !== answer.share.id)], { revalidate: false });
    setMode({ kind: 'created', created: answer });
  };

  const confirmed = async (): Promise<void> => {
    if (!confirm) return;
    const { kind, share } = confirm;
    setBusy(true);
    try {
      if (kind === 'stop') {
        const stopped = await revokeShare(share.id);
        await mutate((current) => (current ?? []).map((s) => (s.id === stopped.id ? stopped : s)), { revalidate: false });
        toast({ title: 'Sharing stopped', description: `The link of “${share.label}” no longer opens.` });
      } else {
        await deleteShare(share.id);
        await mutate((current) => (current ?? []).filter((s) => s.id !== share.id), { revalidate: false });
        toast({ title: 'Share deleted', description: `“${share.label}” and its access log were deleted.` });
        setFocusRequest((n) => n + 1);
      }
      setConfirm(null);
    } catch (failure) {
      const title = kind === 'stop' ? shareMessages.stopFailed : shareMessages.deleteFailed;
      const gone = isNotFound(failure);
      toast({
        title,
        description: gone ? 'This share no longer exists. It may have been deleted in another tab.' : serverMessageOr(failure, CHECK_CONNECTION),
        variant: 'destructive',
      });
      if (gone) {
        setConfirm(null);
        void mutate();
      }
    } finally {
      setBusy(false);
    }
  };

  return (
    <section className="card report-card reports-share" aria-labelledby="share-heading">
      <div className="share-header">
        <div>
          <h2 id="share-heading" className="report-card-title">
            Share with your doctor
          </h2>
          <p className="text-sm text-muted">
            A private link to your readings that your doctor opens without an account. You choose what it shows and
            for how long, see each time it is opened, and can stop it at any time.
          </p>
        </div>
        {mode.kind === 'list' ? (
          <button id={NEW_SHARE_ID} type="button" className="btn btn-primary" onClick={() => setMode({ kind: 'form' })}>
            New share
          </button>
        ) : null}
      </div>

      {mode.kind === 'form' ? <ShareForm onCreated={created} onCancel={showList} /> : null}
      {mode.kind === 'created' ? <ShareResult created={mode.created} onDone={showList} /> : null}

      <ShareList
        shares={shares}
        error={error}
        onRetry={() => void mutate()}
        onStop={(share) => setConfirm({ kind: 'stop', share })}
        onDelete={(share) => setConfirm({ kind: 'delete', share })}
      />

      {confirm?.kind === 'stop' ? (
        <Dialog
          title="Stop sharing"
          description={
            <p>
              The link of &ldquo;{confirm.share.label}&rdquo; stops working at once: whoever opens it is told it is no
              longer available. Its access log stays here.
            </p>
          }
          confirmLabel="Stop sharing"
          pendingLabel="Stopping..."
          busy={busy}
          onConfirm={() => void confirmed()}
          onCancel={() => setConfirm(null)}
        />
      ) : null}
      {confirm?.kind === 'delete' ? (
        <Dialog
          title="Delete this share?"
          description={<p>&ldquo;{confirm.share.label}&rdquo; and its access log will be deleted. Its link already no longer works.</p>}
          confirmLabel="Delete"
          pendingLabel="Deleting..."
          busy={busy}
          onConfirm={() => void confirmed()}
          onCancel={() => setConfirm(null)}
        />
      ) : null}
    </section>
  );
}

import { useLayoutEffect, useRef, type ReactElement } from 'react';
import { QRCodeSVG } from 'qrcode.react';
import { Alert } from '../../../../components/feedback/Alert';
import { TextField } from '../../../../components/form/TextField';
import { Icon } from '../../../../components/icons/Icon';
import { useToast } from '../../../../components/toast';
import type { CreatedShareDto } from '../../api/shares';

const LINK_FIELD_ID = 'share-link';

export const SHOWN_ONCE = 'This link is shown only now. Keep it, or make a new share later.';

export interface ShareResultProps {
  created: CreatedShareDto;
  onDone: () => void;
}

/** The new share's link (this once), to copy or show as a QR code. Takes focus when shown. */
export function ShareResult({ created, onDone }: ShareResultProps): ReactElement {
  const { toast } = useToast();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const { share, link } = created;

  useLayoutEffect(() => {
    headingRef.current?.focus();
  }, []);

  const copy = async (): Promise<void> => {
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(link);
      toast({ title: 'Link copied', description: 'Paste it where your clinician will find it.' });
    } catch {
      // No clipboard (an insecure page, a refused permission): the link is selected to copy by hand.
      const field = document.getElementById(LINK_FIELD_ID);
      if (field instanceof HTMLInputElement) {
        field.focus();
        field.select();
      }
      toast({ title: 'Link selected', description: 'Copy it with Ctrl+C, or ⌘C on a Mac.' });
    }
  };

  return (
    <div className="share-result">
      <Alert variant="success">
        <h3 ref={headingRef} tabIndex={-1} className="report-generated-title">
          Your link is ready
        </h3>
        <p>
          <strong>{share.label}</strong> · {share.periodText}
        </p>
        {share.emailedTo ? <p>It is on its way to {share.emailedTo}.</p> : null}
        {share.hasAccessCode ? <p>Tell your clinician the access code yourself: the link alone does not open it.</p> : null}
      </Alert>
      <p className="share-once">
        <Icon name="info" size={18} />
        <strong>{SHOWN_ONCE}</strong>
      </p>
      <div className="share-link-row">
        <TextField
          id={LINK_FIELD_ID}
          label="Link"
          readOnly
          value={link}
          onFocus={(event) => event.currentTarget.select()}
          className="share-link-field"
        />
        <button type="button" className="btn btn-primary share-copy" onClick={() => void copy()}>
          Copy link
        </button>
      </div>
      <figure className="share-qr">
        <QRCodeSVG value={link} size={176} marginSize={2} role="img" aria-label="QR code of the link" title="QR code of the link" />
        <figcaption className="text-sm text-muted">Show it on your phone in the consultation room: it opens the same link.</figcaption>
      </figure>
      <button type="button" className="btn btn-secondary share-done" onClick={onDone}>
        Done
      </button>
    </div>
  );
}

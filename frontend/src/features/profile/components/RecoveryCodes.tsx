import { useLayoutEffect, useRef, type ReactElement } from 'react';
import { Alert } from '../../../components/feedback/Alert';
import { useToast } from '../../../components/toast';
import { useSessionUser } from '../../../lib/session';
import { recoveryCodesText } from '../api/twoStepApi';

export const CODES_SHOWN_ONCE = 'These codes are shown only now. Download or copy them before you leave this page.';

/** Recovery codes just made, shown this once to download or copy. Takes focus when shown. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }): ReactElement {
  const { toast } = useToast();
  const { user } = useSessionUser();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const text = recoveryCodesText(codes, user?.username ?? '');

  useLayoutEffect(() => {
    headingRef.current?.focus();
  }, []);

  const download = (): void => {
    const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
    const link = document.createElement('a');
    link.href = url;
    link.download = 'vitalog-recovery-codes.txt';
    link.click();
    URL.revokeObjectURL(url);
  };

  const copy = async (): Promise<void> => {
    try {
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(text);
      toast({ title: 'Codes copied', description: 'Paste them into your password manager or a safe note.' });
    } catch {
      toast({ variant: 'destructive', title: 'Not copied', description: 'Select the codes and copy them by hand, or download them.' });
    }
  };

  return (
    <div className="profile-recovery">
      <Alert variant="success">
        <h4 ref={headingRef} tabIndex={-1} className="profile-two-step-step">
          Save your recovery codes
        </h4>
        <p>If you lose your phone, each code signs you in once instead of a code from the app.</p>
      </Alert>
      <p className="text-sm">
        <strong>{CODES_SHOWN_ONCE}</strong>
      </p>
      <ol className="profile-recovery-list" aria-label="Recovery codes">
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ol>
      <div className="profile-two-step-actions">
        <button type="button" className="btn btn-primary" onClick={download}>
          Download .txt
        </button>
        <button type="button" className="btn btn-secondary" onClick={() => void copy()}>
          Copy
        </button>
        <button type="button" className="btn btn-secondary" onClick={onDone}>
          Done
        </button>
      </div>
    </div>
  );
}

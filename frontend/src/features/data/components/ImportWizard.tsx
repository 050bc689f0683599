import { useEffect, useId, useLayoutEffect, useRef, useState, type ChangeEvent, type ReactElement } from 'react';
import { useNavigate } from 'react-router-dom';
import { Alert, type AlertVariant } from '../../../components/feedback/Alert';
import { Spinner } from '../../../components/feedback/Spinner';
import { UnitsUnknownAlert } from '../../readings/ui/UnitsUnknownAlert';
import { useToast } from '../../../components/toast';
import { isApiError } from '../../../lib/api';
import { usePreferences } from '../../../lib/preferences';
import { useRefreshReadings } from '../../readings/api/readings';
import { COMMON_MESSAGES } from '../../../lib/rules';
import { isNotFound, isSubscriptionRequired } from '../../../lib/serverErrors';
import { useSubscription } from '../../../lib/subscription';
import {
  ImportCancelled,
  ImportFileError,
  MAX_UPLOAD_BYTES,
  commitImport,
  discardImport,
  headLineCount,
  sniffFile,
  uploadImport,
  type FormatChoice,
} from '../api/importApi';
import type { ImportPreviewDto, SniffDto } from '../../../lib/apiTypes';
import { initialMappingValues, toMappingDto, type MappingValues } from '../mapping';
import { ExportHelp } from './ExportHelp';
import type { HeaderLineState } from './HeaderLineChoice';
import { ImportLimits } from './ImportLimits';
import { FormatStep, effectiveFormat } from './FormatStep';
import { ImportPreview } from './ImportPreview';
import { ImportProgress, type ProgressPhase } from './ImportProgress';

export const SNIFF_FAILURE = "We couldn't check this file. Please try again.";
export const FILE_TOO_LARGE = 'The file is larger than 500 MB. Export a shorter period, or split the file.';
export const READ_FAILURE = "We couldn't read this file. Please try again.";
export const INTERRUPTED =
  'The connection was interrupted before the file was read. Check your connection and choose the file again.';
export const IMPORT_FAILURE = 'Failed to import your readings. Please try again.';
export const PREVIEW_EXPIRED = 'This preview expired. Choose the file again.';
export const headerLineFailure = (line: number): string => `We couldn't read line ${line} as the header. Please try again.`;

type Stage =
  | { kind: 'idle' }
  | { kind: 'sniffing'; file: File }
  | {
      kind: 'chosen';
      file: File;
      sniff: SniffDto;
      format: FormatChoice;
      mapping: MappingValues;
      header: HeaderLineState;
      error: string | null;
    }
  | { kind: 'progress'; file: File; phase: ProgressPhase }
  | { kind: 'preview'; preview: ImportPreviewDto; committing: boolean };

interface Notice {
  variant: AlertVariant;
  title: string;
  message: string;
}

type Chosen = Extract<Stage, { kind: 'chosen' }>;

/** Why the server refused to read the file, in the words it sent when it sent some. */
function readRefusal(error: unknown): string {
  if (error instanceof ImportFileError) return error.message;
  if (!isApiError(error)) return INTERRUPTED;
  const fields = error.fieldErrors;
  return fields.mapping ?? fields.format ?? fields.file ?? error.serverMessage ?? READ_FAILURE;
}

/**
 * "Bring your history": choose a file, see what it is (and say otherwise), map a
 * spreadsheet's columns, follow the upload and the server's reading of it (cancellable),
 * see the preview, then import it or not.
 */
export function ImportWizard(): ReactElement {
  const { toast } = useToast();
  const navigate = useNavigate();
  const refreshReadings = useRefreshReadings();
  const { preferences } = usePreferences();
  const { isInactive, mutate: refreshSubscription } = useSubscription();
  const inputRef = useRef<HTMLInputElement>(null);
  const noticeRef = useRef<HTMLDivElement>(null);
  const inputId = useId();
  const [stage, setStage] = useState<Stage>({ kind: 'idle' });
  const [fileError, setFileError] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice | null>(null);
  /** The running upload's abort, and which file choice a late answer belongs to. */
  const upload = useRef<(() => void) | null>(null);
  const choice = useRef(0);

  // Leaving the page stops the upload (the server then stops reading).
  useEffect(() => () => upload.current?.(), []);

  // A notice ends a flow whose controls are gone: the keyboard goes to it.
  useLayoutEffect(() => {
    if (notice) noticeRef.current?.focus();
  }, [notice]);

  const finish = (next: Notice | null): void => {
    choice.current += 1;
    setStage({ kind: 'idle' });
    setNotice(next);
    if (inputRef.current) inputRef.current.value = '';
  };

  const onFile = async (event: ChangeEvent<HTMLInputElement>): Promise<void> => {
    const file = event.target.files?.[0];
    const mine = ++choice.current;
    setNotice(null);
    setFileError(null);
    // A preview left for another file is of no use any more.
    if (stage.kind === 'preview') void discardImport(stage.preview.id).catch(() => undefined);
    if (!file) {
      setStage({ kind: 'idle' });
      return;
    }
    if (file.size > MAX_UPLOAD_BYTES) {
      setStage({ kind: 'idle' });
      setFileError(FILE_TOO_LARGE);
      return;
    }
    setStage({ kind: 'sniffing', file });
    try {
      // The lines of the head are counted here: the header may be on any of them.
      const [sniff, lines] = await Promise.all([sniffFile(file), headLineCount(file).catch(() => 0)]);
      if (mine !== choice.current) return;
      const header = { lines, reading: null, error: null };
      setStage({ kind: 'chosen', file, sniff, format: 'auto', mapping: initialMappingValues(sniff), header, error: null });
    } catch (err) {
      if (mine !== choice.current) return;
      setStage({ kind: 'idle' });
      setFileError((isApiError(err) ? err.serverMessage : undefined) ?? SNIFF_FAILURE);
    }
  };

  /** Reads the file's head again with the header on `line`: new columns, so a new mapping. */
  const rereadHeader = async (from: Chosen, line: number): Promise<void> => {
    const mine = ++choice.current;
    setStage({ ...from, header: { ...from.header, reading: line, error: null } });
    try {
      const sniff = await sniffFile(from.file, line);
      if (mine !== choice.current) return;
      const header = { ...from.header, reading: null, error: null };
      // Still a spreadsheet being mapped, whatever the new header looks like.
      const format = sniff.format === 'spreadsheet' ? from.format : 'spreadsheet';
      setStage({ ...from, sniff, format, mapping: initialMappingValues(sniff), header, error: null });
    } catch (err) {
      if (mine !== choice.current) return;
      const error = (isApiError(err) ? err.serverMessage : undefined) ?? headerLineFailure(line);
      setStage({ ...from, header: { ...from.header, reading: null, error } });
    }
  };

  const read = (from: Chosen, mappingValues: MappingValues | null): void => {
    const mine = ++choice.current;
    const format = effectiveFormat(from.format, from.sniff);
    const mapping = mappingValues ?? from.mapping;
    const back = (error: string): void => {
      if (mine !== choice.current) return;
      setStage({ ...from, mapping, error });
    };
    setStage({ kind: 'progress', file: from.file, phase: { kind: 'uploading', loaded: 0, total: from.file.size } });
    const running = uploadImport(
      {
        file: from.file,
        format,
        mapping: format === 'spreadsheet' ? toMappingDto(mapping, from.sniff) : undefined,
      },
      {
        onUpload: (loaded, total) => {
          if (mine === choice.current) setStage({ kind: 'progress', file: from.file, phase: { kind: 'uploading', loaded, total } });
        },
        onReading: (progress) => {
          if (mine === choice.current) setStage({ kind: 'progress', file: from.file, phase: { kind: 'reading', progress } });
        },
      },
    );
    upload.current = running.abort;
    running.result.then(
      (preview) => {
        upload.current = null;
        if (mine === choice.current) setStage({ kind: 'preview', preview, committing: false });
      },
      (err: unknown) => {
        upload.current = null;
        // Cancelled here: `cancelReading` already said so.
        if (err instanceof ImportCancelled) return;
        if (isSubscriptionRequired(err)) {
          // The subscription ended meanwhile: the refreshed status shows the way to renew.
          void refreshSubscription();
          back('Reading and importing files needs an active subscription.');
          return;
        }
        back(readRefusal(err));
      },
    );
  };

  const cancelReading = (): void => {
    upload.current?.();
    upload.current = null;
    finish({ variant: 'info', title: 'Import cancelled', message: 'Nothing was saved. Choose a file to start again.' });
  };

  const cancelPreview = (preview: ImportPreviewDto): void => {
    // The draft would expire within the hour anyway: a failed discard changes nothing for the user.
    void discardImport(preview.id).catch(() => undefined);
    finish({ variant: 'info', title: 'Import cancelled', message: 'Nothing was saved. Choose a file to start again.' });
  };

  const commit = async (preview: ImportPreviewDto): Promise<void> => {
    setStage({ kind: 'preview', preview, committing: true });
    try {
      const result = await commitImport(preview.id);
      finish({ variant: 'success', title: 'Import finished', message: result.message });
      toast({ title: 'Readings imported', description: result.message });
      // Every list and summary of readings refetches; a failed refetch shows on its own screen.
      void refreshReadings().catch(() => undefined);
    } catch (err) {
      if (isNotFound(err)) {
        finish({ variant: 'danger', title: 'Nothing was imported', message: PREVIEW_EXPIRED });
        return;
      }
      setStage({ kind: 'preview', preview, committing: false });
      if (isSubscriptionRequired(err)) {
        toast({
          variant: 'destructive',
          title: COMMON_MESSAGES.subscriptionRequired,
          description: 'Importing readings needs an active subscription.',
          action: { label: 'View subscription', onClick: () => void navigate({ hash: '#profile-subscription' }) },
        });
        void refreshSubscription();
        return;
      }
      const message = (isApiError(err) ? err.serverMessage : undefined) ?? IMPORT_FAILURE;
      toast({ variant: 'destructive', title: 'Readings not imported', description: message });
    }
  };

  const busy = stage.kind === 'sniffing' || stage.kind === 'progress' || (stage.kind === 'preview' && stage.committing);
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;

  return (
    <div className="profile-import">
      <h3 className="profile-subheading">Bring your history</h3>
      <p className="text-sm text-muted">
        Import the readings you kept in OMRON connect, Withings, Apple Health, any spreadsheet, or a Vitalog CSV.
      </p>
      <ExportHelp />
      <UnitsUnknownAlert />
      <div className={fileError ? 'field field-invalid' : 'field'}>
        <label className="field-label" htmlFor={inputId}>
          File to import
        </label>
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          accept=".csv,.txt,.zip,.xml"
          className="profile-file-input"
          aria-describedby={fileError ? `${hintId} ${errorId}` : hintId}
          aria-invalid={fileError ? true : undefined}
          disabled={busy}
          onChange={(event) => void onFile(event)}
        />
        <p className="field-hint" id={hintId}>
          A CSV, the .zip an app made (as it is), or Apple Health&apos;s export.xml, up to 500 MB. Nothing is saved until
          you confirm, and readings you already have are skipped, so importing the same file twice adds nothing. Reading
          and importing need an active subscription.
        </p>
        {fileError ? (
          <p className="field-error" id={errorId} role="alert">
            {fileError}
          </p>
        ) : null}
        <ImportLimits />
      </div>

      {notice ? (
        <div ref={noticeRef} tabIndex={-1} className="import-focus-target">
          <Alert variant={notice.variant} role={notice.variant === 'danger' ? 'alert' : 'status'} title={notice.title}>
            {notice.message}
          </Alert>
        </div>
      ) : null}

      {stage.kind === 'sniffing' ? (
        <p className="profile-busy" role="status">
          <Spinner size="sm" /> Checking {stage.file.name}…
        </p>
      ) : null}

      {stage.kind === 'chosen' ? (
        <FormatStep
          file={stage.file}
          sniff={stage.sniff}
          format={stage.format}
          mapping={stage.mapping}
          header={stage.header}
          error={stage.error}
          needsSubscription={isInactive}
          onFormat={(format) => setStage({ ...stage, format, error: null })}
          onHeaderRow={(line) => void rereadHeader(stage, line)}
          onRead={(mapping) => read(stage, mapping)}
        />
      ) : null}

      {stage.kind === 'progress' ? <ImportProgress fileName={stage.file.name} phase={stage.phase} onCancel={cancelReading} /> : null}

      {stage.kind === 'preview' ? (
        <ImportPreview
          preview={stage.preview}
          units={preferences}
          committing={stage.committing}
          subscriptionNote={isInactive}
          onImport={() => void commit(stage.preview)}
          onCancel={() => cancelPreview(stage.preview)}
        />
      ) : null}
    </div>
  );
}

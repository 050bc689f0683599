import { useId, useRef, useState, type ChangeEvent, type ReactElement, type ReactNode } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useSWRConfig } from 'swr';
import { Alert } from '../../../components/feedback/Alert';
import { Spinner } from '../../../components/feedback/Spinner';
import { useToast } from '../../../components/toast';
import { isApiError } from '../../../lib/api';
import { usePreferences } from '../../../lib/preferences';
import { useSubscription } from '../../../lib/subscription';
import { importReadings, previewImport, type ImportPreview, type ImportResult, type PreviewRow } from '../api/dataApi';
import { BloodPressureText, Missing } from '../../../components/readings/ReadingCells';
import { UnitsUnknownAlert } from '../../../components/readings/UnitsUnknownAlert';
import { formatBloodSugarValue, formatWeightValue } from '../../../lib/units';

export const PREVIEW_FAILURE = "We couldn't check this file. Please try again.";
export const IMPORT_FAILURE = 'Failed to import your readings. Please try again.';
export const FILE_READ_FAILURE = "We couldn't read this file. Choose a CSV file exported from Vitalog.";
/** The server takes import bodies up to 8 MiB (ten years of readings is ~700 KB). */
export const MAX_IMPORT_BYTES = 8 * 1024 * 1024;
export const FILE_TOO_LARGE = 'The file is larger than 8 MB. Split it and import each part.';
/** The server checks files only for subscribers, as it imports only for them. */
export const PREVIEW_NEEDS_SUBSCRIPTION = 'Checking and importing readings needs an active subscription.';
/** How many of the new rows the preview lists. */
export const NEW_ROWS_SHOWN = 5;

const FIELD_LABELS: Record<string, string> = {
  row: 'Row',
  date: 'Date',
  time: 'Time',
  systolic: 'Systolic',
  diastolic: 'Diastolic',
  heartRate: 'Heart rate',
  weight: 'Weight',
  bloodSugar: 'Blood sugar',
  notes: 'Notes',
  measurements: 'Measurements',
};

function fieldLabel(field: string): string {
  return FIELD_LABELS[field] ?? field;
}

const plural = (n: number, one: string, many: string): string => `${n} ${n === 1 ? one : many}`;

/** True for the SWR keys of readings lists and summaries (refetched after an import): a URL, or an array key led by one. */
export function isReadingsKey(key: unknown): boolean {
  const url: unknown = Array.isArray(key) ? (key as unknown[])[0] : key;
  return typeof url === 'string' && url.startsWith('/api/readings');
}

type Stage =
  | { kind: 'idle' }
  | { kind: 'checking'; fileName: string }
  | { kind: 'fileError'; fileName: string; message: string }
  | { kind: 'preview'; fileName: string; csv: string; preview: ImportPreview };

/** Choose a CSV file, see what importing it would do, then import it. */
export function ImportReadings(): ReactElement {
  const { toast } = useToast();
  const { mutate } = useSWRConfig();
  const navigate = useNavigate();
  const { preferences } = usePreferences();
  const { isInactive, mutate: refreshSubscription } = useSubscription();
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const hintId = `${inputId}-hint`;
  const errorId = `${inputId}-error`;
  const [stage, setStage] = useState<Stage>({ kind: 'idle' });
  const [importing, setImporting] = useState(false);
  const [needsSubscription, setNeedsSubscription] = useState(false);
  const [result, setResult] = useState<string | null>(null);

  const reset = (): void => {
    setStage({ kind: 'idle' });
    setNeedsSubscription(false);
    if (inputRef.current) inputRef.current.value = '';
  };

  const onFile = async (event: ChangeEvent<HTMLInputElement>): Promise<void> => {
    const file = event.target.files?.[0];
    setResult(null);
    setNeedsSubscription(false);
    if (!file) {
      setStage({ kind: 'idle' });
      return;
    }
    if (file.size > MAX_IMPORT_BYTES) {
      setStage({ kind: 'fileError', fileName: file.name, message: FILE_TOO_LARGE });
      return;
    }
    setStage({ kind: 'checking', fileName: file.name });
    let csv: string;
    try {
      csv = await file.text();
    } catch {
      setStage({ kind: 'fileError', fileName: file.name, message: FILE_READ_FAILURE });
      return;
    }
    try {
      const preview = await previewImport(csv);
      setStage({ kind: 'preview', fileName: file.name, csv, preview });
    } catch (err) {
      if (isApiError(err) && err.status === 403) {
        setStage({ kind: 'fileError', fileName: file.name, message: PREVIEW_NEEDS_SUBSCRIPTION });
        void refreshSubscription();
        return;
      }
      const fileMessage = isApiError(err) && err.status === 400 ? err.fieldErrors.file : undefined;
      if (fileMessage) {
        setStage({ kind: 'fileError', fileName: file.name, message: fileMessage });
        return;
      }
      const message = (isApiError(err) ? err.serverMessage : undefined) ?? PREVIEW_FAILURE;
      setStage({ kind: 'fileError', fileName: file.name, message });
    }
  };

  const onImport = async (csv: string): Promise<void> => {
    setImporting(true);
    let answer: ImportResult;
    try {
      answer = await importReadings(csv);
    } catch (err) {
      setImporting(false);
      if (isApiError(err) && err.status === 403) {
        setNeedsSubscription(true);
        toast({
          variant: 'destructive',
          title: 'Subscription Required',
          description: 'Importing readings needs an active subscription.',
          action: { label: 'View subscription', onClick: () => void navigate({ hash: '#profile-subscription' }) },
        });
        void refreshSubscription();
        return;
      }
      const message = (isApiError(err) ? (err.fieldErrors.file ?? err.serverMessage) : undefined) ?? IMPORT_FAILURE;
      toast({ variant: 'destructive', title: 'Readings not imported', description: message });
      return;
    }
    setImporting(false);
    reset();
    setResult(answer.message);
    toast({ title: 'Readings imported', description: answer.message });
    // Every list and summary of readings refetches; a failed refetch shows on its own screen.
    void mutate(isReadingsKey).catch(() => undefined);
  };

  const fileError = stage.kind === 'fileError' ? stage.message : undefined;

  return (
    <div className="profile-import">
      <h3 className="profile-subheading">Import readings</h3>
      <UnitsUnknownAlert />
      <div className={fileError ? 'field field-invalid' : 'field'}>
        <label className="field-label" htmlFor={inputId}>
          CSV file
        </label>
        <input
          ref={inputRef}
          id={inputId}
          type="file"
          accept=".csv,text/csv"
          className="profile-file-input"
          aria-describedby={fileError ? `${hintId} ${errorId}` : hintId}
          aria-invalid={fileError ? true : undefined}
          disabled={stage.kind === 'checking' || importing}
          onChange={(event) => void onFile(event)}
        />
        <p className="field-hint" id={hintId}>
          Nothing is saved until you confirm. Readings you already have are skipped, so importing the same file twice
          adds nothing. Up to 50,000 rows per file; checking and importing need an active subscription.
        </p>
        {fileError ? (
          <p className="field-error" id={errorId} role="alert">
            {fileError}
          </p>
        ) : null}
      </div>

      {stage.kind === 'checking' ? (
        <p className="profile-busy" role="status">
          <Spinner size="sm" /> Checking {stage.fileName}…
        </p>
      ) : null}

      {result ? (
        <Alert variant="success" role="status" title="Import finished">
          {result}
        </Alert>
      ) : null}

      {stage.kind === 'preview' ? (
        <PreviewPanel
          fileName={stage.fileName}
          preview={stage.preview}
          weightUnit={preferences.weightUnit}
          sugarUnit={preferences.bloodSugarUnit}
          importing={importing}
          subscriptionNote={needsSubscription || isInactive}
          onImport={() => void onImport(stage.csv)}
          onCancel={reset}
        />
      ) : null}
    </div>
  );
}

interface PreviewPanelProps {
  fileName: string;
  preview: ImportPreview;
  weightUnit: ReturnType<typeof usePreferences>['preferences']['weightUnit'];
  sugarUnit: ReturnType<typeof usePreferences>['preferences']['bloodSugarUnit'];
  importing: boolean;
  subscriptionNote: boolean;
  onImport: () => void;
  onCancel: () => void;
}

function PreviewPanel({
  fileName,
  preview,
  weightUnit,
  sugarUnit,
  importing,
  subscriptionNote,
  onImport,
  onCancel,
}: PreviewPanelProps): ReactElement {
  const invalidRows = preview.rows.filter((row) => row.status === 'invalid');
  const errorLines = invalidRows.flatMap((row) =>
    Object.entries(row.errors).map(([field, message]) => ({ line: row.line, field, message })),
  );
  const newRows = preview.rows.filter((row) => row.status === 'new').slice(0, NEW_ROWS_SHOWN);
  const total = preview.new + preview.duplicates + preview.invalid;

  return (
    <div className="profile-preview" aria-label={`Preview of ${fileName}`} role="group">
      <p className="profile-preview-file">
        <strong>{fileName}</strong>: {plural(total, 'reading', 'readings')} in the file.
      </p>
      <ul className="profile-preview-summary" aria-label="Import summary">
        <li className="profile-preview-count profile-preview-new">
          <strong>{preview.new}</strong> new
        </li>
        <li className="profile-preview-count">
          <strong>{preview.duplicates}</strong> already there
        </li>
        <li className={preview.invalid > 0 ? 'profile-preview-count profile-preview-invalid' : 'profile-preview-count'}>
          <strong>{preview.invalid}</strong> with errors
        </li>
      </ul>

      {errorLines.length > 0 ? (
        <TableScroller label="Rows with errors">
          <table className="profile-table">
            <caption>Rows with errors (they will be skipped)</caption>
            <thead>
              <tr>
                <th scope="col">Line</th>
                <th scope="col">Field</th>
                <th scope="col">Message</th>
              </tr>
            </thead>
            <tbody>
              {errorLines.map((e) => (
                <tr key={`${e.line}-${e.field}`}>
                  <td>{e.line}</td>
                  <td>{fieldLabel(e.field)}</td>
                  <td>{e.message}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroller>
      ) : null}

      {newRows.length > 0 ? (
        <TableScroller label="New readings">
          <table className="profile-table">
            <caption>
              {preview.new > newRows.length
                ? `First ${newRows.length} of ${preview.new} new readings`
                : newRows.length === 1
                  ? 'The new reading'
                  : `The ${newRows.length} new readings`}
            </caption>
            <thead>
              <tr>
                <th scope="col">Line</th>
                <th scope="col">Date</th>
                <th scope="col">Time</th>
                <th scope="col">Blood pressure</th>
                <th scope="col">Heart rate (bpm)</th>
                <th scope="col">{`Weight (${weightUnit})`}</th>
                <th scope="col">{`Blood sugar (${sugarUnit})`}</th>
                <th scope="col">Notes</th>
              </tr>
            </thead>
            <tbody>
              {newRows.map((row) => (
                <NewRow key={row.line} row={row} weightUnit={weightUnit} sugarUnit={sugarUnit} />
              ))}
            </tbody>
          </table>
        </TableScroller>
      ) : null}

      {subscriptionNote ? (
        <Alert variant="warning" title="Subscription Required" role="status">
          <p>
            Importing readings needs an active subscription, like recording them.{' '}
            <Link to={{ hash: '#profile-subscription' }}>Subscribe under Subscription</Link>.
          </p>
        </Alert>
      ) : null}

      <div className="profile-actions profile-preview-actions">
        <button type="button" className="btn btn-secondary" onClick={onCancel} disabled={importing}>
          Cancel
        </button>
        <button
          type="button"
          className="btn btn-primary"
          onClick={onImport}
          disabled={importing || preview.new === 0}
          aria-busy={importing || undefined}
        >
          {importing ? <Spinner size="sm" /> : null}
          {importing ? 'Importing...' : `Import ${plural(preview.new, 'reading', 'readings')}`}
        </button>
      </div>
    </div>
  );
}

/** A table that may scroll sideways on a phone: focusable so the keyboard can scroll it. */
function TableScroller({ label, children }: { label: string; children: ReactNode }): ReactElement {
  return (
    <div className="profile-table-wrap" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}

function NewRow({
  row,
  weightUnit,
  sugarUnit,
}: {
  row: PreviewRow;
  weightUnit: PreviewPanelProps['weightUnit'];
  sugarUnit: PreviewPanelProps['sugarUnit'];
}): ReactElement {
  return (
    <tr>
      <td>{row.line}</td>
      <td>{row.date}</td>
      <td>{row.time}</td>
      <td>
        <BloodPressureText systolic={row.systolic} diastolic={row.diastolic} />
      </td>
      <td>{row.heartRate ?? <Missing />}</td>
      <td>{row.weight !== null ? formatWeightValue(row.weight, weightUnit) : <Missing />}</td>
      <td>{row.bloodSugar !== null ? formatBloodSugarValue(row.bloodSugar, sugarUnit) : <Missing />}</td>
      <td className="profile-table-notes">{row.notes}</td>
    </tr>
  );
}

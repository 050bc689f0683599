import { useLayoutEffect, useRef, type ReactElement } from 'react';
import { Link } from 'react-router-dom';
import { Alert } from '../../../components/feedback/Alert';
import { SelectField } from '../../../components/form/SelectField';
import type { SniffDto } from '../../../lib/apiTypes';
import { COMMON_MESSAGES } from '../../../lib/rules';
import type { FormatChoice } from '../api/importApi';
import { FORMAT_CHOICES, FORMAT_LABELS } from '../importWords';
import type { MappingValues } from '../mapping';
import type { HeaderLineState } from './HeaderLineChoice';
import { MappingStep } from './MappingStep';

interface FormatStepProps {
  file: File;
  sniff: SniffDto;
  format: FormatChoice;
  mapping: MappingValues;
  /** A spreadsheet's header line control. */
  header: HeaderLineState;
  /** Why the last reading failed (shown, and focused, on arrival). */
  error: string | null;
  /** The subscription is inactive: the file cannot be read. */
  needsSubscription: boolean;
  onFormat: (format: FormatChoice) => void;
  /** Reads the file's head again with the header on this line. */
  onHeaderRow: (line: number) => void;
  /** Reads the file; `mapping` for a spreadsheet. */
  onRead: (mapping: MappingValues | null) => void;
}

/** What the sniff found, in words. */
function detectedText(sniff: SniffDto): string {
  if (sniff.format) return `Detected: ${FORMAT_LABELS[sniff.format]}.`;
  if (sniff.container === 'zip') return 'A zip file: Vitalog tells which app made it when it reads it.';
  return 'Vitalog could not tell what this file is. Choose its format, or try another file.';
}

/** The format the file will be read as: a spreadsheet needs its columns mapped first. */
export function effectiveFormat(format: FormatChoice, sniff: SniffDto): FormatChoice {
  return format === 'auto' && sniff.format === 'spreadsheet' ? 'spreadsheet' : format;
}

/**
 * The chosen file: what it was detected as, a control to read it as another format, then
 * either the spreadsheet's mapping or the button that reads it.
 */
export function FormatStep({
  file,
  sniff,
  format,
  mapping,
  header,
  error,
  needsSubscription,
  onFormat,
  onHeaderRow,
  onRead,
}: FormatStepProps): ReactElement {
  const errorRef = useRef<HTMLDivElement>(null);
  const readAs = effectiveFormat(format, sniff);

  // A failed reading brings the user back here: the keyboard goes to the reason.
  useLayoutEffect(() => {
    if (error) errorRef.current?.focus();
  }, [error]);

  return (
    <div className="import-panel" role="group" aria-label={`Reading ${file.name}`}>
      <p className="import-detected" role="status">
        {detectedText(sniff)}
      </p>
      <SelectField
        label="Read it as"
        className="import-format"
        value={format}
        options={FORMAT_CHOICES}
        onChange={(event) => onFormat(event.target.value as FormatChoice)}
        hint="Automatic reads the file as detected; choose another format if the detection is wrong."
      />

      {error ? (
        <div ref={errorRef} tabIndex={-1} className="import-focus-target">
          <Alert variant="danger" role="alert" title="This file could not be imported">
            <p>{error}</p>
          </Alert>
        </div>
      ) : null}

      {needsSubscription ? (
        <Alert variant="warning" title={COMMON_MESSAGES.subscriptionRequired} role="status">
          <p>
            Reading and importing files needs an active subscription, like recording readings.{' '}
            <Link to={{ hash: '#profile-subscription' }}>Subscribe under Subscription</Link>.
          </p>
        </Alert>
      ) : null}

      {readAs === 'spreadsheet' ? (
        sniff.columns.length > 0 ? (
          <MappingStep
            // A new file or format starts the form afresh (Automatic and Other spreadsheet are one form).
            key={`${file.name}-${readAs}`}
            fileName={file.name}
            sniff={sniff}
            initialValues={mapping}
            header={header}
            onHeaderRow={onHeaderRow}
            disabled={needsSubscription}
            onSubmit={(values) => onRead(values)}
          />
        ) : (
          <p className="field-error">
            Vitalog found no columns in this file, so it cannot be read as a spreadsheet. Choose another format.
          </p>
        )
      ) : (
        <div className="profile-actions import-actions">
          <button type="button" className="btn btn-primary" disabled={needsSubscription} onClick={() => onRead(null)}>
            Read the file
          </button>
        </div>
      )}
    </div>
  );
}

import type { ReactElement } from 'react';
import { SelectField } from '../../../components/form/SelectField';
import { headerLineChoices } from '../mapping';

/** Where the header line control is: the file's lines, a line being read, why the last one failed. */
export interface HeaderLineState {
  /** Lines in the part of the file the sniff reads. */
  lines: number;
  /** The line being read as the header now, or null. */
  reading: number | null;
  error: string | null;
}

interface HeaderLineChoiceProps {
  state: HeaderLineState;
  /** The line the sniff read the header from (1-based). */
  headerRow: number;
  /** The lines above it, as the sniff sent them (at most 10). */
  lead: readonly string[];
  onChange: (line: number) => void;
}

/** Longer lines are cut here in the list of lines above the header. */
const SHOWN_CHARACTERS = 80;

function shown(text: string): string {
  const trimmed = text.trim();
  return trimmed.length > SHOWN_CHARACTERS ? `${trimmed.slice(0, SHOWN_CHARACTERS)}…` : trimmed;
}

/** What becomes of a line above the header: 'Line 1, “Weight”, is read as a title.' */
export function leadLineText(line: number, text: string): string {
  return text.trim() === '' ? `Line ${line} is empty.` : `Line ${line}, “${shown(text)}”, is read as a title.`;
}

/** The lines above the header that the sniff did not send (it sends 10). */
function moreLinesText(from: number, to: number): string {
  return from === to ? `Line ${from} is left out too.` : `Lines ${from} to ${to} are left out too.`;
}

/**
 * "The header is on line N": found by the server (after title or blank lines), changed here
 * (the file's head is read again with that line); the lines above it are said to be titles.
 */
export function HeaderLineChoice({ state, headerRow, lead, onChange }: HeaderLineChoiceProps): ReactElement {
  const lines = headerLineChoices(state.lines, headerRow);
  const above = headerRow - 1;
  return (
    <div className="import-header-line">
      <SelectField
        label="The header is on line"
        name="headerRow"
        className="import-header-select"
        value={String(state.reading ?? headerRow)}
        onChange={(event) => onChange(Number(event.target.value))}
        options={lines.map((n) => ({ value: String(n), label: String(n) }))}
        hint="The line that names the columns. Lines above it are not read."
        error={state.error ?? undefined}
      />
      <p className="import-status" role="status">
        {state.reading !== null ? `Reading line ${state.reading} as the header…` : ''}
      </p>
      {above > 0 ? (
        <ul className="import-lead" aria-label="Lines above the header">
          {lead.slice(0, above).map((text, i) => (
            <li key={i}>{leadLineText(i + 1, text)}</li>
          ))}
          {above > lead.length ? <li>{moreLinesText(lead.length + 1, above)}</li> : null}
        </ul>
      ) : null}
    </div>
  );
}

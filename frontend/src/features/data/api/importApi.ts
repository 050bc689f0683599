/**
 * Import from other apps (issue 18): what a file is (`sniff`), reading it on the server with
 * its progress (`uploadImport`), then storing (`commitImport`) or forgetting
 * (`discardImport`) the preview's draft. The server's side is `web::routes::imports`.
 */
import { apiDelete, apiErrorOf, apiPost } from '../../../lib/api';
import type { ImportFormat, ImportPreviewDto, ImportResultDto, MappingDto, SniffDto } from '../../../lib/apiTypes';
import { lineCount } from '../mapping';

/** What the upload asks for: a format, or `auto` to let the server tell. */
export type FormatChoice = ImportFormat | 'auto';

/** The server reads files up to 500 MiB (an Apple Health export of many years). */
export const MAX_UPLOAD_BYTES = 500 * 1024 * 1024;
/** How much of a file `sniff` looks at. */
export const SNIFF_BYTES = 64 * 1024;

/**
 * Sends the file's first 64 KiB to learn its format, columns and first rows. Stores nothing.
 * `headerRow`: read the header from this 1-based line (the person chose it), not the one the
 * server finds.
 */
export function sniffFile(file: File, headerRow?: number): Promise<SniffDto> {
  const line = headerRow === undefined ? '' : `&headerRow=${String(headerRow)}`;
  return apiPost<SniffDto>(`/api/data/imports/sniff?name=${encodeURIComponent(file.name)}${line}`, file.slice(0, SNIFF_BYTES));
}

/** How many lines the part of the file the sniff reads has (the header may be on any of them). */
export async function headLineCount(file: File): Promise<number> {
  return lineCount(await file.slice(0, SNIFF_BYTES).text());
}

/** Stores the draft's new readings. 404 when it expired (an hour) or was already used. */
export function commitImport(id: string): Promise<ImportResultDto> {
  return apiPost<ImportResultDto>(`/api/data/imports/${encodeURIComponent(id)}/commit`);
}

/** Forgets the draft. */
export function discardImport(id: string): Promise<undefined> {
  return apiDelete<undefined>(`/api/data/imports/${encodeURIComponent(id)}`);
}

/** Where the server is in a file: bytes of `total` read, rows or elements read, readings found. */
export interface ReadingProgress {
  done: number;
  total: number;
  records: number;
  found: number;
}

/** One line of the upload's NDJSON answer (`Schemas['ImportEventDto']`, one optional field per kind) as the kind it is. */
export type ImportEvent =
  | ({ type: 'progress' } & ReadingProgress)
  | { type: 'preview'; preview: ImportPreviewDto }
  | { type: 'error'; message: string; status: number };

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const isCount = (value: unknown): value is number => typeof value === 'number' && Number.isFinite(value) && value >= 0;

/** The event a parsed line is, or null for a line of another shape (ignored: a newer server's). */
export function toImportEvent(value: unknown): ImportEvent | null {
  if (!isRecord(value)) return null;
  const { type } = value;
  if (type === 'progress') {
    const { done, total, records, found } = value;
    if (!isCount(done) || !isCount(total) || !isCount(records) || !isCount(found)) return null;
    return { type, done, total, records, found };
  }
  if (type === 'preview') {
    return isRecord(value.preview) && typeof value.preview.id === 'string'
      ? { type, preview: value.preview as unknown as ImportPreviewDto }
      : null;
  }
  if (type === 'error') {
    const { message, status } = value;
    return typeof message === 'string' ? { type, message, status: typeof status === 'number' ? status : 400 } : null;
  }
  return null;
}

/**
 * The complete lines of an NDJSON text that arrives in pieces (`XMLHttpRequest.responseText`
 * grows as the answer streams): the events of the lines between `from` and the last newline,
 * and where the next call starts. `final`: the answer is complete, so a last line without its
 * newline counts too. A line that is not JSON is skipped.
 */
export function readEvents(text: string, from: number, final = false): { events: ImportEvent[]; next: number } {
  const end = final ? text.length : text.lastIndexOf('\n') + 1;
  if (end <= from) return { events: [], next: from };
  const events: ImportEvent[] = [];
  for (const line of text.slice(from, end).split('\n')) {
    if (line.trim() === '') continue;
    let parsed: unknown;
    try {
      parsed = JSON.parse(line) as unknown;
    } catch {
      continue;
    }
    const event = toImportEvent(parsed);
    if (event) events.push(event);
  }
  return { events, next: end };
}

/** The server could not read the file (its message names the format expected and the line at fault). */
export class ImportFileError extends Error {
  readonly status: number;
  constructor(message: string, status: number) {
    super(message);
    this.name = 'ImportFileError';
    this.status = status;
  }
}

/** The upload was cancelled (`abort()`): the server stops reading. */
export class ImportCancelled extends Error {
  constructor() {
    super('The import was cancelled.');
    this.name = 'ImportCancelled';
  }
}

/** The connection failed or the answer ended before the preview. */
export class ImportInterrupted extends Error {
  constructor() {
    super('The connection was interrupted before the file was read.');
    this.name = 'ImportInterrupted';
  }
}

export interface UploadRequest {
  file: File;
  format: FormatChoice;
  /** Spreadsheets only. */
  mapping?: MappingDto | undefined;
}

export interface UploadHandlers {
  /** Bytes of the file sent so far. */
  onUpload: (loaded: number, total: number) => void;
  /** The server is reading the file: null until its first progress line. */
  onReading: (progress: ReadingProgress | null) => void;
}

export interface RunningUpload {
  /** The preview; rejects with an `ApiError` (a refusal before reading), `ImportFileError`, `ImportCancelled` or `ImportInterrupted`. */
  result: Promise<ImportPreviewDto>;
  /** Stops the upload or the reading (the server cancels when the connection closes). */
  abort: () => void;
}

/** `POST /api/data/imports?format=...&name=...[&mapping=...]`. */
export function uploadUrl({ file, format, mapping }: UploadRequest): string {
  const params = new URLSearchParams({ format, name: file.name });
  if (mapping) params.set('mapping', JSON.stringify(mapping));
  return `/api/data/imports?${params.toString()}`;
}

/**
 * Sends the whole file as it is and follows the server's reading of it. XMLHttpRequest,
 * not fetch: only it reports an upload's progress. Same-origin, so the session cookie and
 * the Origin header the server checks go with it.
 */
export function uploadImport(request: UploadRequest, handlers: UploadHandlers): RunningUpload {
  const xhr = new XMLHttpRequest();
  let cancelled = false;
  let reading = false;
  let offset = 0;
  let outcome: ImportEvent | null = null;

  const startReading = (): void => {
    if (reading) return;
    reading = true;
    handlers.onReading(null);
  };
  const take = (final: boolean): void => {
    const { events, next } = readEvents(xhr.responseText, offset, final);
    offset = next;
    for (const event of events) {
      if (event.type === 'progress') {
        startReading();
        handlers.onReading(event);
      } else {
        outcome = event;
      }
    }
  };

  const result = new Promise<ImportPreviewDto>((resolve, reject) => {
    xhr.open('POST', uploadUrl(request));
    xhr.setRequestHeader('Content-Type', 'application/octet-stream');
    xhr.setRequestHeader('Accept', 'application/x-ndjson, application/json');
    xhr.upload.onprogress = (event) => {
      if (!reading) handlers.onUpload(event.loaded, event.lengthComputable ? event.total : request.file.size);
    };
    // The whole file is sent: the server now reads it (its first line follows shortly).
    xhr.upload.onload = startReading;
    xhr.onprogress = () => {
      if (xhr.status === 200) take(false);
    };
    xhr.onload = () => {
      if (xhr.status !== 200) {
        reject(apiErrorOf(xhr.status, xhr.statusText, xhr.responseText));
        return;
      }
      take(true);
      const last: ImportEvent | null = outcome;
      if (last?.type === 'preview') resolve(last.preview);
      else if (last?.type === 'error') reject(new ImportFileError(last.message, last.status));
      else reject(new ImportInterrupted());
    };
    xhr.onerror = () => reject(cancelled ? new ImportCancelled() : new ImportInterrupted());
    xhr.onabort = () => reject(new ImportCancelled());
    xhr.send(request.file);
  });

  return {
    result,
    abort: () => {
      cancelled = true;
      xhr.abort();
    },
  };
}

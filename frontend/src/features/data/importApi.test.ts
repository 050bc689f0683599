import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api';
import { mockFetch } from '../../testing/fetchMock';
import { lastXhr, mockXhr } from '../../testing/xhrMock';
import {
  ImportCancelled,
  ImportFileError,
  ImportInterrupted,
  headLineCount,
  readEvents,
  sniffFile,
  toImportEvent,
  uploadImport,
  uploadUrl,
} from './api/importApi';
import type { ImportPreviewDto, MappingDto } from '../../lib/apiTypes';
import { formatBytes } from './importWords';

afterEach(() => {
  vi.unstubAllGlobals();
});

const preview: ImportPreviewDto = {
  id: 'b3f1',
  format: 'omron',
  fileName: 'omron.csv',
  timeBasis: 'as-written',
  timeZone: 'UTC',
  records: 3,
  counts: { bloodPressure: 2, heartRate: 2, weight: 0, bloodSugar: 0 },
  new: 2,
  duplicates: 0,
  skipped: 1,
  skippedByReason: { 'out-of-range': 1 },
  from: '2023-07-06',
  to: '2023-07-07',
  rows: [],
  skippedRows: [],
  units: [],
  leftOut: [],
};

const progress = (done: number, records: number, found: number): string =>
  `${JSON.stringify({ type: 'progress', done, total: 1000, records, found })}\n`;

describe('readEvents (NDJSON in pieces)', () => {
  it('reads the complete lines only, and continues where it stopped', () => {
    const text = progress(10, 1, 0) + progress(20, 2, 1).slice(0, 15);
    const first = readEvents(text, 0);
    expect(first.events).toEqual([{ type: 'progress', done: 10, total: 1000, records: 1, found: 0 }]);
    expect(first.next).toBe(progress(10, 1, 0).length);

    const grown = text + progress(20, 2, 1).slice(15);
    const second = readEvents(grown, first.next);
    expect(second.events).toEqual([{ type: 'progress', done: 20, total: 1000, records: 2, found: 1 }]);
    expect(second.next).toBe(grown.length);
    expect(readEvents(grown, second.next)).toEqual({ events: [], next: grown.length });
  });

  it('takes a last line without its newline only once the answer is complete', () => {
    const text = `${progress(10, 1, 0)}{"type":"error","message":"This is not an OMRON connect CSV: line 1","status":400}`;
    expect(readEvents(text, 0).events).toHaveLength(1);
    expect(readEvents(text, 0, true).events.at(-1)).toEqual({
      type: 'error',
      message: 'This is not an OMRON connect CSV: line 1',
      status: 400,
    });
  });

  it('skips blank lines, CRLF endings, lines that are not JSON and events of unknown shape', () => {
    const text = `\r\nnot json\n{"type":"later-kind"}\n{"type":"progress","done":"x"}\r\n${JSON.stringify({ type: 'preview', preview })}\r\n`;
    expect(readEvents(text, 0).events).toEqual([{ type: 'preview', preview }]);
  });
});

describe('toImportEvent', () => {
  it('checks each kind of line', () => {
    expect(toImportEvent({ type: 'progress', done: 1, total: 2, records: 3, found: 4 })).toEqual({
      type: 'progress',
      done: 1,
      total: 2,
      records: 3,
      found: 4,
    });
    expect(toImportEvent({ type: 'progress', done: -1, total: 2, records: 3, found: 4 })).toBeNull();
    expect(toImportEvent({ type: 'preview', preview: { noId: true } })).toBeNull();
    expect(toImportEvent({ type: 'error', message: 'Bad file' })).toEqual({ type: 'error', message: 'Bad file', status: 400 });
    expect(toImportEvent(['progress'])).toBeNull();
    expect(toImportEvent(null)).toBeNull();
  });
});

describe('uploadUrl', () => {
  it('names the format and the file, and sends a mapping as URL-encoded JSON', () => {
    const file = new File(['x'], 'my readings;2024.csv');
    expect(uploadUrl({ file, format: 'auto' })).toBe('/api/data/imports?format=auto&name=my+readings%3B2024.csv');
    const mapping: MappingDto = {
      delimiter: ';',
      headerRow: 1,
      date: 0,
      time: null,
      defaultTime: '08:00',
      period: null,
      morningTime: null,
      eveningTime: null,
      systolic: 1,
      diastolic: 2,
      heartRate: null,
      weight: 3,
      bloodSugar: null,
      notes: null,
      weightUnit: 'kg',
      bloodSugarUnit: 'mg/dL',
      dateOrder: 'dmy',
    };
    const url = new URL(uploadUrl({ file, format: 'spreadsheet', mapping }), 'http://localhost');
    expect(url.searchParams.get('format')).toBe('spreadsheet');
    expect(JSON.parse(url.searchParams.get('mapping') ?? '')).toEqual(mapping);
  });
});

describe('sniffFile', () => {
  it('sends only the first 64 KiB, as bytes, with the file name', async () => {
    const { calls } = mockFetch({
      'POST /api/data/imports/sniff?name=big%20export.zip': {
        body: { format: null, container: 'zip', delimiter: null, columns: [], rows: [], mapping: null, remembered: false },
      },
    });
    const file = new File([new Uint8Array(200 * 1024)], 'big export.zip');
    await expect(sniffFile(file)).resolves.toMatchObject({ container: 'zip' });
    const body = calls[0]!.body as Blob;
    expect(body.size).toBe(64 * 1024);
    expect(calls[0]!.headers['Content-Type']).toBe('application/octet-stream');
  });

  it('asks for the header on the line the person chose', async () => {
    const { calls } = mockFetch({
      'POST /api/data/imports/sniff?name=scale.csv&headerRow=2': {
        body: { format: 'spreadsheet', container: 'csv', delimiter: ';', columns: ['Date'], rows: [], mapping: null, remembered: false },
      },
    });
    await expect(sniffFile(new File(['Weight\nDate;kg\n'], 'scale.csv'), 2)).resolves.toMatchObject({ columns: ['Date'] });
    expect(calls).toHaveLength(1);
  });

  it("counts the lines of the part it sends (the header's choices)", async () => {
    const lines = Array.from({ length: 30_000 }, (_, i) => `line ${i}`).join('\r\n');
    expect(await headLineCount(new File(['Weight\r\nDate;Time;kg\r\n01.02.2024;07:00;80\r\n'], 'a.csv'))).toBe(3);
    // Only the first 64 KiB: the lines that fit in it.
    const counted = await headLineCount(new File([lines], 'big.csv'));
    expect(counted).toBeGreaterThan(5000);
    expect(counted).toBeLessThan(30_000);
  });
});

describe('uploadImport', () => {
  const file = new File(['Date,Time\n'], 'omron.csv');

  function start(): { run: ReturnType<typeof uploadImport>; onUpload: ReturnType<typeof vi.fn>; onReading: ReturnType<typeof vi.fn> } {
    mockXhr();
    const onUpload = vi.fn();
    const onReading = vi.fn();
    const run = uploadImport({ file, format: 'omron' }, { onUpload, onReading });
    return { run, onUpload, onReading };
  }

  it('reports the upload, then the reading line by line, and resolves with the preview', async () => {
    const { run, onUpload, onReading } = start();
    const xhr = lastXhr();
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/data/imports?format=omron&name=omron.csv');
    expect(xhr.headers['Content-Type']).toBe('application/octet-stream');
    expect(xhr.body).toBe(file);

    xhr.uploadProgress(5, 10);
    expect(onUpload).toHaveBeenLastCalledWith(5, 10);
    xhr.uploadDone();
    expect(onReading).toHaveBeenLastCalledWith(null);
    xhr.respond(200, progress(500, 2, 1).slice(0, 20));
    expect(onReading).toHaveBeenCalledTimes(1);
    xhr.respond(200, progress(500, 2, 1).slice(20));
    expect(onReading).toHaveBeenLastCalledWith({ type: 'progress', done: 500, total: 1000, records: 2, found: 1 });
    // A progress report of the upload that arrives late does not move the bar back.
    xhr.uploadProgress(10, 10);
    expect(onUpload).toHaveBeenCalledTimes(1);
    xhr.respond(200, JSON.stringify({ type: 'preview', preview }));
    xhr.finish();
    await expect(run.result).resolves.toEqual(preview);
  });

  it("rejects with the file's error line", async () => {
    const { run } = start();
    const xhr = lastXhr();
    xhr.respond(200, `${progress(100, 1, 0)}{"type":"error","message":"This is not an OMRON connect CSV: line 1 must be the header.","status":400}\n`);
    xhr.finish();
    const error = await run.result.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ImportFileError);
    expect((error as ImportFileError).message).toBe('This is not an OMRON connect CSV: line 1 must be the header.');
  });

  it('rejects with an ApiError for a refusal before reading', async () => {
    const { run } = start();
    const xhr = lastXhr();
    xhr.respond(429, '{"message":"Another import of yours is under way."}');
    xhr.finish();
    const error = await run.result.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(429);
    expect((error as ApiError).serverMessage).toBe('Another import of yours is under way.');
  });

  it('rejects as interrupted when the answer ends without a preview or the connection fails', async () => {
    const first = start();
    lastXhr().respond(200, progress(100, 1, 0));
    lastXhr().finish();
    await expect(first.run.result).rejects.toBeInstanceOf(ImportInterrupted);
    const second = start();
    lastXhr().fail();
    await expect(second.run.result).rejects.toBeInstanceOf(ImportInterrupted);
  });

  it('aborts the request when cancelled', async () => {
    const { run } = start();
    run.abort();
    expect(lastXhr().aborted).toBe(true);
    await expect(run.result).rejects.toBeInstanceOf(ImportCancelled);
  });
});

describe('formatBytes', () => {
  it('writes MB as the server counts them, one decimal at most, and KB under 1 MB', () => {
    expect(formatBytes(0)).toBe('0 KB');
    expect(formatBytes(40 * 1024)).toBe('40 KB');
    expect(formatBytes(45.2 * 1024 * 1024)).toBe('45.2 MB');
    expect(formatBytes(200 * 1024 * 1024)).toBe('200 MB');
    expect(formatBytes(1536 * 1024 * 1024)).toBe('1,536 MB');
  });
});

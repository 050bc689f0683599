import { vi } from 'vitest';

type Listener = ((event: ProgressEvent) => void) | null;

function progressEvent(type: string, loaded: number, total: number): ProgressEvent {
  return new ProgressEvent(type, { lengthComputable: total > 0, loaded, total });
}

/**
 * A stand-in for XMLHttpRequest that a test drives by hand: the upload's progress, the
 * answer's status and body arriving in pieces, its end, a failed connection. Each one made
 * is kept in `FakeXhr.made` (newest last).
 */
export class FakeXhr {
  static made: FakeXhr[] = [];

  method = '';
  url = '';
  headers: Record<string, string> = {};
  body: unknown = undefined;
  status = 0;
  statusText = '';
  readyState = 0;
  responseText = '';
  aborted = false;
  upload: { onprogress: Listener; onload: Listener } = { onprogress: null, onload: null };
  onprogress: Listener = null;
  onload: Listener = null;
  onerror: Listener = null;
  onabort: Listener = null;

  constructor() {
    FakeXhr.made.push(this);
  }

  open(method: string, url: string): void {
    this.method = method;
    this.url = url;
    this.readyState = 1;
  }

  setRequestHeader(name: string, value: string): void {
    this.headers[name] = value;
  }

  send(body: unknown): void {
    this.body = body;
  }

  abort(): void {
    this.aborted = true;
    this.readyState = 4;
    this.onabort?.(progressEvent('abort', 0, 0));
  }

  /** Part of the file sent. */
  uploadProgress(loaded: number, total: number): void {
    this.upload.onprogress?.(progressEvent('progress', loaded, total));
  }

  /** The whole file sent. */
  uploadDone(): void {
    this.upload.onload?.(progressEvent('load', 0, 0));
  }

  /** More of the answer arrived (the status with its first piece). */
  respond(status: number, chunk: string): void {
    this.status = status;
    this.readyState = 3;
    this.responseText += chunk;
    this.onprogress?.(progressEvent('progress', this.responseText.length, 0));
  }

  /** The answer is complete. */
  finish(): void {
    this.readyState = 4;
    this.onload?.(progressEvent('load', this.responseText.length, 0));
  }

  /** The connection failed. */
  fail(): void {
    this.readyState = 4;
    this.onerror?.(progressEvent('error', 0, 0));
  }
}

/** Puts `FakeXhr` in place of XMLHttpRequest (undone by `vi.unstubAllGlobals`). */
export function mockXhr(): typeof FakeXhr {
  FakeXhr.made = [];
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return FakeXhr;
}

/** The newest request made. */
export function lastXhr(): FakeXhr {
  const xhr = FakeXhr.made.at(-1);
  if (!xhr) throw new Error('no XMLHttpRequest was made');
  return xhr;
}

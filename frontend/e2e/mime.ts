// A minimal MIME reader for the test mailbox: headers, multipart bodies, base64 and
// quoted-printable, RFC 2047 encoded words. Enough to read Vitalog's own emails.

export interface ParsedMail {
  headers: Record<string, string>;
  subject: string;
  /** Decoded text of every leaf part (text/plain and text/html). */
  parts: Array<{ contentType: string; text: string }>;
}

function splitHeadBody(raw: string): [string, string] {
  const match = /\r?\n\r?\n/.exec(raw);
  if (!match) return [raw, ''];
  return [raw.slice(0, match.index), raw.slice(match.index + match[0].length)];
}

function parseHeaders(head: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const key = line.slice(0, colon).trim().toLowerCase();
    headers[key] = line.slice(colon + 1).trim();
  }
  return headers;
}

function decodeQuotedPrintable(body: string): string {
  const soft = body.replace(/=\r?\n/g, '');
  const bytes: number[] = [];
  for (let i = 0; i < soft.length; i++) {
    const ch = soft.charAt(i);
    const hex = soft.slice(i + 1, i + 3);
    if (ch === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      for (const b of Buffer.from(ch, 'utf8')) bytes.push(b);
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

function decodeBody(body: string, encoding: string | undefined): string {
  switch ((encoding ?? '7bit').toLowerCase()) {
    case 'base64':
      return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
    case 'quoted-printable':
      return decodeQuotedPrintable(body);
    default:
      return body;
  }
}

/** Decodes `=?utf-8?B?...?=` and `=?utf-8?Q?...?=` words in a header value. */
export function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?([^?]+)\?([BbQq])\?([^?]*)\?=/g, (_all, _charset: string, kind: string, text: string) =>
      kind.toUpperCase() === 'B'
        ? Buffer.from(text, 'base64').toString('utf8')
        : decodeQuotedPrintable(text.replace(/_/g, ' ')),
    );
}

function walk(raw: string, out: ParsedMail['parts']): Record<string, string> {
  const [head, body] = splitHeadBody(raw);
  const headers = parseHeaders(head);
  const contentType = headers['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(contentType)?.[1];
  if (/^multipart\//i.test(contentType) && boundary) {
    const sections = body.split(`--${boundary}`);
    for (const section of sections.slice(1)) {
      if (section.startsWith('--')) break;
      walk(section.replace(/^\r?\n/, ''), out);
    }
  } else {
    out.push({ contentType, text: decodeBody(body, headers['content-transfer-encoding']) });
  }
  return headers;
}

export function parseMail(raw: string): ParsedMail {
  const parts: ParsedMail['parts'] = [];
  const headers = walk(raw, parts);
  return { headers, subject: decodeWords(headers.subject ?? ''), parts };
}

// The text of a PDF the server made, by poppler's pdftotext (scripts/ensure-pdf-tools.sh
// installs it): what a doctor reads, checked in the browser tests.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * The PDF's text: with `layout`, lines as laid out (a table's row on one line); without,
 * every run of whitespace as one space (a sentence wrapped over lines reads whole).
 */
export function pdfText(bytes: Buffer, { layout = false }: { layout?: boolean } = {}): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'vitalog-pdf-'));
  const file = path.join(dir, 'report.pdf');
  writeFileSync(file, bytes);
  try {
    const text = execFileSync('pdftotext', [...(layout ? ['-layout'] : []), file, '-'], { encoding: 'utf8' });
    return layout ? text : text.split(/\s+/).join(' ');
  } catch (error) {
    throw new Error(`pdftotext failed (run scripts/ensure-pdf-tools.sh): ${String(error)}`, { cause: error });
  }
}

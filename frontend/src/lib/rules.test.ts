/**
 * Each context's messages have one source, its crate's rules.json (issue 37): this fails when
 * one of them is written by hand again in the client's code, instead of being imported
 * (`lib/rules.ts`, `lib/readingRules.ts`). Tests may spell a message out: they assert it.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(process.cwd(), '..');
const CONTEXTS = ['kernel', 'identity', 'medications', 'sharing', 'reports', 'billing', 'readings'];

/** Every fixed message of every context (templates with `{placeholders}` are not written whole). */
function messages(): string[] {
  return CONTEXTS.flatMap((context) => {
    const rules = JSON.parse(readFileSync(join(root, 'crates', context, 'rules.json'), 'utf8')) as {
      messages: Record<string, unknown>;
    };
    return Object.entries(rules.messages)
      .filter(([key, text]) => !key.startsWith('$') && typeof text === 'string' && !text.includes('{'))
      .map(([, text]) => text as string);
  });
}

/** The client's shipped sources: not tests, their helpers, or the generated API types. */
function sources(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'testing' ? [] : sources(path);
    const shipped = /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && entry.name !== 'apiSchema.ts';
    return shipped ? [path] : [];
  });
}

/** Code without its comments (a comment may name a message). */
function code(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
}

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Whether `message` is written whole in `source`: a quoted string, or a JSX text. */
function writesOut(source: string, message: string): boolean {
  const m = escape(message);
  const single = escape(message.replace(/'/g, "\\'"));
  return new RegExp(`'${single}'|"${m}"|\`${m}\`|>\\s*${m}\\s*<`).test(source);
}

describe("the contexts' messages", () => {
  it('are told apart from an import', () => {
    expect(writesOut(`title: 'Subscription Required',`, 'Subscription Required')).toBe(true);
    expect(writesOut(`<Alert title="Subscription Required">`, 'Subscription Required')).toBe(true);
    expect(writesOut(`<p>\n  Subscription Required\n</p>`, 'Subscription Required')).toBe(true);
    expect(writesOut(`'This medication\\'s dose'`, "This medication's dose")).toBe(true);
    expect(writesOut(`title: COMMON_MESSAGES.subscriptionRequired,`, 'Subscription Required')).toBe(false);
    expect(writesOut(code(`// the 'Subscription Required' alert\nconst a = 1;`), 'Subscription Required')).toBe(false);
  });

  it('are never written by hand in the client: they are imported from their rules.json', () => {
    const all = messages();
    expect(all.length).toBeGreaterThan(100);
    const src = resolve(process.cwd(), 'src');
    const copies = sources(src).flatMap((file) => {
      const text = code(readFileSync(file, 'utf8'));
      return all.filter((message) => writesOut(text, message)).map((message) => `${relative(src, file)}: ${message}`);
    });
    expect(copies).toEqual([]);
  });
});

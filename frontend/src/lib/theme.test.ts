import { afterEach, describe, expect, it } from 'vitest';
import { THEME_KEY, applyTheme, readThemeChoice, setThemeChoice } from './theme';

/** index.html's metas, as the page starts. */
function addMetas(): void {
  document.head.innerHTML = `
    <meta name="color-scheme" content="light dark" />
    <meta name="theme-color" content="#0f6e6e" media="(prefers-color-scheme: light)" />
    <meta name="theme-color" content="#162125" media="(prefers-color-scheme: dark)" />`;
}

const metaMedia = (): string[] =>
  [...document.querySelectorAll<HTMLMetaElement>('meta[name="theme-color"]')].map((m) => m.getAttribute('media') ?? '');

afterEach(() => {
  localStorage.clear();
  document.documentElement.removeAttribute('data-theme');
  document.head.innerHTML = '';
});

describe('theme choice', () => {
  it('is System unless Light or Dark was stored, and when storage fails', () => {
    expect(readThemeChoice()).toBe('system');
    localStorage.setItem(THEME_KEY, 'dark');
    expect(readThemeChoice()).toBe('dark');
    localStorage.setItem(THEME_KEY, 'purple');
    expect(readThemeChoice()).toBe('system');
    const broken = { getItem: () => { throw new Error('denied'); } } as unknown as Storage;
    expect(readThemeChoice(broken)).toBe('system');
  });

  it('is remembered on the device and put on <html> at once (System: no attribute, nothing stored)', () => {
    setThemeChoice('dark');
    expect(localStorage.getItem(THEME_KEY)).toBe('dark');
    expect(document.documentElement.dataset.theme).toBe('dark');
    setThemeChoice('system');
    expect(localStorage.getItem(THEME_KEY)).toBeNull();
    expect(document.documentElement.hasAttribute('data-theme')).toBe(false);
  });

  it("makes the browser's colour scheme and toolbar colour follow a choice, and the system again for System", () => {
    addMetas();
    applyTheme('dark');
    expect(document.querySelector<HTMLMetaElement>('meta[name="color-scheme"]')?.content).toBe('dark');
    expect(metaMedia()).toEqual(['not all', 'all']);
    applyTheme('light');
    expect(metaMedia()).toEqual(['all', 'not all']);
    applyTheme('system');
    expect(document.querySelector<HTMLMetaElement>('meta[name="color-scheme"]')?.content).toBe('light dark');
    expect(metaMedia()).toEqual(['(prefers-color-scheme: light)', '(prefers-color-scheme: dark)']);
  });
});

describe('public/theme.js, the theme before the first paint (issue 36)', () => {
  it('reads the key this module keeps the choice under and puts it on <html> as applyTheme does', async () => {
    const { readFileSync } = await import('node:fs');
    const path = await import('node:path');
    const source = readFileSync(path.resolve(process.cwd(), 'public/theme.js'), 'utf8');
    expect(source).toContain(`getItem('${THEME_KEY}')`);
    localStorage.setItem(THEME_KEY, 'dark');
    document.documentElement.removeAttribute('data-theme');
    new Function(source)();
    expect(document.documentElement.getAttribute('data-theme')).toBe('dark');
    localStorage.setItem(THEME_KEY, 'system');
    document.documentElement.removeAttribute('data-theme');
    new Function(source)();
    expect(document.documentElement.hasAttribute('data-theme')).toBe(false);
  });
});

describe("index.html's background before the stylesheet (issue 36)", () => {
  it("falls back to tokens.css's --color-bg of each palette", async () => {
    const { readFileSync } = await import('node:fs');
    const path = await import('node:path');
    const read = (file: string): string => readFileSync(path.resolve(process.cwd(), file), 'utf8');
    const tokens = read('src/components/styles/tokens.css');
    const html = read('public/index.html');
    const bg = (css: string): string | undefined => /--color-bg:\s*(#[0-9a-f]{6})/i.exec(css)?.[1];
    const light = bg(tokens);
    const dark = bg(tokens.slice(tokens.indexOf(":root[data-theme='dark']")));
    expect(light).toBeDefined();
    expect(dark).toBeDefined();
    expect(dark).not.toBe(light);
    expect(html).toContain(`html { background-color: var(--color-bg, ${light}); }`);
    expect(html).toContain(`html[data-theme='dark'] { background-color: var(--color-bg, ${dark}); }`);
    expect(html).toContain(`html:not([data-theme='light']) { background-color: var(--color-bg, ${dark}); }`);
  });
});

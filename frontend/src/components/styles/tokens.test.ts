/// <reference types="node" />
// Node's types for this file's reading of tokens.css and index.html (vitest runs in Node; the
// app's tsconfig has none, and `?raw` imports of CSS are emptied by vitest's `css: false`).
// Vitest runs from frontend/ (package.json's scripts).
/**
 * The design tokens' two palettes: the dark one is written twice (System and Dark) and must
 * not drift, every colour exists in both, index.html's theme-color follows the tokens, and
 * the pairs the screens draw meet WCAG AA (4.5:1 for text, 3:1 for lines, borders and
 * points) in both themes.
 */
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const css = readFileSync(resolve(process.cwd(), 'src/components/styles/tokens.css'), 'utf8');
const html = readFileSync(resolve(process.cwd(), 'public/index.html'), 'utf8');

/** The declarations of the first rule whose selector is exactly `selector`. */
function block(selector: string): string {
  const start = css.indexOf(`${selector} {`);
  if (start < 0) throw new Error(`tokens.css has no rule ${selector}`);
  const open = css.indexOf('{', start);
  return css.slice(open + 1, css.indexOf('}', open));
}

function declarations(body: string): Map<string, string> {
  const map = new Map<string, string>();
  for (const match of body.matchAll(/(--[a-z0-9-]+)\s*:\s*([^;]+);/g)) {
    const [, name, value] = match;
    if (name !== undefined && value !== undefined) map.set(name, value.trim());
  }
  return map;
}

const light = declarations(block(':root'));
const darkSystem = declarations(block(":root:not([data-theme='light'])"));
const darkChosen = declarations(block(":root[data-theme='dark']"));
const dark = new Map([...light, ...darkChosen]);

/** Colour tokens that are deliberately the same in both themes. */
const SAME_IN_BOTH = new Set(['--color-qr-bg']);

type Rgb = [number, number, number];

function hex(value: string): Rgb {
  const m = /^#([0-9a-f]{6})$/i.exec(value);
  if (!m?.[1]) throw new Error(`not a #rrggbb colour: ${value}`);
  const n = parseInt(m[1], 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function luminance([r, g, b]: Rgb): number {
  const lin = (c: number): number => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** WCAG 2 contrast ratio of two tokens in a palette. */
function contrast(palette: Map<string, string>, fg: string, bg: string): number {
  const value = (name: string): Rgb => {
    const v = palette.get(name);
    if (v === undefined) throw new Error(`no token ${name}`);
    return hex(v);
  };
  const [a, b] = [luminance(value(fg)), luminance(value(bg))];
  return (Math.max(a, b) + 0.05) / (Math.min(a, b) + 0.05);
}

const SURFACES = ['--color-bg', '--color-surface', '--color-surface-muted'];

/** Text on its background: 4.5:1. */
const TEXT_PAIRS: ReadonlyArray<[string, string]> = [
  ...['--color-text', '--color-text-muted', '--color-text-subtle', '--color-primary', '--color-primary-hover', '--color-danger']
    .flatMap((fg) => SURFACES.map((bg): [string, string] => [fg, bg])),
  ['--color-placeholder', '--color-surface'],
  ['--color-text', '--color-surface-sunken'],
  ['--color-text-muted', '--color-surface-sunken'],
  ['--color-primary-hover', '--color-primary-soft'],
  ['--color-primary', '--color-primary-soft'],
  ['--color-text', '--color-primary-soft'],
  ['--color-primary-contrast', '--color-primary'],
  ['--color-primary-contrast', '--color-primary-hover'],
  ['--color-primary-contrast', '--color-primary-active'],
  ['--color-danger', '--color-danger-soft'],
  ['--color-danger-contrast', '--color-danger'],
  ['--color-danger-contrast', '--color-danger-hover'],
  ['--color-warning-text', '--color-warning-soft'],
  ['--color-warning-text', '--color-surface'],
  ['--color-success', '--color-success-soft'],
  ['--color-success', '--color-surface'],
  ['--color-info-text', '--color-info-soft'],
  ['--color-info-text', '--color-surface'],
  ['--color-text', '--color-danger-soft'],
  ['--color-text', '--color-warning-soft'],
  ['--color-text', '--color-success-soft'],
  ['--color-text', '--color-info-soft'],
  ['--color-tooltip-text', '--color-tooltip-bg'],
  ['--color-on-fill-muted', '--color-fill-muted'],
  ['--chart-text', '--color-surface'],
  ['--chart-marker-text', '--chart-marker-started'],
  ['--chart-marker-text', '--chart-marker-changed'],
  ['--chart-marker-text', '--chart-marker-stopped'],
];

/** Lines, points, bars and field borders on the card they sit on: 3:1 (WCAG 1.4.11). */
const GRAPHIC_PAIRS: ReadonlyArray<[string, string]> = [
  ...[
    '--chart-systolic',
    '--chart-diastolic',
    '--chart-heart-rate',
    '--chart-weight',
    '--chart-sugar',
    '--chart-mark',
    '--chart-marker-started',
    '--chart-marker-changed',
    '--chart-marker-stopped',
    '--color-strength-weak',
    '--color-strength-fair',
    '--color-strength-good',
    '--color-strength-strong',
  ].map((fg): [string, string] => [fg, '--color-surface']),
  ['--color-border-strong', '--color-surface'],
  ['--color-primary', '--color-track'],
];

const THEMES: ReadonlyArray<[string, Map<string, string>]> = [
  ['light', light],
  ['dark', dark],
];

describe('design tokens', () => {
  it('writes the dark palette the same way twice (System and Dark)', () => {
    expect([...darkSystem]).toEqual([...darkChosen]);
  });

  it('gives every colour a dark value, and the dark palette no token of its own', () => {
    const colours = [...light].filter(([name, value]) => /^(#|rgba\()/.test(value) && !SAME_IN_BOTH.has(name));
    expect(colours.map(([name]) => name).filter((name) => !darkChosen.has(name))).toEqual([]);
    expect([...darkChosen.keys()].filter((name) => !light.has(name))).toEqual([]);
  });

  it.each(THEMES)('meets WCAG AA for text in the %s theme', (_name, palette) => {
    const failing = TEXT_PAIRS.filter(([fg, bg]) => contrast(palette, fg, bg) < 4.5).map(
      ([fg, bg]) => `${fg} on ${bg}: ${contrast(palette, fg, bg).toFixed(2)}`,
    );
    expect(failing).toEqual([]);
  });

  it.each(THEMES)('meets 3:1 for chart lines, meters and field borders in the %s theme', (_name, palette) => {
    const failing = GRAPHIC_PAIRS.filter(([fg, bg]) => contrast(palette, fg, bg) < 3).map(
      ([fg, bg]) => `${fg} on ${bg}: ${contrast(palette, fg, bg).toFixed(2)}`,
    );
    expect(failing).toEqual([]);
  });

  it("gives index.html's theme-color of each scheme the tokens' toolbar colour", () => {
    const meta = (scheme: string): string | undefined =>
      new RegExp(`<meta name="theme-color" content="(#[0-9a-f]{6})" media="\\(prefers-color-scheme: ${scheme}\\)"`, 'i').exec(
        html,
      )?.[1];
    expect(meta('light')).toBe(light.get('--color-theme-bar'));
    expect(meta('dark')).toBe(dark.get('--color-theme-bar'));
  });
});

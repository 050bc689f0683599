import { describe, expect, it } from 'vitest';
import { categoryName, categoryOf, classifyBp, classifyOne, guidelineOf, isSevere } from './bpCategory';

// The same vectors as the server's `readings::category::tests` (issue 35): every boundary of
// every guideline, one-number readings and severe readings, so the client's previews never
// disagree with what the server stores.
const acc = guidelineOf('acc-aha-2025');
const esh = guidelineOf('esh-2023');
const esc = guidelineOf('esc-2024');

describe('categories of both numbers, every guideline', () => {
  it.each([
    [acc, 119, 79, 'normal'],
    [acc, 120, 79, 'elevated'],
    [acc, 129, 79, 'elevated'],
    [acc, 130, 79, 'stage-1'],
    [acc, 119, 80, 'stage-1'],
    [acc, 139, 89, 'stage-1'],
    [acc, 125, 85, 'stage-1'],
    [acc, 140, 70, 'stage-2'],
    [acc, 110, 90, 'stage-2'],
    [acc, 180, 120, 'stage-2'],
    [acc, 181, 80, 'hypertensive-crisis'],
    [acc, 150, 121, 'hypertensive-crisis'],
    [esh, 119, 79, 'optimal'],
    [esh, 120, 79, 'normal'],
    [esh, 119, 80, 'normal'],
    [esh, 130, 84, 'high-normal'],
    [esh, 129, 85, 'high-normal'],
    [esh, 139, 90, 'grade-1'],
    [esh, 160, 99, 'grade-2'],
    [esh, 130, 100, 'grade-2'],
    [esh, 180, 110, 'grade-3'],
    [esh, 150, 110, 'grade-3'],
    [esh, 140, 89, 'isolated-systolic'],
    [esh, 185, 85, 'isolated-systolic'],
    [esc, 119, 69, 'non-elevated'],
    [esc, 120, 69, 'elevated'],
    [esc, 119, 70, 'elevated'],
    [esc, 139, 89, 'elevated'],
    [esc, 140, 89, 'hypertension'],
    [esc, 139, 90, 'hypertension'],
  ] as const)('%#: %s/%s is %s', (g, s, d, want) => {
    expect(classifyBp(g, s, d).code).toBe(want);
  });
});

describe('a reading with one number', () => {
  it.each([
    [acc, 200, null, 'hypertensive-crisis', false],
    [acc, 180, null, 'stage-2', true],
    [acc, 145, null, 'stage-2', true],
    [acc, 139, null, 'stage-1', true],
    [acc, 130, null, 'stage-1', true],
    [acc, 129, null, null, false],
    [acc, null, 125, 'hypertensive-crisis', false],
    [acc, null, 120, 'stage-2', true],
    [acc, null, 89, 'stage-1', true],
    [acc, null, 79, null, false],
    [esh, 150, null, null, false],
    [esh, 185, null, null, false],
    [esh, 135, null, 'high-normal', true],
    [esh, 125, null, 'normal', true],
    [esh, null, 95, 'grade-1', true],
    [esh, null, 110, 'grade-3', false],
    [esh, null, 87, 'high-normal', true],
    [esc, 125, null, 'elevated', true],
    [esc, 140, null, 'hypertension', false],
    [esc, null, 69, null, false],
  ] as const)('%#: %s/%s is %s (a floor: %s)', (g, s, d, want, atLeast) => {
    const got = classifyOne(g, s, d);
    expect(got?.rule.code ?? null).toBe(want);
    if (got) expect(got.atLeast).toBe(atLeast);
  });

  it('names the guideline with the category', () => {
    const c = classifyOne(acc, 145, null);
    expect(c && categoryName(c)).toBe('Stage 2 or higher (ACC/AHA 2025)');
    const ish = classifyOne(esh, 145, 85);
    expect(ish && categoryName(ish)).toBe('Isolated systolic hypertension (ESH 2023)');
  });
});

describe('a very high reading, either number alone', () => {
  it.each([
    [acc, 180, 120, false],
    [acc, 181, 80, true],
    [acc, 120, 121, true],
    [acc, 200, null, true],
    [acc, null, 125, true],
    [acc, 180, null, false],
    [esh, 179, 109, false],
    [esh, 180, null, true],
    [esh, null, 110, true],
    [esc, 150, 110, true],
    [esc, 179, 109, false],
  ] as const)('%#: %s/%s severe: %s', (g, s, d, want) => {
    expect(isSevere(g, s, d)).toBe(want);
  });
});

describe('a saved reading', () => {
  it('reads the server’s category in the guideline it names', () => {
    const c = categoryOf({ bpCategory: { code: 'grade-1', guideline: 'esh-2023', atLeast: true } });
    expect(c?.rule.label).toBe('Grade 1 hypertension');
    expect(c?.guideline.name).toBe('ESH 2023');
    expect(categoryOf({ bpCategory: { code: 'grade-1', guideline: 'acc-aha-2025', atLeast: false } })).toBeNull();
    expect(categoryOf({ bpCategory: null })).toBeNull();
  });
});

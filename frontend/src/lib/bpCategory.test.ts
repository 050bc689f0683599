import { describe, expect, it } from 'vitest';
import { classifyBp, isSevere, readingBpCategory } from './bpCategory';

describe('blood pressure category (2017 ACC/AHA)', () => {
  it.each([
    [119, 79, 'normal'],
    [120, 79, 'elevated'],
    [129, 79, 'elevated'],
    [130, 79, 'stage-1'],
    [119, 80, 'stage-1'],
    [139, 89, 'stage-1'],
    [125, 85, 'stage-1'],
    [140, 70, 'stage-2'],
    [110, 90, 'stage-2'],
    [180, 120, 'stage-2'],
    [181, 80, 'hypertensive-crisis'],
    [150, 121, 'hypertensive-crisis'],
    [185, 85, 'hypertensive-crisis'],
  ] as const)('%i/%i is %s', (s, d, want) => {
    expect(classifyBp(s, d)).toBe(want);
  });

  it('needs both numbers', () => {
    expect(readingBpCategory({ systolic: 120, diastolic: null })).toBeNull();
    expect(readingBpCategory({ systolic: 120, diastolic: 70 })).toBe('elevated');
  });
});

describe('a severe reading (above 180/120)', () => {
  it.each([
    [180, 120, false],
    [181, 80, true],
    [120, 121, true],
    [180, 121, true],
    [250, 150, true],
    [179, 119, false],
  ] as const)('%i/%i severe: %s', (s, d, want) => {
    expect(isSevere(s, d)).toBe(want);
  });
});

import { describe, expect, it } from 'vitest';
import { classifyBp, classifyOne, isFloor, isSevere, readingBpCategory } from './bpCategory';

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

  it('needs both numbers below Stage 1', () => {
    expect(readingBpCategory({ systolic: 120, diastolic: null })).toBeNull();
    expect(readingBpCategory({ systolic: 120, diastolic: 70 })).toBe('elevated');
  });
});

// Issue 35: the guideline's "or" makes one number enough from Stage 1 up (the same vectors
// as the server's `category::tests::one_number_readings`).
describe('a reading with one number', () => {
  it.each([
    [200, null, 'hypertensive-crisis'],
    [181, null, 'hypertensive-crisis'],
    [180, null, 'stage-2'],
    [145, null, 'stage-2'],
    [140, null, 'stage-2'],
    [139, null, 'stage-1'],
    [130, null, 'stage-1'],
    [129, null, null],
    [110, null, null],
    [null, 125, 'hypertensive-crisis'],
    [null, 121, 'hypertensive-crisis'],
    [null, 120, 'stage-2'],
    [null, 90, 'stage-2'],
    [null, 89, 'stage-1'],
    [null, 80, 'stage-1'],
    [null, 79, null],
    [null, null, null],
  ] as const)('%s/%s is %s', (s, d, want) => {
    expect(classifyOne(s, d)).toBe(want);
  });

  it('is a floor below the top category', () => {
    expect(isFloor('stage-2', 145, null)).toBe(true);
    expect(isFloor('hypertensive-crisis', null, 125)).toBe(false);
    expect(isFloor('stage-2', 145, 85)).toBe(false);
  });

  it('is severe from either number alone', () => {
    expect(isSevere(200, null)).toBe(true);
    expect(isSevere(null, 125)).toBe(true);
    expect(isSevere(180, null)).toBe(false);
    expect(isSevere(null, 120)).toBe(false);
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

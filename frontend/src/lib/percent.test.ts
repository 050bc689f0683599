import { describe, expect, it } from 'vitest';
import { percentText } from './percent';

describe('percentText', () => {
  it('never says 0% for something that happened, nor 100% for something that did not always', () => {
    expect(percentText(1, 758)).toBe('<1%');
    expect(percentText(0, 758)).toBe('0%');
    expect(percentText(757, 758)).toBe('>99%');
    expect(percentText(758, 758)).toBe('100%');
    expect(percentText(1, 8)).toBe('13%');
    expect(percentText(1, 0)).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { passwordStrength, scorePassword, strengthLabel } from './passwordStrength';

describe('password strength (spec section 4)', () => {
  it.each([
    ['', 0],
    ['abc', 0],
    ['abcdefgh', 1], // length only
    ['Abc', 1], // upper and lower only
    ['123', 1], // digit only
    ['!!!', 1], // special only
    ['abcdefgH', 2], // length + mixed case
    ['abcdefg1', 2], // length + digit
    ['Abcdefg1', 3], // length + mixed case + digit
    ['Ab1!', 3], // mixed case + digit + special, too short
    ['Abcdef1!', 4],
    ['Correct Horse 9', 4], // a space is non-alphanumeric
  ])('scores %j as %i', (password, score) => {
    expect(scorePassword(password)).toBe(score);
  });

  it('labels 0-1 Weak, 2 Fair, 3 Good, 4 Strong', () => {
    expect(strengthLabel(0)).toBe('Weak');
    expect(strengthLabel(1)).toBe('Weak');
    expect(strengthLabel(2)).toBe('Fair');
    expect(strengthLabel(3)).toBe('Good');
    expect(strengthLabel(4)).toBe('Strong');
  });

  it('needs both cases for the case point', () => {
    expect(scorePassword('ABCDEFGH')).toBe(1);
    expect(scorePassword('abcdefgh')).toBe(1);
    expect(passwordStrength('aBcdefgh')).toEqual({ score: 2, label: 'Fair' });
  });
});

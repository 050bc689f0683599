import { describe, expect, it } from 'vitest';
import { hasPresenceCookie, readCookie } from './cookies';

describe('presence cookie', () => {
  it('reads a cookie by name', () => {
    expect(readCookie('b', 'a=1; b=two%20words; c=3')).toBe('two words');
    expect(readCookie('d', 'a=1')).toBeUndefined();
  });

  it('detects vitalog_auth and nothing else', () => {
    expect(hasPresenceCookie('vitalog_auth=1')).toBe(true);
    expect(hasPresenceCookie('theme=dark; vitalog_auth=1')).toBe(true);
    expect(hasPresenceCookie('vitalog_session=abc')).toBe(false);
    expect(hasPresenceCookie('x_vitalog_auth=1')).toBe(false);
    expect(hasPresenceCookie('vitalog_auth=')).toBe(false);
    expect(hasPresenceCookie('')).toBe(false);
  });

  it('reads document.cookie by default', () => {
    expect(hasPresenceCookie()).toBe(false);
    document.cookie = 'vitalog_auth=1; path=/';
    expect(hasPresenceCookie()).toBe(true);
  });
});

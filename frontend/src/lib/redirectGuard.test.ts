import { describe, expect, it } from 'vitest';
import { REDIRECT_GUARD_KEY, mayRedirect, recordRedirect } from './redirectGuard';

describe('redirect-loop guard (3 s, sessionStorage)', () => {
  it('allows a redirect when none was recorded', () => {
    expect(mayRedirect(1_000_000)).toBe(true);
  });

  it('blocks a second redirect within 3 seconds and allows it after', () => {
    recordRedirect(1_000_000);
    expect(window.sessionStorage.getItem(REDIRECT_GUARD_KEY)).toBe('1000000');
    expect(mayRedirect(1_000_001)).toBe(false);
    expect(mayRedirect(1_002_999)).toBe(false);
    expect(mayRedirect(1_003_000)).toBe(true);
  });

  it('ignores garbage in storage', () => {
    window.sessionStorage.setItem(REDIRECT_GUARD_KEY, 'nonsense');
    expect(mayRedirect(5)).toBe(true);
  });
});

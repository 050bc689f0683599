import { act, renderHook } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { answered, useCardsAnswered } from './useCardsAnswered';

describe('useCardsAnswered', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('is true at once when every answer is in', () => {
    const { result } = renderHook(() => useCardsAnswered([true, true], 1000));
    expect(result.current).toBe(true);
  });

  it('waits while one answer is out, and is true when it arrives', () => {
    const { result, rerender } = renderHook(({ answers }) => useCardsAnswered(answers, 1000), {
      initialProps: { answers: [true, false] },
    });
    expect(result.current).toBe(false);
    act(() => {
      vi.advanceTimersByTime(500);
    });
    expect(result.current).toBe(false);
    rerender({ answers: [true, true] });
    expect(result.current).toBe(true);
  });

  it('stops waiting after the hold, counted from the first render, and stays true', () => {
    const { result, rerender } = renderHook(({ answers }) => useCardsAnswered(answers, 1000), {
      initialProps: { answers: [false, false] },
    });
    act(() => {
      vi.advanceTimersByTime(600);
    });
    rerender({ answers: [true, false] });
    act(() => {
      vi.advanceTimersByTime(399);
    });
    expect(result.current).toBe(false);
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(result.current).toBe(true);
    rerender({ answers: [false, false] });
    expect(result.current, 'latched').toBe(true);
  });

  it('an answer is in with its data (null included) or its error', () => {
    expect(answered({ data: undefined, error: undefined })).toBe(false);
    expect(answered({ data: null, error: undefined })).toBe(true);
    expect(answered({ data: undefined, error: new Error('down') })).toBe(true);
  });
});

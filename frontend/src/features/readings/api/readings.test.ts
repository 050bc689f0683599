import { describe, expect, it } from 'vitest';
import { fetchReadingPage, parseEditId, readingsUrl } from './readings';
import { mockFetch } from '../../../testing/fetchMock';
import { formatDate, formatDateTime12, formatMonthDay, formatSpan12, formatTime12, isoDateDaysAgo, isoDateIn, isoTimeIn, readingTimestamp } from '../../../lib/dates';

describe('edit id and list urls', () => {
  it('accepts only a positive whole number', () => {
    expect(parseEditId('12')).toBe(12);
    expect(parseEditId(null)).toBeNull();
    expect(parseEditId('abc')).toBeNull();
    expect(parseEditId('1.5')).toBeNull();
    expect(parseEditId('0')).toBeNull();
    expect(parseEditId('-3')).toBeNull();
  });

  it('builds the filter and paging query', () => {
    expect(readingsUrl()).toBe('/api/readings');
    expect(readingsUrl({ type: 'all', q: '  ' })).toBe('/api/readings');
    expect(readingsUrl({ from: '2026-10-23', type: 'bp', q: 'tea', limit: 10, offset: 20 })).toBe(
      '/api/readings?from=2026-10-23&type=bp&q=tea&limit=10&offset=20',
    );
  });
});

describe('dates', () => {
  it("tells the time on another zone's wall clock (the user's, for a dose taken now)", () => {
    const moment = new Date(Date.UTC(2026, 10, 25, 23, 30));
    expect(isoTimeIn('UTC', moment)).toBe('23:30');
    expect(isoTimeIn('Asia/Kolkata', moment)).toBe('05:00');
    expect(isoTimeIn('America/New_York', moment)).toBe('18:30');
    expect(isoTimeIn('Not/A_Zone', moment)).toMatch(/^\d{2}:\d{2}$/);
    expect(isoDateIn('UTC', moment)).toBe('2026-11-25');
    expect(isoDateIn('Asia/Kolkata', moment)).toBe('2026-11-26');
    expect(isoDateIn('America/New_York', moment)).toBe('2026-11-25');
    expect(isoDateIn('Not/A_Zone', moment)).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  });

  it('shows MM/DD/YYYY, 12-hour times and month/day ticks', () => {
    expect(formatDate('2026-03-07')).toBe('03/07/2026');
    expect(formatTime12('00:05')).toBe('12:05 AM');
    expect(formatTime12('08:30')).toBe('8:30 AM');
    expect(formatTime12('12:00')).toBe('12:00 PM');
    expect(formatTime12('23:59')).toBe('11:59 PM');
    expect(formatSpan12('04:00', '12:00')).toBe('4:00 AM to 11:59 AM');
    expect(formatSpan12('12:00', '04:00')).toBe('12:00 PM to 3:59 AM');
    expect(formatSpan12('22:00', '00:00')).toBe('10:00 PM to 11:59 PM');
    const ts = readingTimestamp('2026-11-02', '14:45');
    expect(formatMonthDay(ts)).toBe('11/2');
    expect(formatDateTime12(ts)).toBe('11/02/2026 2:45 PM');
    expect(isoDateDaysAgo(30, new Date(2026, 10, 22, 9))).toBe('2026-10-23');
    expect(Number.isNaN(readingTimestamp('22/11/2026', null))).toBe(true);
  });
});

describe('fetchReadingPage', () => {
  it('rejects a list that was cut off, rather than showing no readings', async () => {
    mockFetch({ 'GET /api/readings?limit=10': { status: 200, body: '[{"id":1,"date":"2026-11-2' } });
    await expect(fetchReadingPage('/api/readings?limit=10')).rejects.toBeInstanceOf(SyntaxError);
  });

  it('reads an empty answer as no readings', async () => {
    mockFetch({ 'GET /api/readings?limit=10': { status: 200 } });
    await expect(fetchReadingPage('/api/readings?limit=10')).resolves.toEqual({ readings: [], total: 0 });
  });
});

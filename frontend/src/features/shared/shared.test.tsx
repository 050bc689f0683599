import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, networkDown, type MockResponse } from '../../testing/fetchMock';
import { setPresenceCookie } from '../../testing/fixtures';
import { renderWithProviders } from '../../testing/render';
import { sharedReadings, sharedView } from '../../testing/sharedView';
import type { SharedViewDto } from './api/sharedApi';
import { periodWindow } from './charts';
import SharedViewPage from './pages/SharedViewPage';
import { categoryShares, timeOfDayRows, trendText } from './summary';
import { kgToLbs, weightInUnit } from '../../lib/units';

const TOKEN = 'AbC-123_xyz';
const VIEW = `GET /api/shared/${TOKEN}`;
const UNLOCK = `POST /api/shared/${TOKEN}/unlock`;
const GONE = {
  status: 404,
  body: { message: 'This link is no longer available. It may have expired or been withdrawn; ask for a new one.' },
};
const CODE_REQUIRED = {
  status: 401,
  body: {
    code: 'code_required',
    message: 'This record is protected. Enter the access code you were given.',
    codeRequired: true,
  },
};

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderShared(): void {
  renderWithProviders(<SharedViewPage />, { route: `/s/${TOKEN}`, path: '/s/:token' });
}

const heading = (): Promise<HTMLElement> => screen.findByRole('heading', { level: 1, name: 'Health record of Alice M.' });

describe('summary words and numbers', () => {
  it('counts every category with whole percents, in guideline order', () => {
    expect(categoryShares('acc-aha-2025', sharedView.summary.categories).map((c) => [c.label, c.count, c.percentText])).toEqual([
      ['Normal', 2, '20%'],
      ['Elevated', 1, '10%'],
      ['Stage 1', 3, '30%'],
      ['Stage 2', 3, '30%'],
      ['Hypertensive Crisis', 1, '10%'],
    ]);
    expect(categoryShares('acc-aha-2025', []).every((c) => c.count === 0 && c.percent === 0)).toBe(true);
    // The owner's guideline decides the list (issue 35): ESH 2023's seven, in its order.
    expect(categoryShares('esh-2023', [{ category: 'grade-1', label: 'Grade 1 hypertension', count: 2 }]).map((c) => [c.category, c.count])).toEqual([
      ['optimal', 0],
      ['normal', 0],
      ['high-normal', 0],
      ['grade-1', 2],
      ['grade-2', 0],
      ['grade-3', 0],
      ['isolated-systolic', 0],
    ]);
  });

  it('says a trend in words, whole mmHg, and never one from too few days', () => {
    const mmHg = { key: 'systolic', name: 'Systolic', unit: 'mmHg', decimals: 0, inUnit: (v: number) => v } as const;
    // The server sends canonical pounds: the measure shows them in kg.
    const kg = { key: 'weight', name: 'Weight', unit: 'kg', decimals: 1, inUnit: (lbs: number) => weightInUnit(lbs, 'kg') } as const;
    expect(trendText({ direction: 'rising', overPeriod: 6.2, per30Days: 3.1, days: 30 }, mmHg, 7)).toBe(
      'Rising: +6 mmHg over the period (+3 mmHg per 30 days)',
    );
    expect(trendText({ direction: 'falling', overPeriod: kgToLbs(-2), per30Days: null, days: 9 }, kg, 7)).toBe(
      'Falling: −2.0 kg over the period',
    );
    expect(trendText({ direction: 'stable', overPeriod: 0.4, per30Days: 0.4, days: 30 }, mmHg, 7)).toBe('Stable');
    expect(trendText({ direction: 'too-few-days', overPeriod: 0, per30Days: null, days: 3 }, mmHg, 7)).toBe(
      'Not enough days for a trend (3 of 7)',
    );
  });

  it('gives all, morning and evening averages', () => {
    expect(timeOfDayRows(sharedView)).toEqual([
      { name: 'All readings', when: 'any time', readings: 10, bp: '132/84 mmHg', heartRate: '72 bpm' },
      { name: 'Morning', when: '4:00 AM to 11:59 AM', readings: 6, bp: '135/86 mmHg', heartRate: '70 bpm' },
      { name: 'Evening', when: '12:00 PM to 3:59 AM', readings: 4, bp: '128/81 mmHg', heartRate: null },
    ]);
  });

  it('draws the period: its days, ending at its last day or now', () => {
    const endOfTo = new Date(2026, 10, 25, 23, 59, 59, 999).getTime();
    expect(periodWindow('2026-10-27', '2026-11-25', endOfTo + 86_400_000)).toEqual({ rangeDays: 30, now: endOfTo });
    const noon = new Date(2026, 10, 25, 12).getTime();
    expect(periodWindow('2026-10-27', '2026-11-25', noon)).toEqual({ rangeDays: 30, now: noon });
  });

  it('shows the summary first, then charts, readings and medications, without any account call', async () => {
    setPresenceCookie();
    const { calls } = mockFetch({ [VIEW]: { body: sharedView } });
    renderShared();
    await heading();
    expect(screen.getByText('10/27/2026 to 11/25/2026')).toBeInTheDocument();
    expect(screen.getByText('(The last 30 days)')).toBeInTheDocument();
    expect(screen.getByText(/Link expires 12\/02\/2026/)).toBeInTheDocument();
    expect(screen.getByText(/read-only copy .* not a diagnosis/)).toBeInTheDocument();

    const sections = within(screen.getByRole('main')).getAllByRole('region').map((r) => within(r).getAllByRole('heading')[0]?.textContent);
    expect(sections).toEqual(['Summary', 'Charts', expect.stringMatching(/^Readings/), 'Medications']);

    const summary = screen.getByRole('region', { name: 'Summary' });
    const stat = (term: string): string | null | undefined =>
      within(summary).getByText(term, { selector: 'dt' }).nextElementSibling?.textContent;
    expect(within(summary).getByText('10 readings from 10/27/2026 to 11/25/2026')).toBeInTheDocument();
    expect(stat('Average blood pressure')).toBe('132/84 mmHgof 10 readings');
    expect(stat('Average heart rate')).toBe('72 bpmof 8 readings');
    expect(stat('Average weight')).toBe('70.3 kgof 4 readings');
    expect(within(summary).getByText('1 reading very high (above 180/120)')).toBeInTheDocument();

    const measures = within(summary).getByRole('table', { name: /trend over the period/ });
    const row = (name: string): string[] =>
      within(within(measures).getByRole('rowheader', { name }).closest('tr') as HTMLElement)
        .getAllByRole('cell')
        .map((c) => c.textContent ?? '');
    expect(row('Systolic')).toEqual(['132 mmHg', '118 to 186 mmHg', '10', 'Rising: +6 mmHg over the period (+3 mmHg per 30 days)']);
    expect(row('Diastolic')[3]).toBe('Falling: −2 mmHg over the period (−1 mmHg per 30 days)');
    expect(row('Weight')).toEqual(['70.3 kg', '69.8 to 71.0 kg', '4', 'No trend']);
    expect(within(measures).queryByRole('rowheader', { name: 'Blood sugar' })).toBeNull();

    const times = within(summary).getByRole('table', { name: 'Averages by time of day' });
    expect(within(times).getByRole('rowheader', { name: /Morning/ }).closest('tr')).toHaveTextContent('6135/86 mmHg70 bpm');
    // The guided measurement's periods, as the PDF names them: every reading is in one.
    expect(within(times).getAllByRole('rowheader').map((h) => h.textContent)).toEqual([
      'All readings (any time)',
      'Morning (4:00 AM to 11:59 AM)',
      'Evening (12:00 PM to 3:59 AM)',
    ]);

    const categories = within(summary).getByRole('list', { name: 'Blood pressure categories (ACC/AHA 2025)' });
    expect(within(categories).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'Normal2 readings (20%)',
      'Elevated1 reading (10%)',
      'Stage 13 readings (30%)',
      'Stage 23 readings (30%)',
      'Hypertensive Crisis1 reading (10%)',
    ]);

    const charts = screen.getByRole('region', { name: 'Charts' });
    expect(within(charts).getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Blood Pressure Trends (mmHg)',
      'Heart Rate Trend (bpm)',
      'Weight Trend (kg)',
    ]);
    expect(await within(charts).findByRole('img', { name: 'Blood Pressure Trends, 10/27/2026 to 11/25/2026, in mmHg' })).toBeInTheDocument();
    expect(within(charts).getByText(/a reading very high \(above 180\/120\)/)).toBeInTheDocument();

    expect(screen.getByRole('link', { name: 'Download PDF' })).toHaveAttribute('href', `/api/shared/${TOKEN}/report.pdf`);
    const medications = screen.getByRole('region', { name: 'Medications' });
    expect(medications).toHaveTextContent(
      'Lisinopril 10 mg10 mg once a day from 10/01/2026Taken 26 of 28 scheduled doses (93%)Medications as the person recorded them',
    );

    expect(calls.map((c) => `${c.method} ${c.url}`)).toEqual([VIEW]);
    expect(calls.some((c) => c.url.startsWith('/api/user'))).toBe(false);
    expect(screen.queryByRole('navigation', { name: 'Main' })).toBeNull();
  });

  it('leaves out what the person did not include', async () => {
    const bare: SharedViewDto = {
      ...sharedView,
      includeHeartRate: false,
      includeWeight: false,
      includeNotes: false,
      includeMedications: false,
      medications: null,
      medicationNote: null,
    };
    mockFetch({ [VIEW]: { body: bare } });
    renderShared();
    await heading();
    expect(screen.queryByText('Average heart rate')).toBeNull();
    expect(screen.queryByRole('region', { name: 'Medications' })).toBeNull();
    const readings = screen.getByRole('table', { name: 'Readings, newest first' });
    expect(within(readings).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['Date', 'Time', 'Blood Pressure']);
  });
});

it('says no medications were recorded, without the note on their averages', async () => {
  mockFetch({ [VIEW]: { body: { ...sharedView, medications: [] } } });
  renderShared();
  await heading();
  const medications = screen.getByRole('region', { name: 'Medications' });
  expect(medications).toHaveTextContent('No medications recorded for this period.');
  expect(within(medications).queryByText(/not a prescription record/)).toBeNull();
});

describe('readings table', () => {
  const many: SharedViewDto = { ...sharedView, readings: sharedReadings(30) };

  it('shows 25 readings a page, newest first, with their category', async () => {
    mockFetch({ [VIEW]: { body: many } });
    renderShared();
    await heading();
    const table = screen.getByRole('table', { name: 'Readings, newest first' });
    const rows = (): HTMLElement[] => within(table).getAllByRole('row').slice(1);
    expect(rows()).toHaveLength(25);
    expect(rows()[0]).toHaveTextContent('11/25/2026');
    expect(rows()[24]).toHaveTextContent('11/01/2026');
    expect(within(rows()[0] as HTMLElement).getByLabelText('Blood pressure category: Stage 1 (ACC/AHA 2025)')).toBeInTheDocument();
    expect(screen.getByText('Showing 1 to 25 of 30 records')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(rows()).toHaveLength(5);
    expect(rows()[0]).toHaveTextContent('10/31/2026');
    expect(rows()[4]).toHaveTextContent('10/27/2026');
    expect(screen.getByText('Showing 26 to 30 of 30 records')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Page 2' })).toHaveAttribute('aria-current', 'page');

    await userEvent.click(screen.getByRole('button', { name: 'Page 1' }));
    expect(rows()).toHaveLength(25);
  });

  it('tags a reading taken at the clinic (issue 35)', async () => {
    const readings = sharedReadings(3).map((r, i) => (i === 1 ? { ...r, setting: 'office' as const } : r));
    mockFetch({ [VIEW]: { body: { ...sharedView, readings } } });
    renderShared();
    await heading();
    const table = screen.getByRole('table', { name: 'Readings, newest first' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).queryByText('Taken at the clinic') !== null)).toEqual([false, true, false]);
  });

  it('prints every reading, then pages again', async () => {
    mockFetch({ [VIEW]: { body: many } });
    renderShared();
    await heading();
    const table = screen.getByRole('table', { name: 'Readings, newest first' });
    act(() => {
      window.dispatchEvent(new Event('beforeprint'));
    });
    expect(within(table).getAllByRole('row')).toHaveLength(31);
    act(() => {
      window.dispatchEvent(new Event('afterprint'));
    });
    expect(within(table).getAllByRole('row')).toHaveLength(26);
  });

  it('has no paging for a short record, and notes are shown whole', async () => {
    mockFetch({ [VIEW]: { body: sharedView } });
    renderShared();
    await heading();
    expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull();
    const table = screen.getByRole('table', { name: 'Readings, newest first' });
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual([
      'Date',
      'Time',
      'Blood Pressure',
      'Heart Rate',
      'Weight',
      'Notes',
    ]);
    expect(within(table).getByText('After a walk')).toBeInTheDocument();
    expect(within(table).getByText('70.4 kg')).toBeInTheDocument();
  });
});

describe('access code', () => {
  it('asks for the code, shows the server words for a wrong one, and opens the record with the right one', async () => {
    let unlocked = false;
    const { calls } = mockFetch({
      [VIEW]: (): MockResponse => (unlocked ? { body: sharedView } : CODE_REQUIRED),
      [UNLOCK]: (call): MockResponse => {
        if ((call.body as { code: string }).code === 'tulip-42') {
          unlocked = true;
          return { status: 204 };
        }
        return {
          status: 401,
          body: { code: 'code_required', message: 'Wrong code', errors: { code: 'That access code is not right.' }, codeRequired: true },
        };
      },
    });
    renderShared();
    expect(await screen.findByRole('heading', { level: 1, name: 'Enter the access code' })).toBeInTheDocument();
    expect(screen.getByText('This record is protected. Enter the access code you were given.')).toBeInTheDocument();

    await userEvent.click(screen.getByRole('button', { name: 'Open the record' }));
    expect(screen.getByText('Enter the access code.')).toBeInTheDocument();

    const field = screen.getByLabelText('Access code');
    await userEvent.type(field, 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Open the record' }));
    expect(await screen.findByText('That access code is not right.')).toBeInTheDocument();
    expect(field).toHaveAttribute('aria-invalid', 'true');

    await userEvent.clear(field);
    await userEvent.type(field, ' tulip-42 ');
    await userEvent.click(screen.getByRole('button', { name: 'Open the record' }));
    await heading();
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.body)).toEqual([{ code: 'wrong' }, { code: 'tulip-42' }]);
    expect(calls.some((c) => c.url.startsWith('/api/user'))).toBe(false);
  });

  it('shows the server message after too many tries', async () => {
    mockFetch({
      [VIEW]: CODE_REQUIRED,
      [UNLOCK]: { status: 429, body: { message: 'Too many wrong codes. Try again in 15 minutes.' } },
    });
    renderShared();
    await userEvent.type(await screen.findByLabelText('Access code'), 'guess');
    await userEvent.click(screen.getByRole('button', { name: 'Open the record' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Too many wrong codes. Try again in 15 minutes.');
  });

  it('says the link is gone when it died while the code was typed', async () => {
    mockFetch({ [VIEW]: CODE_REQUIRED, [UNLOCK]: GONE });
    renderShared();
    await userEvent.type(await screen.findByLabelText('Access code'), 'tulip-42');
    await userEvent.click(screen.getByRole('button', { name: 'Open the record' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'This link is no longer available' })).toBeInTheDocument();
  });
});

describe('a link that does not answer', () => {
  it('is a calm page with the server message when it is gone', async () => {
    const { calls } = mockFetch({ [VIEW]: GONE });
    renderShared();
    expect(await screen.findByRole('heading', { level: 1, name: 'This link is no longer available' })).toBeInTheDocument();
    expect(screen.getByText('It may have expired or been withdrawn; ask for a new one.')).toBeInTheDocument();
    expect(screen.queryByRole('button')).toBeNull();
    expect(document.title).toBe('This link is no longer available · Vitalog');
    expect(calls).toHaveLength(1);
  });

  it('shows a gone message that does not start with the heading whole', async () => {
    mockFetch({ [VIEW]: { status: 404, body: { message: 'Ask the person for a new link.' } } });
    renderShared();
    expect(await screen.findByText('Ask the person for a new link.')).toBeInTheDocument();
  });

  it('offers Try again after a network failure', async () => {
    let down = true;
    mockFetch({ [VIEW]: () => (down ? networkDown() : { body: sharedView }) });
    renderShared();
    expect(await screen.findByRole('heading', { level: 1, name: 'This record could not be loaded' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Check your connection and try again.');
    down = false;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await heading();
  });
});

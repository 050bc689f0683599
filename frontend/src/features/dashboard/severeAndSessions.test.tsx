import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { firstDayOfLastDays, firstDayOfLastDaysAnywhere } from '../../lib/dates';
import { DEFAULT_GUIDELINE, SEVERE_STEPS } from '../../lib/readingRules';
import type { Reading } from '../readings/api/readings';
import { mockFetch } from '../../testing/fetchMock';
import { threeReadingSession } from '../../testing/homeWeek';
import { served, type ReadingFixture } from '../../testing/readings';
import { renderWithProviders } from '../../testing/render';
import DashboardPage from './pages/DashboardPage';

afterEach(() => {
  vi.unstubAllGlobals();
});

function reading(id: number, date: string, extra: Partial<ReadingFixture> = {}): Reading {
  return served({
    id,
    date,
    time: '08:00',
    systolic: 128,
    diastolic: 82,
    heartRate: 70,
    weight: null,
    bloodSugar: null,
    notes: null,
    ...extra,
  });
}

/** The dashboard with these readings, newest first (the latest three, and all of them for the charts). */
function renderDashboard(list: Reading[]): void {
  mockFetch({
    'GET /api/user/preferences': { body: { weightUnit: 'lbs', bloodSugarUnit: 'mg/dL', emailReminders: false, weeklyReports: false } },
    'GET /api/user/subscription': { body: { isActive: true, expiresAt: '2027-11-01T00:00:00Z' } },
    'GET /api/home-week': { body: { week: null } },
    'GET /api/readings?limit=3': { body: list.slice(0, 3) },
    [`GET /api/readings?from=${firstDayOfLastDaysAnywhere(90)}`]: { body: list },
  });
  renderWithProviders(<DashboardPage />);
}

const today = firstDayOfLastDays(1);
const yesterday = firstDayOfLastDays(2);

describe('Dashboard: severe guidance', () => {
  it('shows the guidance at once, above the readings, when the newest blood pressure reading is severe', async () => {
    renderDashboard([reading(2, today, { systolic: 185, diastolic: 95 }), reading(1, yesterday)]);
    const panel = await screen.findByRole('region', { name: 'Your latest blood pressure reading' });
    expect(panel).toHaveTextContent(/185\/95 mmHg on \d{2}\/\d{2}\/\d{4} at 8:00 AM/);
    const note = within(panel).getByRole('note');
    expect(note).toHaveTextContent(DEFAULT_GUIDELINE.severe.title);
    for (const step of SEVERE_STEPS) expect(note).toHaveTextContent(step);
    expect(note).toHaveTextContent(DEFAULT_GUIDELINE.severe.source);
    // Near the top: before the recent readings.
    const recent = screen.getByRole('region', { name: 'Recent Readings' });
    expect(panel.compareDocumentPosition(recent) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('looks past readings without blood pressure to the newest one with it', async () => {
    renderDashboard([
      reading(4, today, { systolic: null, diastolic: null, weight: 170 }),
      reading(3, today, { systolic: null, diastolic: null, bloodSugar: 99 }),
      reading(2, today, { systolic: null, diastolic: null, heartRate: 64 }),
      reading(1, yesterday, { systolic: 172, diastolic: 124 }),
    ]);
    expect(await screen.findByRole('region', { name: 'Your latest blood pressure reading' })).toHaveTextContent('172/124 mmHg');
  });

  it('does not raise an old severe reading as an emergency', async () => {
    const threeDaysAgo = firstDayOfLastDays(3);
    renderDashboard([reading(1, threeDaysAgo, { systolic: 190, diastolic: 100 })]);
    expect(await screen.findByRole('table')).toBeInTheDocument();
    expect(screen.queryByText(DEFAULT_GUIDELINE.severe.title)).not.toBeInTheDocument();
  });

  it('shows nothing when the newest blood pressure reading is not severe, even after a severe one', async () => {
    renderDashboard([reading(2, today, { systolic: 180, diastolic: 120 }), reading(1, yesterday, { systolic: 190, diastolic: 100 })]);
    expect(await screen.findByRole('table')).toBeInTheDocument();
    expect(screen.queryByText(DEFAULT_GUIDELINE.severe.title)).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Your latest blood pressure reading' })).not.toBeInTheDocument();
  });
});

describe('Dashboard: guided measurements in the recent readings', () => {
  it('marks a session and expands it to its readings', async () => {
    renderDashboard([reading(1, today, { systolic: 134, diastolic: 86, heartRate: 71, session: threeReadingSession })]);
    const table = await screen.findByRole('table');
    const toggle = within(table).getByRole('button', { name: 'Guided · 3 readings · Morning · rest skipped' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await userEvent.setup().click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const panel = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(within(panel).getAllByRole('listitem')).toHaveLength(3);
    expect(panel).toHaveTextContent('Reading 1');
    expect(panel).toHaveTextContent('138/88 mmHg');
  });
});

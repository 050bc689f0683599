import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../testing/fetchMock';
import { setPresenceCookie } from '../../testing/fixtures';
import { renderWithProviders } from '../../testing/render';
import { DEFAULT_GUIDELINE, RULE_MESSAGES, SEVERE_STEPS } from '../../lib/readingRules';
import RecordVitalsPage from './pages/RecordVitalsPage';

afterEach(() => {
  vi.unstubAllGlobals();
});

async function typeBp(systolic: string, diastolic: string): Promise<void> {
  setPresenceCookie();
  mockFetch({
    'GET /api/user/preferences': { body: { weightUnit: 'lbs', bloodSugarUnit: 'mg/dL', emailReminders: false, weeklyReports: false } },
    'GET /api/user/subscription': { body: { isActive: true, expiresAt: '2027-11-01T00:00:00Z' } },
  });
  renderWithProviders(<RecordVitalsPage />, { route: '/vitals', path: '/vitals' });
  const user = userEvent.setup();
  const systolicInput = await screen.findByLabelText('Systolic (mmHg)');
  if (systolic !== '') await user.type(systolicInput, systolic);
  if (diastolic !== '') await user.type(screen.getByLabelText('Diastolic (mmHg)'), diastolic);
}

const guidance = (): HTMLElement | null => screen.queryByRole('alert', { name: DEFAULT_GUIDELINE.severe.title });

describe('severe readings on the Record Vitals form', () => {
  it('shows no guidance at 180/120', async () => {
    await typeBp('180', '120');
    expect(screen.getByLabelText('Blood pressure category: Stage 2 (ACC/AHA 2025)')).toBeInTheDocument();
    expect(guidance()).toBeNull();
  });

  it.each([
    ['181', '80'],
    ['150', '121'],
  ])('shows the guidance at %s/%s, and saving stays possible', async (systolic, diastolic) => {
    await typeBp(systolic, diastolic);
    const panel = guidance();
    expect(panel).not.toBeNull();
    for (const step of SEVERE_STEPS) expect(panel).toHaveTextContent(step);
    expect(panel).toHaveTextContent(DEFAULT_GUIDELINE.severe.source);
    expect(screen.getByRole('button', { name: 'Save Reading' })).toBeEnabled();
  });

  // Issue 35: the AHA's "higher than 180 and/or higher than 120": either number alone.
  it.each([
    ['200', ''],
    ['', '125'],
  ])('shows the guidance for %s/%s, one number alone', async (systolic, diastolic) => {
    await typeBp(systolic, diastolic);
    expect(guidance()).not.toBeNull();
    expect(screen.getByLabelText('Blood pressure category: Hypertensive Crisis (ACC/AHA 2025)')).toBeInTheDocument();
  });

  it('names a one-number category as a floor, and none below Stage 1', async () => {
    await typeBp('145', '');
    expect(screen.getByLabelText('Blood pressure category: Stage 2 or higher (ACC/AHA 2025)')).toBeInTheDocument();
    expect(guidance()).toBeNull();
    await userEvent.setup().clear(screen.getByLabelText('Systolic (mmHg)'));
    await userEvent.setup().type(screen.getByLabelText('Systolic (mmHg)'), '125');
    expect(screen.getByText('Enter both numbers to see the blood pressure category.')).toBeInTheDocument();
  });

  it('hides the guidance again when the numbers come down', async () => {
    await typeBp('181', '80');
    expect(guidance()).not.toBeNull();
    await userEvent.setup().type(screen.getByLabelText('Systolic (mmHg)'), '{Backspace}0');
    expect(screen.getByLabelText('Systolic (mmHg)')).toHaveValue(180);
    expect(guidance()).toBeNull();
  });
});

describe('editing a guided measurement', () => {
  it('shows its blood pressure and heart rate read-only, with why and the readings', async () => {
    setPresenceCookie();
    mockFetch({
      'GET /api/user/preferences': { body: { weightUnit: 'lbs', bloodSugarUnit: 'mg/dL', emailReminders: false, weeklyReports: false } },
      'GET /api/user/subscription': { body: { isActive: true, expiresAt: '2027-11-01T00:00:00Z' } },
      'GET /api/readings/12': {
        body: {
          id: 12,
          date: '2026-11-20',
          time: '07:35',
          systolic: 131,
          diastolic: 83,
          heartRate: 70,
          weight: null,
          bloodSugar: null,
          notes: null,
          source: 'manual',
          device: null,
          flags: [],
          original: null,
          session: {
            period: 'morning',
            restSkipped: false,
            readings: [
              { time: '07:35', systolic: 132, diastolic: 84, heartRate: 70 },
              { time: '07:36', systolic: 129, diastolic: 81, heartRate: null },
            ],
          },
        },
      },
    });
    renderWithProviders(<RecordVitalsPage />, { route: '/vitals?edit=12', path: '/vitals' });
    const systolic = await screen.findByLabelText('Systolic (mmHg)');
    expect(systolic).toHaveValue(131);
    for (const label of ['Systolic (mmHg)', 'Diastolic (mmHg)', 'Heart rate (bpm)']) {
      const input = screen.getByLabelText(label);
      expect(input).toHaveAttribute('readonly');
      expect(input).toHaveAccessibleDescription(expect.stringContaining(RULE_MESSAGES.sessionLocked));
    }
    expect(screen.getByLabelText('Weight (lbs)')).not.toHaveAttribute('readonly');
    expect(screen.getByText('Guided measurement · 2 readings')).toBeInTheDocument();
    expect(screen.getByRole('list', { name: "The measurement's readings" })).toHaveTextContent('7:35 AM: 132/84 mmHg, 70 bpm7:36 AM: 129/81 mmHg');
    expect(screen.queryByRole('navigation', { name: 'How to record' })).toBeNull();
  });

  it('leaves a single reading editable', async () => {
    await typeBp('120', '80');
    expect(screen.getByLabelText('Systolic (mmHg)')).not.toHaveAttribute('readonly');
    expect(screen.getByRole('link', { name: 'Guided measurement' })).toHaveAttribute('href', '/vitals/guided');
  });
});

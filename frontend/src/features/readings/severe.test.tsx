import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '../../testing/fetchMock';
import { setPresenceCookie } from '../../testing/fixtures';
import { renderWithProviders } from '../../testing/render';
import { SEVERE_GUIDANCE } from '../../lib/readingRules';
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
  await user.type(await screen.findByLabelText('Systolic (mmHg)'), systolic);
  await user.type(screen.getByLabelText('Diastolic (mmHg)'), diastolic);
}

const guidance = (): HTMLElement | null => screen.queryByRole('alert', { name: SEVERE_GUIDANCE.title });

describe('severe readings on the Record Vitals form', () => {
  it('shows no guidance at 180/120', async () => {
    await typeBp('180', '120');
    expect(screen.getByLabelText('Blood pressure category: Stage 2')).toBeInTheDocument();
    expect(guidance()).toBeNull();
  });

  it.each([
    ['181', '80'],
    ['150', '121'],
  ])('shows the guidance at %s/%s, and saving stays possible', async (systolic, diastolic) => {
    await typeBp(systolic, diastolic);
    const panel = guidance();
    expect(panel).not.toBeNull();
    for (const step of SEVERE_GUIDANCE.steps) expect(panel).toHaveTextContent(step);
    expect(panel).toHaveTextContent(SEVERE_GUIDANCE.source);
    expect(screen.getByRole('button', { name: 'Save Reading' })).toBeEnabled();
  });

  it('hides the guidance again when the numbers come down', async () => {
    await typeBp('181', '80');
    expect(guidance()).not.toBeNull();
    await userEvent.setup().type(screen.getByLabelText('Systolic (mmHg)'), '{Backspace}0');
    expect(screen.getByLabelText('Systolic (mmHg)')).toHaveValue(180);
    expect(guidance()).toBeNull();
  });
});

import { Route } from 'react-router-dom';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { mockFetch, type MockResponse, type RecordedCall } from '../../testing/fetchMock';
import { aliceUser, setPresenceCookie } from '../../testing/fixtures';
import { renderWithProviders } from '../../testing/render';
import { DEFAULT_GUIDELINE, GUIDED } from '../../lib/readingRules';
import GuidedMeasurementPage from './pages/GuidedMeasurementPage';

// The countdowns read Date.now and tick on setInterval: every timer is faked, and the
// testing library's waits advance the fake clock (it does so when it sees a `jest` global).
beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date(2026, 10, 24, 7, 30, 0));
  vi.stubGlobal('jest', { advanceTimersByTime: (ms: number) => vi.advanceTimersByTime(ms) });
});

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const active: MockResponse = { body: { isActive: true, expiresAt: '2027-11-01T00:00:00Z' } };

function serve(post: MockResponse | ((call: RecordedCall) => MockResponse) = { status: 201, body: { id: 40 } }): RecordedCall[] {
  setPresenceCookie();
  return mockFetch({
    'GET /api/user': { body: aliceUser },
    'GET /api/user/subscription': active,
    'POST /api/bp-sessions': post,
  }).calls;
}

function renderGuided(): ReturnType<typeof renderWithProviders> {
  return renderWithProviders(<GuidedMeasurementPage />, {
    route: '/vitals/guided',
    path: '/vitals/guided',
    extraRoutes: <Route path="/" element={<p>dashboard page</p>} />,
  });
}

const seconds = (s: number): void => {
  act(() => {
    vi.advanceTimersByTime(s * 1000);
  });
};

const setupUser = (): UserEvent => userEvent.setup({ advanceTimers: (ms) => vi.advanceTimersByTime(ms) });
const timer = (): HTMLElement => screen.getByRole('timer');
const heading = (name: string | RegExp): Promise<HTMLElement> => screen.findByRole('heading', { level: 2, name });
const average = (): HTMLElement => screen.getByText(/^\d+\/\d+/, { selector: '.guided-average-values' });
const guidance = (): HTMLElement | null => screen.queryByRole('alert', { name: DEFAULT_GUIDELINE.severe.title });

async function enter(user: UserEvent, n: number, systolic: string, diastolic: string, heartRate = ''): Promise<void> {
  const form = await screen.findByRole('form', { name: `Reading ${n}` });
  const box = within(form);
  await user.type(box.getByLabelText('Systolic (mmHg)'), systolic);
  await user.type(box.getByLabelText('Diastolic (mmHg)'), diastolic);
  if (heartRate) await user.type(box.getByLabelText('Heart rate (bpm, optional)'), heartRate);
  await user.click(box.getByRole('button', { name: `Confirm reading ${n}` }));
}

describe('guided measurement', () => {
  it('goes from the checklist through the rest and two readings a minute apart to the saved session', async () => {
    const calls = serve();
    renderGuided();
    const user = setupUser();

    await heading('Get ready');
    expect(screen.getAllByRole('checkbox')).toHaveLength(GUIDED.checklist.length);
    await user.click(screen.getByRole('checkbox', { name: GUIDED.checklist[0] }));
    await user.click(screen.getByRole('checkbox', { name: GUIDED.checklist[1] }));
    expect(screen.getByText(`2 of ${GUIDED.checklist.length} checked`)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Start the 5-minute rest' }));

    expect(await heading('Rest for 5 minutes')).toHaveFocus();
    expect(timer()).toHaveTextContent('5:00');
    expect(screen.getByText('5 minutes left')).toBeInTheDocument();
    seconds(61);
    expect(timer()).toHaveTextContent('3:59');
    expect(screen.getByText('4 minutes left')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Take reading 1' })).toBeNull();
    seconds(239);
    expect(timer()).toHaveTextContent('0:00');
    expect(screen.getByText('Rest complete. Take your first reading now.', { selector: '[aria-live]' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Take reading 1' }));

    expect(await heading('Reading 1 of 2')).toHaveFocus();
    await enter(user, 1, '132', '84', '70');

    await heading('Reading 2 of 2');
    expect(timer()).toHaveTextContent('1:00');
    expect(screen.queryByRole('form', { name: 'Reading 2' })).toBeNull();
    seconds(30);
    expect(timer()).toHaveTextContent('0:30');
    expect(screen.getByText('30 seconds left')).toBeInTheDocument();
    seconds(30);
    expect(screen.getByText('Take reading 2 now.')).toBeInTheDocument();
    await enter(user, 2, '129', '81');

    expect(await heading('Review and save')).toHaveFocus();
    const readings = within(screen.getByRole('list', { name: 'Readings' })).getAllByRole('listitem');
    expect(readings[0]).toHaveTextContent('Reading 1 7:35 AM132/84 mmHgHeart rate 70 bpm');
    expect(readings[1]).toHaveTextContent('Reading 2 7:36 AM129/81 mmHg');
    // (132+129)/2 = 130.5 and (84+81)/2 = 82.5 round half up, as the server's rounded_mean.
    expect(average()).toHaveTextContent('131/83 mmHg · 70 bpm');
    expect(screen.getByRole('radio', { name: 'Morning' })).toBeChecked();
    expect(screen.getByText(/Chosen from the time of the first reading \(7:35 AM\)/)).toBeInTheDocument();
    expect(screen.queryByText(/The rest was skipped/)).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Save measurement' }));
    expect(await screen.findByText('dashboard page')).toBeInTheDocument();
    expect(screen.getByText('Measurement saved')).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      date: '2026-11-24',
      time: '07:35',
      period: 'morning',
      restSkipped: false,
      readings: [
        { time: '07:35', systolic: 132, diastolic: 84, heartRate: 70 },
        { time: '07:36', systolic: 129, diastolic: 81, heartRate: null },
      ],
    });
    expect(window.sessionStorage.length).toBe(0);
  });

  it('records a skipped rest, a third reading and a changed period', async () => {
    vi.setSystemTime(new Date(2026, 10, 24, 11, 58, 0));
    const calls = serve();
    renderGuided();
    const user = setupUser();
    await user.click(await screen.findByRole('button', { name: 'Start the 5-minute rest' }));
    seconds(20);
    seconds(1); // a skip this soon after the step began would be the same tap twice
    await user.click(screen.getByRole('button', { name: 'Skip the rest' }));
    await enter(user, 1, '140', '90');
    seconds(1); // a skip this soon after the step began would be the same tap twice
    await user.click(await screen.findByRole('button', { name: 'Measure now' }));
    await enter(user, 2, '136', '88');
    await heading('Review and save');
    expect(screen.getByText('The rest was skipped; the measurement notes it.')).toBeInTheDocument();

    seconds(30);
    await user.click(screen.getByRole('button', { name: 'Add reading 3' }));
    await heading('Reading 3 of 3');
    expect(timer()).toHaveTextContent('0:30');
    seconds(30);
    await enter(user, 3, '131', '85', '66');
    await heading('Review and save');
    expect(screen.queryByRole('button', { name: 'Add reading 3' })).toBeNull();
    // (140+136+131)/3 = 135.67 -> 136; (90+88+85)/3 = 87.67 -> 88.
    expect(average()).toHaveTextContent('136/88 mmHg · 66 bpm');
    // 11:58 is a morning reading; the user says it was the evening's.
    expect(screen.getByRole('radio', { name: 'Morning' })).toBeChecked();
    await user.click(screen.getByRole('radio', { name: 'Evening' }));
    await user.click(screen.getByRole('button', { name: 'Save measurement' }));
    await screen.findByText('dashboard page');
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({
      date: '2026-11-24',
      time: '11:58',
      period: 'evening',
      restSkipped: true,
      readings: [
        { time: '11:58', systolic: 140, diastolic: 90, heartRate: null },
        { time: '11:58', systolic: 136, diastolic: 88, heartRate: null },
        { time: '11:59', systolic: 131, diastolic: 85, heartRate: 66 },
      ],
    });
  });

  it('loses nothing on a reload: the step, the ticks, the rest already spent and what was typed', async () => {
    serve();
    const user = setupUser();
    const ticked = renderGuided();
    await user.click(await screen.findByRole('checkbox', { name: GUIDED.checklist[2] }));
    ticked.unmount();

    const first = renderGuided();
    expect(await screen.findByRole('checkbox', { name: GUIDED.checklist[2] })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: GUIDED.checklist[1] })).not.toBeChecked();
    await user.click(screen.getByRole('button', { name: 'Start the 5-minute rest' }));
    seconds(100);
    first.unmount();
    seconds(50);

    const second = renderGuided();
    await heading('Rest for 5 minutes');
    expect(timer()).toHaveTextContent('2:30');
    seconds(150);
    await user.click(screen.getByRole('button', { name: 'Take reading 1' }));
    await user.type(await screen.findByLabelText('Systolic (mmHg)'), '141');
    second.unmount();

    renderGuided();
    expect(await screen.findByLabelText('Systolic (mmHg)')).toHaveValue(141);
    expect(screen.getByRole('heading', { level: 2, name: 'Reading 1 of 2' })).toBeInTheDocument();
    // Start over (confirmed) discards it all.
    await user.click(screen.getByRole('button', { name: 'Start over' }));
    await user.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Start over' }));
    await heading('Get ready');
    expect(screen.getByRole('checkbox', { name: GUIDED.checklist[2] })).not.toBeChecked();
    expect(window.sessionStorage.length).toBe(0);
  });

  it('checks each reading as the plain form does and shows the severe guidance as the numbers are typed', async () => {
    serve();
    renderGuided();
    const user = setupUser();
    await user.click(await screen.findByRole('button', { name: 'Start the 5-minute rest' }));
    seconds(1); // a skip this soon after the step began would be the same tap twice
    await user.click(screen.getByRole('button', { name: 'Skip the rest' }));
    await user.click(await screen.findByRole('button', { name: 'Confirm reading 1' }));
    expect(await screen.findAllByText('Enter systolic and diastolic for each reading')).toHaveLength(2);
    const systolic = screen.getByLabelText('Systolic (mmHg)');
    const diastolic = screen.getByLabelText('Diastolic (mmHg)');
    await user.type(systolic, '69');
    expect(await screen.findByText('Systolic must be at least 70')).toBeInTheDocument();

    await user.clear(systolic);
    await user.type(systolic, '181');
    await user.type(diastolic, '80');
    await waitFor(() => expect(guidance()).not.toBeNull());
    // 180/120 is the highest pair that is not severe.
    await user.clear(systolic);
    await user.type(systolic, '180');
    await user.clear(diastolic);
    await user.type(diastolic, '120');
    await waitFor(() => expect(guidance()).toBeNull());
    expect(systolic).toHaveValue(180);
    expect(diastolic).toHaveValue(120);
    await user.clear(systolic);
    await user.type(systolic, '150');
    await user.clear(diastolic);
    await user.type(diastolic, '121');
    await waitFor(() => expect(guidance()).not.toBeNull());
    await user.click(screen.getByRole('button', { name: 'Confirm reading 1' }));
    await heading('Reading 2 of 2');
  });

  it('shows the guidance for a severe average on the review, and saving stays possible', async () => {
    serve();
    renderGuided();
    const user = setupUser();
    await user.click(await screen.findByRole('button', { name: 'Start the 5-minute rest' }));
    seconds(1); // a skip this soon after the step began would be the same tap twice
    await user.click(screen.getByRole('button', { name: 'Skip the rest' }));
    await enter(user, 1, '185', '95');
    seconds(1); // a skip this soon after the step began would be the same tap twice
    await user.click(await screen.findByRole('button', { name: 'Measure now' }));
    await enter(user, 2, '178', '95');
    await heading('Review and save');
    // (185+178)/2 = 181.5 -> 182: above 180.
    expect(average()).toHaveTextContent(/^182\/95 mmHg$/);
    expect(guidance()).not.toBeNull();
    expect(screen.getByRole('button', { name: 'Save measurement' })).toBeEnabled();
  });

  it('sends one measurement however fast Save is tapped twice', async () => {
    const calls = serve();
    renderGuided();
    const user = setupUser();
    await user.click(await screen.findByRole('button', { name: 'Start the 5-minute rest' }));
    seconds(1);
    await user.click(screen.getByRole('button', { name: 'Skip the rest' }));
    await enter(user, 1, '131', '81');
    seconds(1);
    await user.click(await screen.findByRole('button', { name: 'Measure now' }));
    await enter(user, 2, '133', '83');
    await heading('Review and save');
    const save = screen.getByRole('button', { name: 'Save measurement' });
    act(() => {
      save.click();
      save.click();
    });
    expect(await screen.findByText('dashboard page')).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST' && c.url.endsWith('/api/bp-sessions'))).toHaveLength(1);
  });

  it("shows the server's field errors beside the readings and in the edited reading", async () => {
    serve({
      status: 422,
      body: {
        message: 'Validation failed',
        errors: { 'readings.1.diastolic': 'Diastolic must be lower than systolic', period: 'Period must be morning or evening' },
      },
    });
    renderGuided();
    const user = setupUser();
    await user.click(await screen.findByRole('button', { name: 'Start the 5-minute rest' }));
    seconds(1); // a skip this soon after the step began would be the same tap twice
    await user.click(screen.getByRole('button', { name: 'Skip the rest' }));
    await enter(user, 1, '130', '85');
    seconds(1); // a skip this soon after the step began would be the same tap twice
    await user.click(await screen.findByRole('button', { name: 'Measure now' }));
    await enter(user, 2, '128', '84');
    await user.click(await screen.findByRole('button', { name: 'Save measurement' }));

    expect(await screen.findByText('Failed to record vitals. Please try again.')).toBeInTheDocument();
    const alerts = screen.getAllByRole('alert');
    expect(alerts.some((a) => a.textContent === 'Period must be morning or evening')).toBe(true);
    const second = within(screen.getByRole('list', { name: 'Readings' })).getAllByRole('listitem')[1]!;
    expect(second).toHaveTextContent('Diastolic must be lower than systolic');
    await user.click(screen.getByRole('button', { name: 'Edit reading 2' }));
    expect(await screen.findByLabelText('Diastolic (mmHg)')).toHaveAccessibleDescription('Diastolic must be lower than systolic');
  });

  it('answers 403 with the subscription toast, as the plain form does, and keeps the readings', async () => {
    serve({ status: 403, body: { code: 'subscription_required', message: 'Subscription Required' } });
    renderGuided();
    const user = setupUser();
    await user.click(await screen.findByRole('button', { name: 'Start the 5-minute rest' }));
    seconds(1); // a skip this soon after the step began would be the same tap twice
    await user.click(screen.getByRole('button', { name: 'Skip the rest' }));
    await enter(user, 1, '130', '85');
    seconds(1); // a skip this soon after the step began would be the same tap twice
    await user.click(await screen.findByRole('button', { name: 'Measure now' }));
    await enter(user, 2, '128', '84');
    await user.click(await screen.findByRole('button', { name: 'Save measurement' }));
    expect(await screen.findByText('Subscription Required')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Subscribe Now' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Review and save' })).toBeInTheDocument();
    expect(window.sessionStorage.length).toBe(1);
  });
});

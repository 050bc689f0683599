// The guided measurement (issue 15) in a real browser against the real server, with the page's
// clock controlled (no real five-minute wait), and the severe-reading guidance on the form.
import type { Page } from '@playwright/test';
import { expect, expectNoAxeViolations, test } from './fixtures';
import { isoDate, subscribedUserWithReadings } from './readings-fixtures';
import { shotPath } from './vitalog-server';

const SEVERE_TITLE = 'This reading is very high (above 180/120)';

/** Yesterday at hh:mm, the browser's local time (a guided measurement's readings are never in the future). */
function yesterdayAt(hours: number, minutes: number): Date {
  const now = new Date();
  return new Date(now.getFullYear(), now.getMonth(), now.getDate() - 1, hours, minutes, 0);
}

const heading = (page: Page, name: string) => page.getByRole('heading', { level: 2, name });

/**
 * Reloads with the page clock running (React reveals lazily loaded screens on a timer, which a
 * paused clock would hold back), then pauses it again at `at`: what the screen shows next is
 * exact whatever the reload took.
 */
async function reloadThenPauseAt(page: Page, at: Date): Promise<void> {
  await page.clock.resume();
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Guided measurement' })).toBeVisible();
  await page.clock.pauseAt(at);
}

/** Types one reading into its form and confirms it. */
async function enterReading(page: Page, n: number, systolic: string, diastolic: string, heartRate?: string): Promise<void> {
  const form = page.getByRole('form', { name: `Reading ${n}` });
  await form.getByLabel('Systolic (mmHg)').fill(systolic);
  await form.getByLabel('Diastolic (mmHg)').fill(diastolic);
  if (heartRate !== undefined) await form.getByLabel('Heart rate (bpm, optional)').fill(heartRate);
  await form.getByRole('button', { name: `Confirm reading ${n}` }).click();
}

test('a full guided measurement: checklist, rest (survives a reload), two readings a minute apart, saved as one session', async ({
  page,
  request,
  mailbox,
}) => {
  await subscribedUserWithReadings(page, request, mailbox, 0, 'guided');
  const start = yesterdayAt(7, 30);
  await page.clock.install({ time: new Date(start.getTime() - 60_000) });
  await page.goto('/vitals');
  await page.getByRole('link', { name: 'Guided measurement' }).click();
  await expect(page).toHaveURL('/vitals/guided');
  await expect(heading(page, 'Get ready')).toBeVisible();
  await page.clock.pauseAt(start);

  await expect(heading(page, 'Get ready')).toBeVisible();
  await page.getByRole('checkbox', { name: 'Bladder emptied' }).check();
  await page.getByRole('checkbox', { name: 'Arm resting at heart level' }).check();
  await page.getByRole('button', { name: 'Start the 5-minute rest' }).click();

  await expect(heading(page, 'Rest for 5 minutes')).toBeFocused();
  await expect(page.getByRole('timer')).toHaveText('5:00');
  await page.clock.runFor(120_000);
  await expect(page.getByRole('timer')).toHaveText('3:00');
  await expect(page.getByRole('button', { name: 'Skip the rest' })).toBeVisible();

  // A reload mid-rest loses nothing: the countdown runs from when the rest began.
  await reloadThenPauseAt(page, new Date(start.getTime() + 140_000));
  await expect(heading(page, 'Rest for 5 minutes')).toBeVisible();
  await expect(page.getByRole('timer')).toHaveText('2:40');
  await page.clock.fastForward('02:40');
  await expect(page.getByRole('timer')).toHaveText('0:00');
  await page.getByRole('button', { name: 'Take reading 1' }).click();

  await expect(heading(page, 'Reading 1 of 2')).toBeFocused();
  await enterReading(page, 1, '132', '84', '70');
  await expect(heading(page, 'Reading 2 of 2')).toBeVisible();
  await expect(page.getByRole('timer')).toHaveText('1:00');
  await page.clock.runFor(60_000);
  await enterReading(page, 2, '129', '81');

  await expect(heading(page, 'Review and save')).toBeFocused();
  await expect(page.locator('.guided-average-values')).toHaveText('131/83 mmHg · 70 bpm');
  await expect(page.getByRole('radio', { name: 'Morning' })).toBeChecked();
  await page.getByRole('button', { name: 'Save measurement' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Measurement saved' })).toBeVisible();
  await expect(page).toHaveURL('/');
  // The timed part is over: let the clock run (new pages reveal lazily loaded screens on timers, axe runs on them).
  await page.clock.resume();

  // One reading holds the average; its session keeps each reading.
  const saved = (await (await page.request.get('/api/readings')).json()) as Array<{
    id: number;
    date: string;
    time: string;
    systolic: number;
    diastolic: number;
    heartRate: number | null;
    session: { period: string; restSkipped: boolean; readings: Array<{ time: string; systolic: number }> } | null;
  }>;
  expect(saved).toHaveLength(1);
  const reading = saved[0];
  if (!reading) throw new Error('no reading saved');
  expect(reading).toMatchObject({ date: isoDate(start), time: '07:35', systolic: 131, diastolic: 83, heartRate: 70 });
  expect(reading.session).toMatchObject({
    period: 'morning',
    restSkipped: false,
    readings: [
      { time: '07:35', systolic: 132 },
      { time: '07:36', systolic: 129 },
    ],
  });

  const recent = page.getByRole('region', { name: 'Recent Readings' });
  await expect(recent.getByRole('row').nth(1)).toContainText('131/83 mmHg');
  await page.goto('/history');
  await expect(page.getByRole('row').filter({ hasText: '131/83 mmHg' })).toHaveCount(1);

  // Its edit form keeps the averaged numbers read-only and says why.
  await page.goto(`/vitals?edit=${reading.id}`);
  await expect(page.getByText('Guided measurement · 2 readings')).toBeVisible();
  await expect(page.getByLabel('Systolic (mmHg)')).toHaveAttribute('readonly', '');
  await expect(page.getByLabel('Notes')).toBeEditable();
  await expectNoAxeViolations(page);
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.reload();
    await expect(page.getByLabel('Systolic (mmHg)')).toHaveValue('131');
    await page.screenshot({ path: shotPath(`guided-edit-session-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
  // The rest of it can change: the averages go back as they are, which the server accepts.
  await page.getByLabel('Notes').fill('guided, left arm');
  await page.getByRole('button', { name: 'Update Reading' }).click();
  await expect(page).toHaveURL('/history');
  await expect(page.getByRole('row').filter({ hasText: 'guided, left arm' })).toContainText('131/83 mmHg');
});

test('the severe-reading guidance appears on the form as the numbers are typed, and saving stays possible', async ({
  page,
  request,
  mailbox,
}) => {
  await subscribedUserWithReadings(page, request, mailbox, 0, 'severe');
  await page.goto('/vitals');
  const guidance = page.getByRole('alert').filter({ hasText: SEVERE_TITLE });
  await page.getByLabel('Systolic (mmHg)').fill('180');
  await page.getByLabel('Diastolic (mmHg)').fill('120');
  await expect(page.getByLabel('Blood pressure category: Stage 2 (ACC/AHA 2025)')).toBeVisible();
  await expect(guidance).toHaveCount(0);
  await page.getByLabel('Diastolic (mmHg)').fill('121');
  await expect(guidance).toBeVisible();
  await expect(guidance).toContainText('call emergency services');
  await expectNoAxeViolations(page);
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.reload();
    await page.getByLabel('Systolic (mmHg)').fill('180');
    await page.getByLabel('Diastolic (mmHg)').fill('121');
    await guidance.scrollIntoViewIfNeeded();
    await page.screenshot({ path: shotPath(`guided-severe-form-${width}.png`) });
  }
  await page.getByRole('button', { name: 'Save Reading' }).click();
  await expect(page).toHaveURL('/');
  await expect(page.getByRole('region', { name: 'Recent Readings' })).toContainText('180/121 mmHg');
});

test('every guided step at 375 and 1280 px: no axe violations, screenshots', async ({ page, request, mailbox }) => {
  await subscribedUserWithReadings(page, request, mailbox, 0, 'gshots');
  const start = yesterdayAt(19, 10);
  await page.clock.install({ time: new Date(start.getTime() - 60_000) });
  // The clock runs (axe needs timers); the test jumps it forward instead of waiting.
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.goto('/vitals/guided');
    const shot = async (step: string): Promise<void> => {
      await expectNoAxeViolations(page);
      await page.screenshot({ path: shotPath(`guided-${step}-${width}.png`) });
    };
    await expect(heading(page, 'Get ready')).toBeVisible();
    await page.getByRole('checkbox', { name: 'Bladder emptied' }).check();
    await shot('1-prepare');
    await page.getByRole('button', { name: 'Start the 5-minute rest' }).click();
    await page.clock.fastForward(75_000);
    await expect(page.getByRole('timer')).toHaveText(/^3:4\d$/);
    await shot('2-rest');
    await page.clock.fastForward(240_000);
    await expect(page.getByRole('timer')).toHaveText('0:00');
    // "Skip the rest" has just become "Take reading 1" and fades from secondary to primary.
    // Held mid-fade (its contrast then fails) for ~0.75 s, so the axe check below proves that
    // expectNoAxeViolations waits for the fade instead of racing it, as it once did in CI.
    await page.evaluate(() =>
      document.getAnimations().forEach((a) => {
        a.currentTime = 75;
        a.playbackRate = 0.1;
      }),
    );
    await shot('3-rest-done');
    await page.getByRole('button', { name: 'Take reading 1' }).click();
    const first = page.getByRole('form', { name: 'Reading 1' });
    await first.getByLabel('Systolic (mmHg)').fill('186');
    await first.getByLabel('Diastolic (mmHg)').fill('96');
    await expect(page.getByRole('alert').filter({ hasText: SEVERE_TITLE })).toBeVisible();
    await shot('4-reading-severe');
    await first.getByRole('button', { name: 'Confirm reading 1' }).click();
    await page.clock.fastForward(20_000);
    await expect(page.getByRole('timer')).toHaveText(/^0:[34]\d$/);
    await shot('5-wait');
    await page.getByRole('button', { name: 'Measure now' }).click();
    await enterReading(page, 2, '178', '94', '72');
    await expect(heading(page, 'Review and save')).toBeVisible();
    await expect(page.getByRole('radio', { name: 'Evening' })).toBeChecked();
    await shot('6-review');
    await page.screenshot({ path: shotPath(`guided-6-review-full-${width}.png`), fullPage: true });
    // Start over (confirmed) for the next width.
    await page.getByRole('button', { name: 'Start over' }).click();
    await page.getByRole('alertdialog').getByRole('button', { name: 'Start over' }).click();
    await expect(heading(page, 'Get ready')).toBeVisible();
  }
});

// Recording offline (issue 19): readings kept on the device, an offline reload (the service
// worker's shell), sent once each when back online, refusals kept with the server's message,
// the sign-out warning, and no duplicates from a double click, two tabs or a lost answer.
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, loginThroughUi, test, verifiedAccount } from './fixtures';
import { subscribe } from './readings-fixtures';
import { shotPath } from './vitalog-server';

interface ServerReading {
  id: number;
  systolic: number | null;
  diastolic: number | null;
  heartRate: number | null;
}

async function serverReadings(request: APIRequestContext): Promise<ServerReading[]> {
  const res = await request.get('/api/readings');
  expect(res.status(), await res.text()).toBe(200);
  return (await res.json()) as ServerReading[];
}

/**
 * Reloads (the app then knows the subscription as it is now) and waits until the service
 * worker controls the page (a reload offline is answered by it).
 */
async function controlledByServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    await navigator.serviceWorker.ready;
  });
  await page.reload();
  await expect.poll(() => page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
}

/** Records a reading through the form (from the menu) and expects it kept on this device. */
async function recordOffline(page: Page, systolic: number, diastolic: number, heartRate: number, notes: string): Promise<void> {
  await page.getByRole('link', { name: 'Record Vitals' }).first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Record Vitals' })).toBeVisible();
  await page.getByLabel('Systolic (mmHg)').fill(String(systolic));
  await page.getByLabel('Diastolic (mmHg)').fill(String(diastolic));
  await page.getByLabel('Heart rate (bpm)').fill(String(heartRate));
  await page.getByLabel('Notes').fill(notes);
  await page.getByRole('button', { name: 'Save Reading' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved on this device' })).toBeVisible();
  await expect(page).toHaveURL('/');
}

const queueCard = (page: Page) => page.getByRole('region', { name: /Not yet sent/ });

/** Screenshots at 1280 and 375 px without reloading (the page may be offline). */
async function shots(page: Page, name: string): Promise<void> {
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    await page.evaluate(() => window.scrollTo(0, 0));
    await page.screenshot({ path: shotPath(`offline-${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}

test('three readings recorded offline survive an offline reload and reach the server once each', async ({
  page,
  context,
  request,
  mailbox,
}) => {
  const account = await verifiedAccount(request, mailbox, 'off');
  await loginThroughUi(page, account);
  await subscribe(page.request);
  await controlledByServiceWorker(page);

  await context.setOffline(true);
  await recordOffline(page, 121, 81, 61, 'offline one');
  await recordOffline(page, 122, 82, 62, 'offline two');
  await recordOffline(page, 123, 83, 63, 'offline three');
  await expect(queueCard(page).getByText('Waiting to sync')).toHaveCount(3);

  // The app opens offline from the kept profile, and the queue survived.
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await expect(page.getByText(account.username)).toBeVisible();
  await expect(queueCard(page).getByText('Waiting to sync')).toHaveCount(3);
  await shots(page, 'dashboard-queued');

  // Editable while queued: the second one's heart rate.
  await queueCard(page).getByRole('button', { name: /^Edit unsent reading of .* / }).nth(1).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Edit Reading' })).toBeVisible();
  await expect(page.getByLabel('Notes')).toHaveValue('offline two');
  await page.getByLabel('Heart rate (bpm)').fill('72');
  await page.getByRole('button', { name: 'Update Reading' }).click();
  await expect(page).toHaveURL('/history');
  await expect(queueCard(page).getByRole('row').filter({ hasText: '72 bpm' })).toBeVisible();
  await shots(page, 'history-queued');

  // The guided measurement says it needs a connection.
  await page.getByRole('link', { name: 'Record Vitals' }).first().click();
  await page.getByRole('link', { name: /Guided/ }).first().click();
  await expect(page.getByText('The guided measurement needs a connection')).toBeVisible();

  await context.setOffline(false);
  await page.getByRole('link', { name: 'Dashboard' }).first().click();
  // The server is asked, not the page: the shell re-checks the session on reconnect.
  await expect
    .poll(async () => (await serverReadings(page.request)).map((r) => [r.systolic, r.diastolic, r.heartRate]).sort(), {
      timeout: 20_000,
    })
    .toEqual([
    [121, 81, 61],
    [122, 82, 72],
    [123, 83, 63],
    ]);
  await expect(queueCard(page)).toHaveCount(0);
  // And the lists show them, from the server.
  await expect(page.getByRole('region', { name: 'Recent Readings' }).getByText('123/83 mmHg')).toBeVisible();
});

test('a reading the server refuses stays with its message; the sign-out warns; Discard removes it', async ({
  page,
  context,
  request,
  mailbox,
}) => {
  // No subscription: offline the app cannot know it, the server refuses the reading.
  const account = await verifiedAccount(request, mailbox, 'refused');
  await loginThroughUi(page, account);
  await controlledByServiceWorker(page);
  await context.setOffline(true);
  await page.reload();
  await expect(page.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeVisible();
  await recordOffline(page, 131, 85, 70, 'refused one');
  await context.setOffline(false);

  const card = queueCard(page);
  await expect(card.getByText('Not accepted', { exact: true })).toBeVisible({ timeout: 20_000 });
  await expect(card).toContainText('The server did not accept this reading: Subscription Required');
  await shots(page, 'dashboard-refused');

  // Fix opens the form with the server's message.
  await card.getByRole('button', { name: /^Fix unsent reading/ }).click();
  await expect(page.getByRole('form', { name: 'Edit Reading' }).getByRole('alert')).toHaveText('Subscription Required');
  await expect(page.getByLabel('Notes')).toHaveValue('refused one');
  await page.getByRole('button', { name: 'Cancel' }).click();
  await expect(page).toHaveURL('/history');
  await expect(queueCard(page).getByText('Not accepted', { exact: true })).toBeVisible();

  // Signing out warns before discarding it.
  await page.getByRole('button', { name: 'Logout' }).click();
  const warning = page.getByRole('alertdialog', { name: 'Unsent readings' });
  await expect(warning).toContainText('1 reading on this device has not been sent. Sign out and discard it?');
  await shots(page, 'signout-warning');
  await warning.getByRole('button', { name: 'Cancel' }).click();

  await queueCard(page).getByRole('button', { name: /^Discard unsent reading/ }).click();
  await page.getByRole('alertdialog', { name: 'Discard this reading?' }).getByRole('button', { name: 'Discard' }).click();
  await expect(queueCard(page)).toHaveCount(0);
  expect(await serverReadings(page.request)).toEqual([]);

  // Nothing queued now: sign-out goes at once, and the kept profile goes with it.
  await page.getByRole('button', { name: 'Logout' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  expect(await page.evaluate(() => localStorage.getItem('vitalog.offlineProfile'))).toBeNull();
});

test('no duplicates from a double click or from two tabs sending together', async ({
  page,
  context,
  request,
  mailbox,
}) => {
  const account = await verifiedAccount(request, mailbox, 'dup');
  await loginThroughUi(page, account);
  await subscribe(page.request);
  await controlledByServiceWorker(page);
  const other = await context.newPage();
  await other.goto('/history');
  await expect(other.getByRole('heading', { level: 1, name: 'History' })).toBeVisible();

  await context.setOffline(true);
  // A double click on Save keeps one reading.
  await page.getByRole('link', { name: 'Record Vitals' }).first().click();
  await page.getByLabel('Systolic (mmHg)').fill('141');
  await page.getByLabel('Diastolic (mmHg)').fill('91');
  await page.getByRole('button', { name: 'Save Reading' }).dblclick();
  await expect(page).toHaveURL('/');
  await recordOffline(page, 142, 92, 66, 'second');
  await expect(queueCard(page).getByText('Waiting to sync')).toHaveCount(2);
  // The other tab shows them too (and will race this one to send them).
  await expect(queueCard(other).getByText('Waiting to sync')).toHaveCount(2);

  await context.setOffline(false);
  await expect(queueCard(page)).toHaveCount(0, { timeout: 20_000 });
  await expect(queueCard(other)).toHaveCount(0, { timeout: 20_000 });
  expect((await serverReadings(page.request)).map((r) => r.systolic).sort()).toEqual([141, 142]);
  await other.close();
});

test('an answer lost after the server stored the reading: kept on this device, sent again with its key, stored once', async ({
  page,
  context,
  request,
  mailbox,
}) => {
  const account = await verifiedAccount(request, mailbox, 'lost');
  await loginThroughUi(page, account);
  await subscribe(page.request);
  await controlledByServiceWorker(page);

  let firstAnswer = 0;
  await context.route('**/api/readings', async (route) => {
    if (route.request().method() !== 'POST' || firstAnswer !== 0) return route.fallback();
    const response = await route.fetch();
    firstAnswer = response.status();
    await route.abort('connectionreset');
  });
  await page.getByRole('link', { name: 'Record Vitals' }).first().click();
  await page.getByLabel('Systolic (mmHg)').fill('143');
  await page.getByLabel('Diastolic (mmHg)').fill('93');
  await page.getByRole('button', { name: 'Save Reading' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Saved on this device' })).toBeVisible();
  await expect(queueCard(page)).toHaveCount(0, { timeout: 20_000 });
  expect(firstAnswer).toBe(201);
  expect((await serverReadings(page.request)).map((r) => r.systolic)).toEqual([143]);
});

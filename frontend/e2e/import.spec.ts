// "Bring your history" (issue 18) against the real server, through the Profile's "Your data"
// section: an Apple Health export.zip (written here in Apple's shape) uploaded on a throttled
// connection so the progress bar is seen moving, its preview checked (counts per kind, dates,
// time zone, first rows in the user's units, the skipped row), imported, and found in
// History; an OMRON connect CSV; a spreadsheet in DD/MM with the mapping step, whose mapping
// is remembered for the next file; a date-only spreadsheet whose rows get the time the person
// chose, its weights shown as read (kg) and in their units (lbs); a file with a title line
// above its header (Beurer HealthManager's layout), the header found on line 2 and moved on the
// page (issue 34). Screenshots of the mapping step, the progress and the preview at 1280 and
// 375 px (VITALOG_SHOTS_DIR, or test-results/screenshots), with axe on each.
import type { Locator, Page } from '@playwright/test';
import { expect, expectNoAxeViolations, signIn, test, verifiedAccount } from './fixtures';
import {
  appleHealthExport,
  beurerWeightCsv,
  dayAgo,
  ddmm,
  isoDay,
  kgShownInLbs,
  omronCsv,
  shownDate,
  storedZip,
} from './import-fixtures';
import { setUnits, subscribe } from './readings-fixtures';
import type { Mailbox } from './smtp-sink';
import { reviewShotPath } from './vitalog-server';

const ZONE = 'America/New_York';

// The browser lives where the user does: "last N days" in History are New York's days.
test.use({ timezoneId: ZONE });

function dataSection(page: Page): Locator {
  return page.locator('#profile-data');
}

/** A subscribed user in New York, signed in, on the "Your data" section. */
async function subscribedUser(page: Page, mailbox: Mailbox, prefix: string): Promise<void> {
  const account = await verifiedAccount(page.request, mailbox, prefix);
  await signIn(page, account);
  await subscribe(page.request);
  const prefs = await page.request.patch('/api/user/preferences', { data: { timeZone: ZONE } });
  expect(prefs.status(), await prefs.text()).toBe(200);
}

/** The section as it is, at 1280 and at 375 px (resized, not reloaded), each checked by axe. */
async function shootBothWidths(page: Page, name: string): Promise<void> {
  const section = dataSection(page);
  for (const width of [1280, 375]) {
    await page.setViewportSize({ width, height: width === 375 ? 812 : 900 });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow, `no sideways scrolling at ${width} px (${name})`).toBeLessThanOrEqual(0);
    // The section cut from the whole page scrolled to the top: an element shot of a scrolled
    // page would paint the sticky header over it.
    await page.evaluate(() => window.scrollTo(0, 0));
    const clip = await section.evaluate((el) => {
      const r = el.getBoundingClientRect();
      return { x: r.left + window.scrollX, y: r.top + window.scrollY, width: r.width, height: r.height };
    });
    await page.screenshot({ path: reviewShotPath('data', `import-${name}-${width}`), fullPage: true, clip, animations: 'disabled' });
    await expectNoAxeViolations(page);
  }
  await page.setViewportSize({ width: 1280, height: 900 });
}

/** Rows of a table body as their text. */
async function rowTexts(table: Locator): Promise<string[]> {
  return table.locator('tbody tr').allInnerTexts();
}

test('an Apple Health export.zip: upload progress, reading, preview, import, then History', async ({ page, mailbox }) => {
  test.setTimeout(180_000);
  await subscribedUser(page, mailbox, 'apple');
  await setUnits(page.request, 'kg', 'mmol/L');
  const exported = appleHealthExport(ZONE, 5000);
  const zip = storedZip([
    { name: 'apple_health_export/export.xml', data: Buffer.from(exported.xml, 'utf8') },
    { name: 'apple_health_export/export_cda.xml', data: Buffer.from('<?xml version="1.0"?><ClinicalDocument/>\n') },
  ]);
  expect(zip.length).toBeGreaterThan(2 * 1024 * 1024);

  await page.goto('/profile#profile-data');
  const data = dataSection(page);
  await data.getByLabel('File to import').setInputFiles({ name: 'export.zip', mimeType: 'application/zip', buffer: zip });
  await expect(data.getByText('Detected: Apple Health export.')).toBeVisible();
  await expect(data.getByLabel('Read it as')).toHaveValue('auto');

  // A slow uplink (512 KiB/s): the upload takes seconds, long enough to watch the bar move.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 20,
    downloadThroughput: -1,
    uploadThroughput: 512 * 1024,
  });
  // Every text the progress line shows, kept as it changes: the reading stage may be brief.
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { importTexts: string[] }).importTexts = seen;
    new MutationObserver(() => {
      const text = document.querySelector('.import-progress-text')?.textContent;
      if (text && seen.at(-1) !== text) seen.push(text);
    }).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  await data.getByRole('button', { name: 'Read the file' }).click();
  const bar = data.getByRole('progressbar');
  await expect(bar).toBeVisible();
  await expect(data.getByRole('heading', { name: 'Importing export.zip' })).toBeFocused();
  const total = `${(Math.round((zip.length / (1024 * 1024)) * 10) / 10).toString()} MB`;
  await expect(data.getByText(new RegExp(`^Uploading [\\d.,]+ (KB|MB) of ${total.replace('.', '\\.')}$`))).toBeVisible();
  await expect.poll(async () => Number(await bar.getAttribute('aria-valuenow')), { timeout: 20_000 }).toBeGreaterThan(10);
  await expect(data.getByRole('button', { name: 'Cancel' })).toBeVisible();
  await shootBothWidths(page, 'progress');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });

  const preview = data.getByRole('group', { name: 'Preview of export.zip' });
  await expect(preview).toBeVisible({ timeout: 60_000 });
  const texts = await page.evaluate(() => (window as unknown as { importTexts: string[] }).importTexts);
  expect(texts.some((t) => /^Uploading /.test(t))).toBe(true);
  // The server's reading, as its NDJSON lines arrived: the last one counts what it found.
  expect(texts.filter((t) => t.startsWith('Reading')).at(-1) ?? 'no reading stage seen').toMatch(
    /^Reading the file…$|^Reading: [\d,]+ records? read, [\d,]+ readings? found$/,
  );
  await expect(preview.getByRole('heading', { name: 'Preview of export.zip' })).toBeFocused();
  await expect(preview).toContainText(/Apple Health export: [\d,]+ records read/);
  const summary = preview.getByRole('list', { name: 'Import summary' });
  await expect(summary).toContainText('5 new');
  await expect(summary).toContainText('0 already there');
  await expect(summary).toContainText('1 skipped');
  const kinds = preview.getByRole('list', { name: 'New readings by kind' });
  await expect(kinds.getByRole('listitem')).toHaveText(['Blood pressure 2', 'Heart rate 2', 'Weight 1', 'Blood sugar 1']);
  await expect(preview.getByText(`From ${exported.expected.from} to ${exported.expected.to}`)).toBeVisible();
  await expect(preview.getByText(`Times converted to your time zone, ${ZONE}`)).toBeVisible();
  await expect(preview.getByText('Skipped: 1 out of range')).toBeVisible();

  // The first rows as they will be stored, converted to New York and shown in kg and mmol/L.
  const rows = preview.getByRole('table', { name: /new readings, as they will be stored$/ });
  const shown = await rowTexts(rows);
  expect(shown).toHaveLength(exported.expected.rows.length);
  for (const [i, want] of exported.expected.rows.entries()) {
    const row = (shown[i] ?? '').replace(/\s+/g, ' ');
    expect(row).toContain(want.date);
    expect(row).toContain(want.time);
    expect(row).toMatch(want.text);
  }

  await preview.getByText(/^Rows skipped \(1\)$/).click();
  const skipped = preview.getByRole('table', { name: 'Rows skipped (they will not be imported)' });
  await expect(skipped.locator('tbody tr')).toHaveCount(1);
  await expect(skipped.locator('tbody tr')).toContainText('Out of range');
  await expect(skipped.locator('tbody tr')).toContainText(/Systolic/);
  await shootBothWidths(page, 'preview');

  const committed = page.waitForResponse((r) => /\/api\/data\/imports\/[^/]+\/commit$/.test(r.url()) && r.request().method() === 'POST');
  await preview.getByRole('button', { name: 'Import 5 readings' }).click();
  expect((await committed).status()).toBe(200);
  await expect(page.getByRole('region', { name: 'Notifications' })).toContainText('Readings imported');
  await expect(data.getByText('Import finished')).toBeVisible();
  await expect(data.getByText(/Imported 5 readings/)).toBeVisible();

  await page.getByRole('link', { name: 'History' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'History' })).toBeVisible();
  await expect(page.getByText('Showing 1 to 5 of 5 records')).toBeVisible();
  const history = page.getByRole('table');
  for (const want of exported.expected.rows) {
    await expect(history.getByRole('row').filter({ hasText: want.date }).filter({ hasText: want.time }).first()).toBeVisible();
  }
  await expect(history).toContainText('70.0 kg');
  await expect(history).toContainText('5.5 mmol/L');

  // The same export again adds nothing.
  await page.goto('/profile#profile-data');
  await data.getByLabel('File to import').setInputFiles({ name: 'export.zip', mimeType: 'application/zip', buffer: zip });
  await data.getByRole('button', { name: 'Read the file' }).click();
  await expect(preview.getByRole('list', { name: 'Import summary' })).toContainText('0 new', { timeout: 60_000 });
  await expect(preview.getByRole('list', { name: 'Import summary' })).toContainText('5 already there');
  await expect(preview.getByRole('button', { name: 'Import 0 readings' })).toBeDisabled();
  const discarded = page.waitForResponse((r) => /\/api\/data\/imports\/[^/]+$/.test(r.url()) && r.request().method() === 'DELETE');
  await preview.getByRole('button', { name: 'Cancel' }).click();
  expect((await discarded).status()).toBe(204);
  await expect(data.getByText('Import cancelled')).toBeVisible();
});

test('cancelling an upload stops it and starts again, nothing saved', async ({ page, mailbox }) => {
  await subscribedUser(page, mailbox, 'cancel');
  const zip = storedZip([{ name: 'apple_health_export/export.xml', data: Buffer.from(appleHealthExport(ZONE, 4000).xml, 'utf8') }]);
  await page.goto('/profile#profile-data');
  const data = dataSection(page);
  await data.getByLabel('File to import').setInputFiles({ name: 'export.zip', mimeType: 'application/zip', buffer: zip });
  await expect(data.getByText('Detected: Apple Health export.')).toBeVisible();
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: 128 * 1024 });
  await data.getByRole('button', { name: 'Read the file' }).click();
  await expect(data.getByText(/^Uploading [\d.,]+ (KB|MB) of /)).toBeVisible();
  await data.getByRole('button', { name: 'Cancel' }).click();
  await expect(data.getByText('Import cancelled')).toBeVisible();
  await expect(data.getByRole('progressbar')).toHaveCount(0);
  await expect(data.getByLabel('File to import')).toBeEnabled();
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  const stored = await page.request.get('/api/readings');
  expect(await stored.json()).toEqual([]);
});

test('an OMRON connect CSV: 12-hour times kept as written, a reading out of range skipped', async ({ page, mailbox }) => {
  await subscribedUser(page, mailbox, 'omron');
  const csv = omronCsv([
    [dayAgo(4), '8:05 am', 132, 84, 71, 'after coffee'],
    [dayAgo(3), '12:10 am', 125, 80, 65, '-'],
    [dayAgo(2), '9:30 pm', 300, 80, '-', '-'],
  ]);
  await page.goto('/profile#profile-data');
  const data = dataSection(page);
  await data.getByLabel('File to import').setInputFiles({ name: 'omron-export.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(data.getByText('Detected: OMRON connect CSV.')).toBeVisible();
  await data.getByRole('button', { name: 'Read the file' }).click();
  const preview = data.getByRole('group', { name: 'Preview of omron-export.csv' });
  await expect(preview).toBeVisible();
  await expect(preview).toContainText('OMRON connect CSV: 3 records read');
  const summary = preview.getByRole('list', { name: 'Import summary' });
  await expect(summary).toContainText('2 new');
  await expect(summary).toContainText('1 skipped');
  await expect(preview.getByRole('list', { name: 'New readings by kind' }).getByRole('listitem')).toHaveText([
    'Blood pressure 2',
    'Heart rate 2',
    'Weight 0',
    'Blood sugar 0',
  ]);
  await expect(preview.getByText('Times kept as written in the file')).toBeVisible();
  await expect(preview.getByText(`From ${shownDate(dayAgo(4))} to ${shownDate(dayAgo(3))}`)).toBeVisible();
  const texts = (await rowTexts(preview.getByRole('table', { name: /new readings, as they will be stored$/ }))).map((t) => t.replace(/\s+/g, ' '));
  expect(texts[0]).toMatch(new RegExp(`${shownDate(dayAgo(4))}.*08:05.*132/84 mmHg.*71 bpm.*after coffee`));
  // 12:10 am is ten past midnight.
  expect(texts[1]).toMatch(new RegExp(`${shownDate(dayAgo(3))}.*00:10.*125/80 mmHg.*65 bpm`));
  await preview.getByText(/^Rows skipped \(\d/).click();
  await expect(preview.getByRole('table', { name: 'Rows skipped (they will not be imported)' })).toContainText('Out of range');

  await preview.getByRole('button', { name: 'Import 2 readings' }).click();
  await expect(data.getByText('Import finished')).toBeVisible();
  await page.goto('/history');
  await expect(page.getByText('Showing 1 to 2 of 2 records')).toBeVisible();
  await expect(page.getByRole('table')).toContainText('after coffee');
});

test('a spreadsheet in DD/MM: the columns mapped on the page, remembered for the next file', async ({ page, mailbox }) => {
  test.setTimeout(120_000);
  await subscribedUser(page, mailbox, 'sheet');
  await setUnits(page.request, 'kg', 'mg/dL');
  const [first, second, third] = [dayAgo(9), dayAgo(8), dayAgo(7)];
  // As Excel saves it in a French or German locale: semicolons, decimal commas, a BOM, CRLF.
  const csv =
    '\uFEFFDatum;Uhrzeit;Oberer Wert;Unterer Wert;Puls;Gewicht;Bemerkung\r\n' +
    `${ddmm(first)};07:30;128;82;66;71,5;nach dem Laufen\r\n` +
    `${ddmm(second)};07:45;131;85;70;71,2;\r\n` +
    `${ddmm(third)};20:10;126;80;64;;Abends\r\n`;
  await page.goto('/profile#profile-data');
  const data = dataSection(page);
  await data.getByLabel('File to import').setInputFiles({ name: 'blutdruck.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  const form = data.getByRole('form', { name: 'Columns of blutdruck.csv' });
  await expect(form).toBeVisible();
  await expect(form.getByText('Remembered from your last file with these columns.')).toHaveCount(0);
  const sample = form.getByRole('table', { name: 'The first rows of blutdruck.csv' });
  await expect(sample.locator('tbody tr')).toHaveCount(3);
  await expect(sample).toContainText('nach dem Laufen');

  // Say which column is which, whatever the server guessed.
  await form.getByLabel('Date').selectOption({ label: 'A · Datum' });
  await form.getByLabel('Time', { exact: true }).selectOption({ label: 'B · Uhrzeit' });
  await form.getByLabel('Systolic').selectOption({ label: 'C · Oberer Wert' });
  await form.getByLabel('Diastolic').selectOption({ label: 'D · Unterer Wert' });
  await form.getByLabel('Heart rate').selectOption({ label: 'E · Puls' });
  await form.getByLabel('Weight').selectOption({ label: 'F · Gewicht' });
  await form.getByLabel('Blood sugar').selectOption({ label: 'Not in this file' });
  await form.getByLabel('Notes').selectOption({ label: 'G · Bemerkung' });
  await form.getByRole('radio', { name: 'DD/MM' }).check();
  await form.getByRole('radio', { name: 'Kilograms (kg)' }).check();
  await shootBothWidths(page, 'mapping');

  await form.getByRole('button', { name: 'Read the file' }).click();
  const preview = data.getByRole('group', { name: 'Preview of blutdruck.csv' });
  await expect(preview).toBeVisible();
  await expect(preview.getByRole('list', { name: 'Import summary' })).toContainText('3 new');
  await expect(preview.getByText(`From ${shownDate(first)} to ${shownDate(third)}`)).toBeVisible();
  const texts = (await rowTexts(preview.getByRole('table', { name: /new readings, as they will be stored$/ }))).map((t) => t.replace(/\s+/g, ' '));
  expect(texts[0]).toMatch(new RegExp(`${shownDate(first)}.*07:30.*128/82 mmHg.*66 bpm.*71\\.5 kg.*nach dem Laufen`));
  await preview.getByRole('button', { name: 'Import 3 readings' }).click();
  await expect(data.getByText('Import finished')).toBeVisible();

  // The next file with the same header: the mapping comes back as confirmed, and nothing is new.
  await data.getByLabel('File to import').setInputFiles({ name: 'blutdruck-2.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  const again = data.getByRole('form', { name: 'Columns of blutdruck-2.csv' });
  await expect(again.getByText('Remembered from your last file with these columns.')).toBeVisible();
  await expect(again.getByRole('radio', { name: 'DD/MM' })).toBeChecked();
  await expect(again.getByLabel('Notes')).toHaveValue('6');
  await again.getByRole('button', { name: 'Read the file' }).click();
  const secondPreview = data.getByRole('group', { name: 'Preview of blutdruck-2.csv' });
  await expect(secondPreview.getByRole('list', { name: 'Import summary' })).toContainText('3 already there');
  await secondPreview.getByRole('button', { name: 'Cancel' }).click();
  await expect(data.getByText('Import cancelled')).toBeVisible();
});

test('a date-only spreadsheet: every row at the time chosen, each weight as read and in lbs', async ({ page, mailbox }) => {
  test.setTimeout(120_000);
  await subscribedUser(page, mailbox, 'dateonly');
  await setUnits(page.request, 'lbs', 'mg/dL');
  // Weekly weights kept by date only (invented values).
  const weights: ReadonlyArray<readonly [Date, number]> = [
    [dayAgo(15), 83.0],
    [dayAgo(8), 82.6],
    [dayAgo(1), 82.9],
  ];
  const csv = `Date,Weight (kg)\r\n${weights.map(([d, kg]) => `${isoDay(d)},${kg.toFixed(1)}`).join('\r\n')}\r\n`;
  await page.goto('/profile#profile-data');
  const data = dataSection(page);
  await data.getByLabel('File to import').setInputFiles({ name: 'weekly-weights.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  const form = data.getByRole('form', { name: 'Columns of weekly-weights.csv' });
  await expect(form).toBeVisible();
  await expect(form.getByLabel('The header is on line')).toHaveValue('1');
  await expect(form.getByRole('list', { name: 'Lines above the header' })).toHaveCount(0);

  await form.getByLabel('Date', { exact: true }).selectOption({ label: 'A · Date' });
  await form.getByRole('radio', { name: 'YYYY-MM-DD' }).check();
  await form.getByLabel('Weight', { exact: true }).selectOption({ label: 'B · Weight (kg)' });
  // The unit is written in the header: read from it, not guessed.
  await expect(form.getByRole('radio', { name: 'Kilograms (kg)' })).toBeChecked();
  await form.getByLabel('Time', { exact: true }).selectOption({ label: 'No time in the file' });
  const use = form.getByLabel('These rows have no time: use');
  await expect(use).toHaveValue('08:00');
  await use.fill('08:00');
  await shootBothWidths(page, 'mapping-date-only');

  await form.getByRole('button', { name: 'Read the file' }).click();
  const preview = data.getByRole('group', { name: 'Preview of weekly-weights.csv' });
  await expect(preview).toBeVisible();
  await expect(preview.getByRole('list', { name: 'Import summary' })).toContainText('3 new');
  await expect(preview.getByRole('list', { name: 'New readings by kind' }).getByRole('listitem')).toHaveText([
    'Blood pressure 0',
    'Heart rate 0',
    'Weight 3',
    'Blood sugar 0',
  ]);
  await expect(preview.getByText(/^Weights read in kg, from the column .Weight \(kg\).$/)).toBeVisible();
  const texts = (await rowTexts(preview.getByRole('table', { name: /new readings, as they will be stored$/ }))).map((t) => t.replace(/\s+/g, ' '));
  expect(texts).toHaveLength(weights.length);
  for (const [i, [d, kg]] of weights.entries()) {
    // The weight as the file wrote it, then in the person's unit: a wrong unit would show 2.2 times off.
    expect(texts[i]).toMatch(new RegExp(`${shownDate(d)}.*08:00.*${kg.toFixed(1)} kg · ${kgShownInLbs(kg)}`));
  }
  await shootBothWidths(page, 'preview-units');

  await preview.getByRole('button', { name: 'Import 3 readings' }).click();
  await expect(data.getByText('Import finished')).toBeVisible();
  const stored = (await (await page.request.get('/api/readings')).json()) as Array<{ date: string; time: string; weight: number | null }>;
  expect(stored.map((r) => [r.date, r.time]).sort()).toEqual(weights.map(([d]) => [isoDay(d), '08:00']));

  await page.goto('/history');
  await expect(page.getByText('Showing 1 to 3 of 3 records')).toBeVisible();
  const history = page.getByRole('table');
  for (const [d, kg] of weights) {
    const row = history.getByRole('row').filter({ hasText: shownDate(d) }).filter({ hasText: '08:00' });
    await expect(row).toContainText(kgShownInLbs(kg));
  }
});

test('a title line above the header (Beurer HealthManager): the header found on line 2, and moved on the page', async ({ page, mailbox }) => {
  test.setTimeout(120_000);
  await subscribedUser(page, mailbox, 'titled');
  await setUnits(page.request, 'lbs', 'mg/dL');
  const rows: ReadonlyArray<readonly [Date, string, number]> = [
    [dayAgo(6), '07:12', 82.4],
    [dayAgo(4), '07:05', 82.1],
    [dayAgo(2), '06:58', 81.8],
  ];
  const csv = beurerWeightCsv(rows);
  await page.goto('/profile#profile-data');
  const data = dataSection(page);
  await data.getByLabel('File to import').setInputFiles({ name: 'HealthManager-weight.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  const form = data.getByRole('form', { name: 'Columns of HealthManager-weight.csv' });
  await expect(form).toBeVisible();
  const line = form.getByLabel('The header is on line');
  await expect(line).toHaveValue('2');
  // Lines 1 to 5 of the file can be chosen.
  await expect(line.locator('option')).toHaveText(['1', '2', '3', '4', '5']);
  await expect(form.getByRole('list', { name: 'Lines above the header' })).toHaveText('Line 1, “Weight”, is read as a title.');
  const sample = form.getByRole('table', { name: 'The first rows of HealthManager-weight.csv' });
  const headers = sample.locator('thead th');
  await expect(headers.nth(0)).toHaveText(/^A\s*Date$/);
  await expect(headers.nth(1)).toHaveText(/^B\s*Time$/);
  await expect(headers.nth(2)).toHaveText(/^C\s*kg$/);
  await expect(sample.locator('tbody tr')).toHaveCount(rows.length);
  await shootBothWidths(page, 'mapping-title-line');

  // The person says the header is on line 1: the head is read again from there.
  const fromLineOne = page.waitForResponse((r) => r.url().includes('/api/data/imports/sniff?') && r.url().includes('headerRow=1'));
  await line.selectOption('1');
  expect((await fromLineOne).status()).toBe(200);
  await expect(form.getByRole('list', { name: 'Lines above the header' })).toHaveCount(0);
  await expect(headers).toHaveCount(1);
  await expect(headers.first()).toHaveText(/^A\s*Weight$/);
  await expect(line).toHaveValue('1');
  // And back to line 2.
  await line.selectOption('2');
  await expect(headers.nth(2)).toHaveText(/^C\s*kg$/);
  await expect(form.getByRole('list', { name: 'Lines above the header' })).toHaveText('Line 1, “Weight”, is read as a title.');

  await form.getByLabel('Date', { exact: true }).selectOption({ label: 'A · Date' });
  await form.getByLabel('Time', { exact: true }).selectOption({ label: 'B · Time' });
  await form.getByLabel('Weight', { exact: true }).selectOption({ label: 'C · kg' });
  for (const other of ['Systolic', 'Diastolic', 'Heart rate', 'Blood sugar', 'Notes']) {
    await form.getByLabel(other, { exact: true }).selectOption({ label: 'Not in this file' });
  }
  await form.getByRole('radio', { name: 'DD/MM' }).check();
  // "kg" alone names the unit.
  await expect(form.getByRole('radio', { name: 'Kilograms (kg)' })).toBeChecked();
  await form.getByRole('button', { name: 'Read the file' }).click();

  const preview = data.getByRole('group', { name: 'Preview of HealthManager-weight.csv' });
  await expect(preview).toBeVisible();
  await expect(preview.getByRole('list', { name: 'Import summary' })).toContainText('3 new');
  await expect(preview.getByText(/^Weights read in kg, from the column .kg.$/)).toBeVisible();
  const texts = (await rowTexts(preview.getByRole('table', { name: /new readings, as they will be stored$/ }))).map((t) => t.replace(/\s+/g, ' '));
  for (const [i, [d, time, kg]] of rows.entries()) {
    expect(texts[i]).toMatch(new RegExp(`${shownDate(d)}.*${time}.*${kg.toFixed(1)} kg · ${kgShownInLbs(kg)}`));
  }
  await preview.getByRole('button', { name: 'Import 3 readings' }).click();
  await expect(data.getByText('Import finished')).toBeVisible();
  const stored = (await (await page.request.get('/api/readings')).json()) as Array<{ date: string; time: string }>;
  expect(stored.map((r) => `${r.date} ${r.time}`).sort()).toEqual(rows.map(([d, time]) => `${isoDay(d)} ${time}`));
});

test("a file read as a format it is not: the server's message names the format and the line", async ({ page, mailbox }) => {
  await subscribedUser(page, mailbox, 'bad');
  await page.goto('/profile#profile-data');
  const data = dataSection(page);
  const csv = `Datum;Sys;Dia\r\n${ddmm(dayAgo(3))};120;80\r\n`;
  await data.getByLabel('File to import').setInputFiles({ name: 'blood.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(data.getByText('Detected: Spreadsheet.')).toBeVisible();
  await expect(data.getByRole('form', { name: 'Columns of blood.csv' })).toBeVisible();
  await data.getByLabel('Read it as').selectOption('omron');
  await data.getByRole('button', { name: 'Read the file' }).click();
  const alert = data.getByRole('alert').filter({ hasText: 'This file could not be imported' });
  await expect(alert).toContainText('This is not an OMRON connect CSV: line 1 must be the header');
  await expect(alert.locator('xpath=..')).toBeFocused();
  expect(await (await page.request.get('/api/readings')).json()).toEqual([]);
  // The file stays chosen: read it as what it is.
  await data.getByLabel('Read it as').selectOption('auto');
  await expect(data.getByRole('form', { name: 'Columns of blood.csv' })).toBeVisible();
});

test('without a subscription the file is recognised but not read', async ({ page, mailbox }) => {
  const account = await verifiedAccount(page.request, mailbox, 'nosubimp');
  await signIn(page, account);
  await page.goto('/profile#profile-data');
  const data = dataSection(page);
  const csv = omronCsv([[dayAgo(3), '8:05 am', 132, 84, 71, '-']]);
  await data.getByLabel('File to import').setInputFiles({ name: 'omron.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) });
  await expect(data.getByText('Detected: OMRON connect CSV.')).toBeVisible();
  await expect(data.getByText('Subscription Required')).toBeVisible();
  await expect(data.getByRole('link', { name: 'Subscribe under Subscription' })).toBeVisible();
  await expect(data.getByRole('button', { name: 'Read the file' })).toBeDisabled();
  // The server refuses it too.
  const refused = await page.request.post('/api/data/imports?format=omron&name=omron.csv', {
    headers: { 'Content-Type': 'application/octet-stream' },
    data: Buffer.from(csv),
  });
  expect(refused.status()).toBe(403);
});

test("the limits are behind a disclosure, in the server's numbers", async ({ page, mailbox }) => {
  await subscribedUser(page, mailbox, 'limits');
  await page.goto('/profile#profile-data');
  const data = dataSection(page);
  const limits = data.getByText('Limits', { exact: true });
  await expect(limits).toBeVisible();
  // Closed at first: the answer (the file field) first, the bounds one tap away.
  await expect(data.getByText(/200,000 readings/)).toBeHidden();
  await limits.click();
  await expect(data.getByText('Your record: up to 200,000 readings and 32 MB of notes in all.')).toBeVisible();
  await expect(data.getByText('Up to 20 imports a day.')).toBeVisible();
  await shootBothWidths(page, 'limits');
});

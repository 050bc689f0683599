// Guards the emulated cuff (cuff.ts) against Chromium changes: a minimal page that uses Web
// Bluetooth the way the app will, driven through the harness. Needs no Vitalog server.
import { expect, test, type Browser, type Page } from '@playwright/test';
import { bpRecord, CUFF_LAUNCH_OPTIONS, EmulatedCuff } from './cuff';

test.use({ launchOptions: CUFF_LAUNCH_OPTIONS });

// Web Bluetooth needs a secure context: http://localhost is one. The page is answered by
// page.route, so nothing listens on this port.
const PAGE_URL = 'http://localhost:47811/cuff-test';

// What the app will do: choose a cuff, connect, subscribe to 0x2A35 (and 0x2A36), read the
// Device Information and 0x2A49, set the cuff's clock; never read 0x2A35 itself.
const PAGE = `<!doctype html>
<meta charset="utf-8"><title>cuff test</title>
<button id="pair">Pair</button> <button id="reconnect">Reconnect</button>
<p>state: <output id="state">idle</output></p>
<p>maker: <output id="maker"></output> model: <output id="model"></output> feature: <output id="feature"></output> clock: <output id="clock"></output></p>
<ol id="records"></ol>
<ol id="intermediate"></ol>
<script>
  const $ = (id) => document.getElementById(id);
  const hex = (v) => Array.from(new Uint8Array(v.buffer, v.byteOffset, v.byteLength), (b) => b.toString(16).padStart(2, '0')).join(' ');
  const append = (list, text) => { const li = document.createElement('li'); li.textContent = text; $(list).append(li); };
  let device;
  async function setUp() {
    $('state').textContent = 'connecting';
    const server = await device.gatt.connect();
    const bp = await server.getPrimaryService(0x1810);
    const measurement = await bp.getCharacteristic(0x2a35);
    measurement.addEventListener('characteristicvaluechanged', (e) => append('records', hex(e.target.value)));
    await measurement.startNotifications();
    const intermediate = await bp.getCharacteristic(0x2a36).catch(() => null);
    if (intermediate) {
      intermediate.addEventListener('characteristicvaluechanged', (e) => append('intermediate', hex(e.target.value)));
      await intermediate.startNotifications();
    }
    const feature = await bp.getCharacteristic(0x2a49).catch(() => null);
    if (feature) $('feature').textContent = '0x' + (await feature.readValue()).getUint16(0, true).toString(16).padStart(4, '0');
    const info = await server.getPrimaryService(0x180a);
    const text = async (uuid) => new TextDecoder().decode(await (await info.getCharacteristic(uuid)).readValue());
    $('model').textContent = await text(0x2a24);
    $('maker').textContent = await text(0x2a29);
    const clock = await (await server.getPrimaryService(0x1805)).getCharacteristic(0x2a2b);
    const now = new Date();
    const value = new Uint8Array([now.getFullYear() & 0xff, now.getFullYear() >> 8, now.getMonth() + 1, now.getDate(),
      now.getHours(), now.getMinutes(), now.getSeconds(), now.getDay() || 7, 0, 1]);
    await clock.writeValueWithResponse(value);
    $('clock').textContent = hex(new DataView(value.buffer));
    $('state').textContent = 'ready';
  }
  const fail = (e) => { $('state').textContent = 'error: ' + e; };
  $('pair').addEventListener('click', async () => {
    try {
      device = await navigator.bluetooth.requestDevice({ filters: [{ services: [0x1810] }], optionalServices: [0x180a, 0x1805] });
      device.addEventListener('gattserverdisconnected', () => { $('state').textContent = 'disconnected'; });
      await setUp();
    } catch (e) { fail(e); }
  });
  $('reconnect').addEventListener('click', () => setUp().catch(fail));
</script>`;

async function openPage(page: Page): Promise<void> {
  await page.route('**/*', (route) =>
    route.request().url() === PAGE_URL
      ? route.fulfill({ contentType: 'text/html', body: PAGE })
      : route.fulfill({ status: 404, body: '' }),
  );
  await page.goto(PAGE_URL);
}

const hex = (bytes: readonly number[]): string => bytes.map((b) => b.toString(16).padStart(2, '0')).join(' ');

test('bpRecord encodes the worked example of the Blood Pressure Measurement', () => {
  const bytes = bpRecord({
    systolic: 121,
    diastolic: 81,
    map: 94.3,
    unit: 'mmHg',
    time: { y: 2026, mo: 11, d: 27, h: 7, mi: 5, s: 30 },
    pulse: 64,
    userId: 1,
    status: 0x0004,
  });
  expect(hex(bytes)).toBe('1e 79 00 51 00 af f3 ea 07 0b 1b 07 05 1e 40 00 01 04 00');
  expect(hex(bpRecord({ systolic: 16.1, diastolic: 10.8, map: 12.6, unit: 'kPa' }))).toBe('01 a1 f0 6c f0 7e f0');
});

async function pairedCuff(browser: Browser, page: Page): Promise<EmulatedCuff> {
  await openPage(page);
  const cuff = await EmulatedCuff.start(browser, page, {
    name: 'BLESmart_0000',
    maker: 'OMRON',
    model: 'HEM-7600T',
    feature: 0x0007,
    currentTime: true,
    intermediate: true,
  });
  await page.click('#pair');
  await cuff.waitConnected();
  return cuff;
}

test('the emulated cuff pairs, is read, has its clock set, sends records and comes back', async ({ browser, page }) => {
  const cuff = await pairedCuff(browser, page);
  try {
    await expect(page.locator('#state')).toHaveText('ready');
    await expect(page.locator('#model')).toHaveText('HEM-7600T');
    await expect(page.locator('#maker')).toHaveText('OMRON');
    await expect(page.locator('#feature')).toHaveText('0x0007');
    expect(cuff.clockWrites).toHaveLength(1);
    expect(hex(cuff.clockWrites[0] ?? [])).toBe(await page.locator('#clock').textContent());

    const records = [
      bpRecord({ systolic: 121, diastolic: 81, map: 94.3, unit: 'mmHg', pulse: 64 }),
      bpRecord({ systolic: 118, diastolic: 79, map: 92, unit: 'mmHg', time: { y: 2026, mo: 11, d: 27, h: 7, mi: 6, s: 0 } }),
      bpRecord({ systolic: 135, diastolic: 88, map: 103.7, unit: 'mmHg', pulse: 71, userId: 2, status: 0x0004 }),
    ];
    await cuff.sendIntermediate([0x00, 0x50, 0x00, 0xff, 0x07, 0xff, 0x07]);
    for (const [index, record] of records.entries()) {
      await cuff.send(record);
      // Checked without retrying: send() returns only after the page's listener ran
      // (Blink fires characteristicvaluechanged before readValue() resolves), which
      // specs may rely on.
      expect(await page.locator('#records li').count()).toBe(index + 1);
    }
    await expect(page.locator('#records li')).toHaveText(records.map(hex));
    await expect(page.locator('#intermediate li')).toHaveText(['00 50 00 ff 07 ff 07']);

    await cuff.disconnect();
    await expect(page.locator('#state')).toHaveText('disconnected');
    await cuff.restore();
    await page.click('#reconnect');
    await cuff.waitConnected();
    await expect(page.locator('#state')).toHaveText('ready');
    expect(cuff.clockWrites).toHaveLength(2);
    const fourth = bpRecord({ systolic: 110, diastolic: 70, map: 83.3, unit: 'mmHg', pulse: 58 });
    await cuff.send(fourth);
    await expect(page.locator('#records li')).toHaveText([...records, fourth].map(hex));

    // An app that reconnects at once, while the cuff is still away: the attempt waits
    // for restore() instead of finding an empty GATT database.
    await cuff.disconnect();
    await expect(page.locator('#state')).toHaveText('disconnected');
    await page.click('#reconnect');
    await expect(page.locator('#state')).toHaveText('connecting');
    await cuff.restore();
    await cuff.waitConnected();
    await expect(page.locator('#state')).toHaveText('ready');

    // Choosing the cuff again: Chromium's chooser lists it only after an advertisement.
    await cuff.disconnect();
    await expect(page.locator('#state')).toHaveText('disconnected');
    await cuff.restore();
    await page.click('#pair');
    await cuff.waitConnected();
    await expect(page.locator('#state')).toHaveText('ready');
    const fifth = bpRecord({ systolic: 125, diastolic: 82, map: 96.3, unit: 'mmHg' });
    await cuff.send(fifth);
    await expect(page.locator('#records li').last()).toHaveText(hex(fifth));
    expect(cuff.clockWrites).toHaveLength(4);
  } catch (error) {
    // Stopped quietly here: the emulation is browser-wide, and its own complaint must not
    // hide the failure that brought us here.
    await cuff.stop().catch(() => undefined);
    throw error;
  }
  await cuff.stop();
});

test('an app that reads 0x2A35 itself is refused, and stop() says so', async ({ browser, page }) => {
  const cuff = await pairedCuff(browser, page);
  try {
    await refusedRead(page, cuff);
  } finally {
    await cuff.stop().catch(() => undefined); // a no-op once stopped; here if it was not
  }
});

async function refusedRead(page: Page, cuff: EmulatedCuff): Promise<void> {
  // The same read the harness makes, but not asked for by send(): a record read this way
  // would reach the app twice, so the harness refuses it.
  const read = await page.evaluate(async () => {
    const bluetooth = (navigator as unknown as { bluetooth: { getDevices(): Promise<{ gatt: { getPrimaryService(s: number): Promise<{ getCharacteristic(c: number): Promise<{ readValue(): Promise<DataView> }> }> } }[]> } }).bluetooth;
    const [device] = await bluetooth.getDevices();
    if (!device) return 'no device';
    const measurement = await (await device.gatt.getPrimaryService(0x1810)).getCharacteristic(0x2a35);
    return measurement.readValue().then(
      () => 'read',
      (error: unknown) => `refused: ${String(error)}`,
    );
  });
  expect(read).toMatch(/^refused: NotSupportedError/);
  await expect(cuff.stop()).rejects.toThrow('the app read measurement itself');
}

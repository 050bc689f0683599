// An emulated Bluetooth blood pressure cuff (Blood Pressure Service 0x1810) for Playwright
// specs, built on Chromium's DevTools BluetoothEmulation domain: tests have no radio.
//
// What Chromium 156 (Debian 156.0.8078.114) ships, read from /json/protocol (both domains
// are experimental; Playwright 1.65's protocol types match them exactly):
//   BluetoothEmulation (browser-level session: browser.newBrowserCDPSession()):
//     enable({ state: 'absent'|'powered-off'|'powered-on', leSupported }), disable(),
//     setSimulatedCentralState({ state }),
//     simulatePreconnectedPeripheral({ address, name, manufacturerData: [{ key, data }],
//       knownServiceUuids: string[] })  (all four required),
//     simulateAdvertisement({ entry: { deviceAddress, rssi, scanRecord: { name?, uuids?,
//       appearance?, txPower?, manufacturerData? } } })  (there is no `known`/`connectable`
//       field in 156, whatever newer protocol docs say),
//     addService({ address, serviceUuid }) -> serviceId,
//     addCharacteristic({ serviceId, characteristicUuid, properties: { broadcast?, read?,
//       writeWithoutResponse?, write?, notify?, indicate?, authenticatedSignedWrites?,
//       extendedProperties? } }) -> characteristicId,
//     addDescriptor({ characteristicId, descriptorUuid }) -> descriptorId, remove* for each,
//     simulateGATTOperationResponse({ address, type: 'connection'|'discovery', code }) (HCI code),
//     simulateCharacteristicOperationResponse({ characteristicId, type, code, data? }) (ATT code),
//     simulateDescriptorOperationResponse({ descriptorId, type: 'read'|'write', code, data? }),
//     simulateGATTDisconnection({ address }).
//     Events: gattOperationReceived { address, type }, characteristicOperationReceived
//     { characteristicId, type: 'read'|'write'|'subscribe-to-notifications'|
//     'unsubscribe-from-notifications', data?, writeType?: 'write-default-deprecated'|
//     'write-with-response'|'write-without-response' }, descriptorOperationReceived
//     { descriptorId, type, data? }. `binary` values are base64 strings. There is NO command
//     that pushes a notification or indication.
//   DeviceAccess (per page target: context.newCDPSession(page)): enable(), disable(),
//     selectPrompt({ id, deviceId }), cancelPrompt({ id }); event deviceRequestPrompted
//     { id, devices: [{ id, name }] }.
// Seen when running it (CUFF_DEBUG=1 shows the events):
//   - simulatePreconnectedPeripheral must come first: addService needs a known address.
//   - A requestDevice prompts twice with the same request id; the device id is the address
//     and its name is "" (not the name given). After a disconnection, a new requestDevice
//     first prompts with no devices; an advertisement makes it prompt again with the cuff,
//     and every advertisement re-prompts (answer once, advertise once per request).
//   - gatt.connect(): one gattOperationReceived 'connection', then one 'discovery' for the
//     whole database; later getPrimaryService/getCharacteristic calls send nothing.
//   - startNotifications() arrives as characteristic op 'subscribe-to-notifications'; no
//     CCCD (0x2902) descriptor op is sent, though the descriptor must exist.
//   - Characteristic ids look like "<address>_<service#>_<characteristic#>" and are new
//     after each rebuild. An ATT error 0x02 on a read rejects readValue() with NotSupportedError.
//   - simulateGATTDisconnection fires gattserverdisconnected and empties the database.
//
// How a record reaches the app without an indication: the harness reads 0x2A35 from page
// context through its own handle (navigator.bluetooth.getDevices(), which needs a flag, see
// CUFF_LAUNCH_OPTIONS), answers that read
// with the record, and Web Bluetooth fires `characteristicvaluechanged` on the characteristic
// object, which is the very object the app holds (Blink keeps one object per attribute).
// Any read of 0x2A35/0x2A36 the harness did not start is the app's own and is refused:
// stop() then fails the test.
import type { Browser, CDPSession, LaunchOptions, Page } from '@playwright/test';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from './browser';

/** For `test.use({ launchOptions: CUFF_LAUNCH_OPTIONS })` in specs that emulate a cuff. */
export const CUFF_LAUNCH_OPTIONS: LaunchOptions = {
  executablePath: CHROMIUM_PATH,
  // On Linux, Chromium 156 has no navigator.bluetooth at all without a flag, and
  // getDevices() is a further runtime feature. These two Blink features are all the cuff
  // needs; --enable-experimental-web-platform-features works too but turns on dozens of
  // unshipped APIs the app could come to rely on unnoticed. Per spec (test.use), so the
  // shared CHROMIUM_ARGS of the other specs stay as they are.
  args: [...CHROMIUM_ARGS, '--enable-blink-features=WebBluetooth,WebBluetoothGetDevices'],
};

export interface CuffOptions {
  /** Advertised name (also BluetoothDevice.name in the page, which send() finds it by). */
  name: string;
  /** Manufacturer Name String (0x2A29). */
  maker: string;
  /** Model Number String (0x2A24). */
  model: string;
  /** Blood Pressure Feature (0x2A49) value; the characteristic exists only when given. */
  feature?: number;
  /** Current Time Service 0x1805 with Current Time 0x2A2B. */
  currentTime?: boolean;
  /** Intermediate Cuff Pressure 0x2A36. */
  intermediate?: boolean;
  /** Bluetooth address of the emulated peripheral. */
  address?: string;
}

const uuid = (short: number): string => `0000${short.toString(16).padStart(4, '0')}-0000-1000-8000-00805f9b34fb`;

const BLOOD_PRESSURE = 0x1810;
const DEVICE_INFORMATION = 0x180a;
const CURRENT_TIME_SERVICE = 0x1805;
const MEASUREMENT = 0x2a35;
const INTERMEDIATE = 0x2a36;
const FEATURE = 0x2a49;
const MODEL = 0x2a24;
const MAKER = 0x2a29;
const CURRENT_TIME = 0x2a2b;
const CCCD = 0x2902;
/** Company identifier of OMRON Healthcare, for the advertisement's manufacturer data. */
const OMRON_COMPANY_ID = 0x020e;
/** GAP appearance "Blood Pressure: Arm" (category 0x007, sub-type 1). */
const APPEARANCE_BP_ARM = 0x0381;
const HCI_SUCCESS = 0;
const ATT_SUCCESS = 0;
const ATT_READ_NOT_PERMITTED = 0x02;
const ATT_WRITE_NOT_PERMITTED = 0x03;

type Role = 'measurement' | 'intermediate' | 'feature' | 'model' | 'maker' | 'currentTime';
type Pushed = 'measurement' | 'intermediate';

/** CUFF_DEBUG=1 logs every emulation event the harness sees: the first thing to read when Chromium changes. */
const debug = (...parts: unknown[]): void => {
  if (process.env.CUFF_DEBUG) console.log('[cuff]', ...parts);
};

const b64 = (bytes: readonly number[]): string => Buffer.from(bytes).toString('base64');
const unb64 = (data: string | undefined): number[] => [...Buffer.from(data ?? '', 'base64')];

/** Current Time characteristic value (10 bytes) for a date: what the cuff's clock reads. */
function currentTimeBytes(d: Date): number[] {
  const y = d.getFullYear();
  const dayOfWeek = d.getDay() === 0 ? 7 : d.getDay();
  return [y & 0xff, y >> 8, d.getMonth() + 1, d.getDate(), d.getHours(), d.getMinutes(), d.getSeconds(), dayOfWeek, 0, 0];
}

interface Waiter {
  resolve: () => void;
  reject: (error: Error) => void;
}

export class EmulatedCuff {
  /** Every value the app wrote to Current Time 0x2A2B, in order. */
  readonly clockWrites: number[][] = [];
  /** Operations the harness refused or could not answer; stop() fails with them. */
  readonly problems: string[] = [];

  private readonly address: string;
  private readonly roles = new Map<string, Role>();
  private readonly descriptors = new Map<string, number[]>();
  /** Values queued by send()/sendIntermediate(), answered to the harness's own read. */
  private readonly pending: Record<Pushed, number[][]> = { measurement: [], intermediate: [] };
  private clock: number[] = currentTimeBytes(new Date());
  /** Bumped by disconnect(): a subscription counts only for the link it was made on. */
  private link = 0;
  private subscribedLink = -1;
  private subscribeWaiters: Waiter[] = [];
  /** Between disconnect() and restore() the cuff is away: connection attempts wait here. */
  private away = false;
  private heldConnections = 0;
  private readonly answeredPrompts = new Set<string>();
  private readonly advertisedFor = new Set<string>();
  private stopped = false;

  private constructor(
    private readonly bt: CDPSession,
    private readonly access: CDPSession,
    private readonly page: Page,
    private readonly options: CuffOptions,
  ) {
    this.address = options.address ?? '09:09:09:09:18:10';
  }

  /** Emulates the cuff (powered-on central, peripheral, GATT) and answers the page's chooser. */
  static async start(browser: Browser, page: Page, options: CuffOptions): Promise<EmulatedCuff> {
    const bt = await browser.newBrowserCDPSession();
    const access = await page.context().newCDPSession(page);
    const cuff = new EmulatedCuff(bt, access, page, options);
    cuff.listen();
    await bt.send('BluetoothEmulation.enable', { state: 'powered-on', leSupported: true });
    await bt.send('BluetoothEmulation.simulatePreconnectedPeripheral', {
      address: cuff.address,
      name: options.name,
      manufacturerData: cuff.manufacturerData(),
      knownServiceUuids: cuff.serviceUuids(),
    });
    await cuff.buildGatt();
    await access.send('DeviceAccess.enable');
    return cuff;
  }

  /** Resolves once the app, on the current link, subscribed to 0x2A35. */
  async waitConnected(): Promise<void> {
    if (this.subscribedLink === this.link) return;
    await new Promise<void>((resolve, reject) => this.subscribeWaiters.push({ resolve, reject }));
  }

  /** Delivers one Blood Pressure Measurement (0x2A35) value to the app's listener. */
  async send(bytes: readonly number[]): Promise<void> {
    await this.push('measurement', MEASUREMENT, bytes);
  }

  /** Delivers one Intermediate Cuff Pressure (0x2A36) value to the app's listener. */
  async sendIntermediate(bytes: readonly number[]): Promise<void> {
    if (!this.options.intermediate) throw new Error('this cuff has no Intermediate Cuff Pressure (start it with intermediate: true)');
    await this.push('intermediate', INTERMEDIATE, bytes);
  }

  /** Drops the link, as a cuff that is switched off. Chromium also forgets the GATT database. */
  async disconnect(): Promise<void> {
    this.away = true;
    this.link += 1;
    await this.bt.send('BluetoothEmulation.simulateGATTDisconnection', { address: this.address });
  }

  /** The cuff is back: GATT rebuilt, advertising, and connection attempts made meanwhile answered. */
  async restore(): Promise<void> {
    await this.buildGatt();
    await this.advertise();
    this.away = false;
    for (; this.heldConnections > 0; this.heldConnections -= 1) await this.answerGatt('connection');
  }

  async stop(): Promise<void> {
    if (this.stopped) return;
    this.stopped = true;
    const stopping = new Error('the emulated cuff was stopped');
    for (const waiter of this.subscribeWaiters.splice(0)) waiter.reject(stopping);
    // The emulation is browser-wide: leave none behind for the next test.
    await this.bt.send('BluetoothEmulation.disable').catch(() => undefined);
    await this.bt.detach().catch(() => undefined);
    await this.access.send('DeviceAccess.disable').catch(() => undefined);
    await this.access.detach().catch(() => undefined);
    if (this.problems.length > 0) throw new Error(`emulated cuff:\n  - ${this.problems.join('\n  - ')}`);
  }

  private serviceUuids(): string[] {
    return [BLOOD_PRESSURE, DEVICE_INFORMATION, ...(this.options.currentTime ? [CURRENT_TIME_SERVICE] : [])].map(uuid);
  }

  private manufacturerData(): { key: number; data: string }[] {
    return [{ key: OMRON_COMPANY_ID, data: b64([0x01, 0x00]) }];
  }

  private async advertise(): Promise<void> {
    // Every field given: the chooser of a reconnecting page lists the cuff only after this.
    await this.bt.send('BluetoothEmulation.simulateAdvertisement', {
      entry: {
        deviceAddress: this.address,
        rssi: -50,
        scanRecord: {
          name: this.options.name,
          uuids: this.serviceUuids(),
          appearance: APPEARANCE_BP_ARM,
          txPower: 0,
          manufacturerData: this.manufacturerData(),
        },
      },
    });
  }

  /** (Re)creates the services: simulateGATTDisconnection empties the database. */
  private async buildGatt(): Promise<void> {
    this.roles.clear();
    this.descriptors.clear();
    const service = async (short: number): Promise<string> =>
      (await this.bt.send('BluetoothEmulation.addService', { address: this.address, serviceUuid: uuid(short) })).serviceId;
    const characteristic = async (
      serviceId: string,
      short: number,
      role: Role,
      properties: { read?: boolean; write?: boolean; notify?: boolean; indicate?: boolean },
      cccd: boolean,
    ): Promise<void> => {
      const { characteristicId } = await this.bt.send('BluetoothEmulation.addCharacteristic', {
        serviceId,
        characteristicUuid: uuid(short),
        properties,
      });
      this.roles.set(characteristicId, role);
      if (cccd) {
        const { descriptorId } = await this.bt.send('BluetoothEmulation.addDescriptor', { characteristicId, descriptorUuid: uuid(CCCD) });
        this.descriptors.set(descriptorId, [0, 0]);
      }
    };
    const bp = await service(BLOOD_PRESSURE);
    await characteristic(bp, MEASUREMENT, 'measurement', { indicate: true, read: true }, true);
    if (this.options.intermediate) await characteristic(bp, INTERMEDIATE, 'intermediate', { notify: true, read: true }, true);
    if (this.options.feature !== undefined) await characteristic(bp, FEATURE, 'feature', { read: true }, false);
    const dis = await service(DEVICE_INFORMATION);
    await characteristic(dis, MODEL, 'model', { read: true }, false);
    await characteristic(dis, MAKER, 'maker', { read: true }, false);
    if (this.options.currentTime) {
      const cts = await service(CURRENT_TIME_SERVICE);
      await characteristic(cts, CURRENT_TIME, 'currentTime', { read: true, write: true }, false);
    }
  }

  private listen(): void {
    // Handlers answer the browser; a failure there must fail the test, not vanish.
    const guard = (what: string, work: Promise<void>): void => {
      work.catch((error: unknown) => {
        if (!this.stopped) this.problems.push(`${what}: ${error instanceof Error ? error.message : String(error)}`);
      });
    };
    this.bt.on('BluetoothEmulation.gattOperationReceived', (event) => {
      debug('gatt', event);
      if (event.address !== this.address) return;
      if (event.type === 'connection' && this.away) {
        debug('cuff away: connection held until restore()');
        this.heldConnections += 1;
        return;
      }
      guard(`GATT ${event.type}`, this.answerGatt(event.type));
    });
    this.bt.on('BluetoothEmulation.characteristicOperationReceived', (event) => {
      debug('characteristic', this.roles.get(event.characteristicId), event);
      guard(`characteristic ${event.type}`, this.onCharacteristic(event.characteristicId, event.type, unb64(event.data)));
    });
    // Chromium 156 sends no descriptor operations for startNotifications(); answered in
    // case a later one does, or an app reads the CCCD.
    this.bt.on('BluetoothEmulation.descriptorOperationReceived', (event) => {
      debug('descriptor', event);
      const value = this.descriptors.get(event.descriptorId);
      if (value === undefined) return;
      if (event.type === 'write') this.descriptors.set(event.descriptorId, unb64(event.data));
      guard(
        `descriptor ${event.type}`,
        this.bt
          .send('BluetoothEmulation.simulateDescriptorOperationResponse', {
            descriptorId: event.descriptorId,
            type: event.type,
            code: ATT_SUCCESS,
            ...(event.type === 'read' ? { data: b64(value) } : {}),
          })
          .then(() => undefined),
      );
    });
    this.access.on('DeviceAccess.deviceRequestPrompted', (event) => {
      debug('prompt', JSON.stringify(event));
      guard('chooser', this.onPrompt(event.id, event.devices));
    });
  }

  private async answerGatt(type: 'connection' | 'discovery'): Promise<void> {
    await this.bt.send('BluetoothEmulation.simulateGATTOperationResponse', { address: this.address, type, code: HCI_SUCCESS });
  }

  private async onPrompt(id: string, devices: { id: string; name: string }[]): Promise<void> {
    if (this.answeredPrompts.has(id)) return;
    // The prompt's device id is the address; its name is often "" (Chromium 156 lists the
    // preconnected peripheral without one).
    const mine = devices.find((d) => d.id === this.address || d.name === this.options.name);
    if (!mine) {
      // Nothing listed yet (a page asking again after a reconnection): an advertisement
      // makes Chromium prompt again with the cuff in the list. Once per prompt: each
      // advertisement re-prompts, so more would loop.
      if (this.advertisedFor.has(id)) return;
      this.advertisedFor.add(id);
      await this.advertise();
      return;
    }
    this.answeredPrompts.add(id);
    await this.access.send('DeviceAccess.selectPrompt', { id, deviceId: mine.id });
  }

  private async onCharacteristic(
    characteristicId: string,
    type: 'read' | 'write' | 'subscribe-to-notifications' | 'unsubscribe-from-notifications',
    data: number[],
  ): Promise<void> {
    const role = this.roles.get(characteristicId);
    if (role === undefined) return;
    const respond = async (code: number, value?: readonly number[]): Promise<void> => {
      await this.bt.send('BluetoothEmulation.simulateCharacteristicOperationResponse', {
        characteristicId,
        type,
        code,
        ...(value ? { data: b64(value) } : {}),
      });
    };
    if (type === 'subscribe-to-notifications' || type === 'unsubscribe-from-notifications') {
      await respond(ATT_SUCCESS);
      if (role === 'measurement' && type === 'subscribe-to-notifications') {
        this.subscribedLink = this.link;
        for (const waiter of this.subscribeWaiters.splice(0)) waiter.resolve();
      }
      return;
    }
    if (type === 'write') {
      if (role !== 'currentTime') {
        this.problems.push(`the app wrote ${role}`);
        await respond(ATT_WRITE_NOT_PERMITTED);
        return;
      }
      this.clockWrites.push(data);
      this.clock = data;
      await respond(ATT_SUCCESS);
      return;
    }
    switch (role) {
      case 'measurement':
      case 'intermediate': {
        const value = this.pending[role].shift();
        if (value === undefined) {
          this.problems.push(`the app read ${role} itself (records come by indication only)`);
          await respond(ATT_READ_NOT_PERMITTED);
        } else {
          await respond(ATT_SUCCESS, value);
        }
        return;
      }
      case 'feature': {
        const feature = this.options.feature ?? 0;
        await respond(ATT_SUCCESS, [feature & 0xff, feature >> 8]);
        return;
      }
      case 'model':
        await respond(ATT_SUCCESS, [...Buffer.from(this.options.model, 'utf8')]);
        return;
      case 'maker':
        await respond(ATT_SUCCESS, [...Buffer.from(this.options.maker, 'utf8')]);
        return;
      case 'currentTime':
        await respond(ATT_SUCCESS, this.clock);
        return;
    }
  }

  /** Reads the characteristic from the page through a handle of the harness's own. */
  private async push(role: Pushed, characteristic: number, bytes: readonly number[]): Promise<void> {
    // One at a time (await each send): reads started together may reach the cuff in either order.
    const value = [...bytes];
    this.pending[role].push(value);
    try {
      await this.page.evaluate(readFromPage, { name: this.options.name, service: BLOOD_PRESSURE, characteristic });
    } catch (error) {
      // Not answered (e.g. no link): the value must not be handed to a later read.
      const index = this.pending[role].indexOf(value);
      if (index >= 0) this.pending[role].splice(index, 1);
      throw error;
    }
  }
}

/** The slice of Web Bluetooth readFromPage uses (lib.dom has no Web Bluetooth types). */
interface PageBluetooth {
  getDevices(): Promise<
    {
      name?: string;
      gatt?: {
        connected: boolean;
        getPrimaryService(service: number): Promise<{ getCharacteristic(c: number): Promise<{ readValue(): Promise<DataView> }> }>;
      };
    }[]
  >;
}

/** Runs in the page: Web Bluetooth fires characteristicvaluechanged for this read too. */
async function readFromPage({ name, service, characteristic }: { name: string; service: number; characteristic: number }): Promise<void> {
  const bluetooth = (navigator as unknown as { bluetooth?: Partial<PageBluetooth> }).bluetooth;
  if (!bluetooth?.getDevices) {
    throw new Error('navigator.bluetooth.getDevices is missing: test.use({ launchOptions: CUFF_LAUNCH_OPTIONS })');
  }
  const device = (await bluetooth.getDevices()).find((d) => d.name === name);
  if (!device?.gatt?.connected) throw new Error(`the page has no connected device named ${name}`);
  const target = await (await device.gatt.getPrimaryService(service)).getCharacteristic(characteristic);
  await target.readValue();
}

export interface BpTime {
  y: number;
  mo: number;
  d: number;
  h: number;
  mi: number;
  s: number;
}

export interface BpRecord {
  systolic: number;
  diastolic: number;
  map: number;
  unit: 'mmHg' | 'kPa';
  time?: BpTime;
  pulse?: number;
  userId?: number;
  /** Measurement Status bits (e.g. 0x0004 irregular pulse). */
  status?: number;
}

/**
 * IEEE-11073 16-bit SFLOAT, little-endian: 4-bit exponent, 12-bit mantissa (two's complement).
 * Mantissas beyond ±2045 are the special values (NaN, NRes, ±infinity), so not used.
 */
export function sfloat(value: number): number[] {
  for (let exponent = 0; exponent >= -3; exponent -= 1) {
    const scaled = value * 10 ** -exponent;
    const mantissa = Math.round(scaled);
    if (Math.abs(scaled - mantissa) < 1e-6 && mantissa >= -2045 && mantissa <= 2045) {
      const raw = ((exponent & 0x0f) << 12) | (mantissa & 0x0fff);
      return [raw & 0xff, raw >> 8];
    }
  }
  throw new Error(`${value} has no exact SFLOAT form`);
}

/** A Blood Pressure Measurement (0x2A35) value. */
export function bpRecord(record: BpRecord): number[] {
  const flags =
    (record.unit === 'kPa' ? 0x01 : 0) |
    (record.time ? 0x02 : 0) |
    (record.pulse !== undefined ? 0x04 : 0) |
    (record.userId !== undefined ? 0x08 : 0) |
    (record.status !== undefined ? 0x10 : 0);
  const bytes = [flags, ...sfloat(record.systolic), ...sfloat(record.diastolic), ...sfloat(record.map)];
  if (record.time) {
    const { y, mo, d, h, mi, s } = record.time;
    bytes.push(y & 0xff, y >> 8, mo, d, h, mi, s);
  }
  if (record.pulse !== undefined) bytes.push(...sfloat(record.pulse));
  if (record.userId !== undefined) bytes.push(record.userId);
  if (record.status !== undefined) bytes.push(record.status & 0xff, record.status >> 8);
  return bytes;
}

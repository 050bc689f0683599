/**
 * The Web Bluetooth side of a blood pressure cuff: choosing it, connecting, subscribing to its
 * measurements and cuff pressure, reading what it is, and setting its clock. Decoding is
 * `bpMeasurement.ts`'s; saving is `useCuffSession`'s. Nothing here talks to a vendor's cloud:
 * the bytes go from the cuff to this page and, decoded, to the person's own server.
 */
import { bluetoothSupported } from './model/support';
import { type CuffFlag, type CuffTime, cuffTimeToDate, decodeClock, decodeFeature, encodeCurrentTime, encodeDateTime } from './bpMeasurement';

// Assigned numbers (Bluetooth SIG): services and characteristics used here.
const BLOOD_PRESSURE_SERVICE = 0x1810;
const DEVICE_INFORMATION = 0x180a;
const CURRENT_TIME_SERVICE = 0x1805;
const BP_MEASUREMENT = 0x2a35;
const INTERMEDIATE_CUFF_PRESSURE = 0x2a36;
const BP_FEATURE = 0x2a49;
const MODEL_NUMBER = 0x2a24;
const MANUFACTURER_NAME = 0x2a29;
const CURRENT_TIME = 0x2a2b;
const DATE_TIME = 0x2a08;


/** The browser's chooser, filtered to blood pressure cuffs. Needs a click (user activation). */
export async function chooseCuff(): Promise<BluetoothDevice> {
  return navigator.bluetooth.requestDevice({
    filters: [{ services: [BLOOD_PRESSURE_SERVICE] }],
    optionalServices: [DEVICE_INFORMATION, CURRENT_TIME_SERVICE],
  });
}

/** Cuffs this site may reconnect to without the chooser, where the browser offers it. */
export async function knownCuffs(): Promise<BluetoothDevice[]> {
  if (!bluetoothSupported() || typeof navigator.bluetooth.getDevices !== 'function') return [];
  try {
    return await navigator.bluetooth.getDevices();
  } catch {
    return [];
  }
}

/** What the cuff says it is, and what became of its clock. */
export interface CuffInfo {
  maker: string | null;
  model: string | null;
  /** The flags this cuff can report (Blood Pressure Feature); null when it does not say. */
  canReport: CuffFlag[] | null;
  /** The cuff's clock as read before setting it; null when it cannot be read. */
  clockWas: CuffTime | null;
  /** Whether Vitalog set the cuff's clock from this device's. */
  clockSet: boolean;
}

export interface CuffHandlers {
  /** One Blood Pressure Measurement value, as the cuff sent it. */
  onMeasurement: (data: Uint8Array) => void;
  /** One Intermediate Cuff Pressure value (the cuff is inflating). */
  onCuffPressure: (data: Uint8Array) => void;
  onDisconnected: () => void;
}

const bytesOf = (view: DataView): Uint8Array => new Uint8Array(view.buffer.slice(view.byteOffset, view.byteOffset + view.byteLength));

async function optional<T>(work: () => Promise<T>): Promise<T | null> {
  try {
    return await work();
  } catch {
    return null;
  }
}

async function readText(service: BluetoothRemoteGATTService | null, uuid: number): Promise<string | null> {
  if (!service) return null;
  const value = await optional(async () => (await service.getCharacteristic(uuid)).readValue());
  if (!value) return null;
  // Strings in Device Information are UTF-8, often NUL-padded.
  const text = new TextDecoder().decode(bytesOf(value)).replace(/\0+$/, '').trim();
  return text === '' ? null : text.slice(0, 100);
}

/**
 * Sets the cuff's clock where it has one Vitalog may write (Current Time, or the Date Time
 * some cuffs keep in the blood pressure service) and says what it read first.
 */
async function setClock(
  bp: BluetoothRemoteGATTService,
  server: BluetoothRemoteGATTServer,
  now: () => Date,
): Promise<Pick<CuffInfo, 'clockWas' | 'clockSet'>> {
  const cts = await optional(async () => (await server.getPrimaryService(CURRENT_TIME_SERVICE)).getCharacteristic(CURRENT_TIME));
  const target = cts ?? (await optional(() => bp.getCharacteristic(DATE_TIME)));
  if (!target) return { clockWas: null, clockSet: false };
  const before = target.properties.read ? await optional(() => target.readValue()) : null;
  const clockWas = before ? decodeClock(bytesOf(before)) : null;
  const value = cts ? encodeCurrentTime(now()) : encodeDateTime(now());
  const written = await optional(async () => {
    await (target.properties.writeWithoutResponse && !target.properties.write
      ? target.writeValueWithoutResponse(value)
      : target.writeValueWithResponse(value));
    return true;
  });
  return { clockWas, clockSet: written === true };
}

/**
 * A connection to one cuff. After a disconnection the browser hands out new objects, so
 * `connect` fetches every characteristic again and adds its listeners anew.
 */
export class CuffLink {
  private measurement: BluetoothRemoteGATTCharacteristic | null = null;
  private pressure: BluetoothRemoteGATTCharacteristic | null = null;
  private closed = false;

  constructor(
    readonly device: BluetoothDevice,
    private readonly handlers: CuffHandlers,
    private readonly now: () => Date = () => new Date(),
  ) {
    device.addEventListener('gattserverdisconnected', this.disconnected);
  }

  private readonly disconnected = (): void => {
    this.measurement = null;
    this.pressure = null;
    if (!this.closed) this.handlers.onDisconnected();
  };

  private readonly measured = (event: Event): void => {
    const value = (event.target as BluetoothRemoteGATTCharacteristic).value;
    if (value) this.handlers.onMeasurement(bytesOf(value));
  };

  private readonly inflating = (event: Event): void => {
    const value = (event.target as BluetoothRemoteGATTCharacteristic).value;
    if (value) this.handlers.onCuffPressure(bytesOf(value));
  };

  /** Connects, reads what the cuff is, sets its clock and subscribes to its measurements (a
   * cuff sends its unsent memory right after this, as a burst). */
  async connect(): Promise<CuffInfo> {
    const gatt = this.device.gatt;
    if (!gatt) throw new Error('This cuff offers no Bluetooth services to this browser.');
    const server = await gatt.connect();
    const bp = await server.getPrimaryService(BLOOD_PRESSURE_SERVICE);
    const info = await optional(() => server.getPrimaryService(DEVICE_INFORMATION));
    const maker = await readText(info, MANUFACTURER_NAME);
    const model = await readText(info, MODEL_NUMBER);
    const feature = await optional(async () => (await bp.getCharacteristic(BP_FEATURE)).readValue());
    const clock = await setClock(bp, server, this.now);

    this.pressure = await optional(() => bp.getCharacteristic(INTERMEDIATE_CUFF_PRESSURE));
    if (this.pressure) {
      this.pressure.addEventListener('characteristicvaluechanged', this.inflating);
      await optional(() => (this.pressure as BluetoothRemoteGATTCharacteristic).startNotifications());
    }
    // Subscribed last: the burst of stored readings starts as soon as indications are on.
    const measurement = await bp.getCharacteristic(BP_MEASUREMENT);
    measurement.addEventListener('characteristicvaluechanged', this.measured);
    this.measurement = measurement;
    await measurement.startNotifications();
    return { maker, model, canReport: feature ? decodeFeature(bytesOf(feature)) : null, ...clock };
  }

  /** Waits for the cuff to advertise again (it wakes when its Bluetooth button is pressed)
   * where the browser can watch for it; false where it cannot. */
  async watch(onSeen: () => void): Promise<boolean> {
    if (typeof this.device.watchAdvertisements !== 'function') return false;
    const seen = (): void => {
      this.device.removeEventListener('advertisementreceived', seen);
      onSeen();
    };
    this.device.addEventListener('advertisementreceived', seen);
    try {
      await this.device.watchAdvertisements();
      return true;
    } catch {
      this.device.removeEventListener('advertisementreceived', seen);
      return false;
    }
  }

  /** Ends the connection for good (leaving the page, or "Disconnect"). */
  close(): void {
    this.closed = true;
    this.device.removeEventListener('gattserverdisconnected', this.disconnected);
    this.measurement?.removeEventListener('characteristicvaluechanged', this.measured);
    this.pressure?.removeEventListener('characteristicvaluechanged', this.inflating);
    if (this.device.gatt?.connected) this.device.gatt.disconnect();
  }
}

/** How far the cuff's clock was from this device's, in minutes (positive: ahead). */
export function clockOffsetMinutes(clockWas: CuffTime | null, now: Date): number | null {
  if (!clockWas) return null;
  return Math.round((cuffTimeToDate(clockWas).getTime() - now.getTime()) / 60_000);
}

/** Whether this browser can read a cuff (Web Bluetooth: Chrome and Edge on Android, Windows,
 * macOS and ChromeOS; not Safari, Firefox, iOS, or Linux without its flag). */
export function bluetoothSupported(): boolean {
  return typeof navigator !== 'undefined' && 'bluetooth' in navigator && typeof navigator.bluetooth.requestDevice === 'function';
}

import '@testing-library/jest-dom/vitest';
// jsdom has no IndexedDB; the app's offline queue (features/readings/api/offlineQueue) needs one, as browsers have.
import 'fake-indexeddb/auto';
import { cleanup, configure } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// jsdom has no canvas: charts are replaced by a plain element in unit tests
// (real drawing is checked in the browser tests).
vi.mock('react-chartjs-2', async () => (await import('./chartMock')).chartMock);

// findBy*/waitFor give up after this long. Lazy routes are transformed by vitest on first
// import, which on a loaded 2-core CI machine took over the library's 1 s default, so tests
// failed while the app was right. The deadline is a fail-safe, not a speed assertion.
configure({ asyncUtilTimeout: 10_000 });

afterEach(() => {
  cleanup();
  window.sessionStorage.clear();
  document.cookie.split(';').forEach((part) => {
    const name = part.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  });
});

import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach, vi } from 'vitest';

// jsdom has no canvas: charts are replaced by a plain element in unit tests
// (real drawing is checked in the browser tests).
vi.mock('react-chartjs-2', async () => (await import('./chartMock')).chartMock);

afterEach(() => {
  cleanup();
  window.sessionStorage.clear();
  document.cookie.split(';').forEach((part) => {
    const name = part.split('=')[0]?.trim();
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  });
});

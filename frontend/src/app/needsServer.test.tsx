import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { NeedsServer } from './NeedsServer';

function setOnline(online: boolean): void {
  vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(online);
  act(() => {
    window.dispatchEvent(new Event(online ? 'online' : 'offline'));
  });
}

function renderReports(): void {
  render(
    <MemoryRouter>
      <NeedsServer title="Reports">
        <p>reports page</p>
      </NeedsServer>
    </MemoryRouter>,
  );
}

afterEach(() => vi.restoreAllMocks());

describe('NeedsServer', () => {
  it('opened offline: the page heading and the offline card, then the page once back online', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    renderReports();
    expect(screen.getByRole('heading', { level: 1, name: 'Reports' })).toBeInTheDocument();
    expect(screen.getByText("Reports needs a connection; it will load when you're back.")).toBeInTheDocument();
    expect(screen.queryByText('reports page')).toBeNull();
    setOnline(true);
    expect(screen.getByText('reports page')).toBeInTheDocument();
  });

  it('keeps an open page mounted when the connection drops, so nothing typed is lost', () => {
    renderReports();
    expect(screen.getByText('reports page')).toBeInTheDocument();
    setOnline(false);
    expect(screen.getByText('reports page')).toBeInTheDocument();
    expect(screen.queryByText(/needs a connection/)).toBeNull();
  });
});

import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RecentReadings } from './components/RecentReadings';
import { WeekLoadError } from '../homeWeek/ui/WeekLoading';

const units = { weightUnit: 'lbs', bloodSugarUnit: 'mg/dL' } as const;

function recent(): void {
  render(
    <MemoryRouter>
      <RecentReadings readings={undefined} failed units={units} onEdit={vi.fn()} onDelete={vi.fn()} />
    </MemoryRouter>,
  );
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('dashboard cards that could not load', () => {
  it('offline: a calm note that readings recorded now are kept, not a red error', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    recent();
    expect(screen.getByRole('region', { name: "You're offline" })).toHaveTextContent(
      'Readings you record now are kept on this device',
    );
    expect(screen.queryByText('Your readings could not be loaded')).not.toBeInTheDocument();
  });

  it('online: the failure is an error that says what to do', () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(true);
    recent();
    expect(screen.getByText('Your readings could not be loaded')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: "You're offline" })).not.toBeInTheDocument();
  });

  it("the home week's failure offline says it needs a connection", () => {
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    render(<WeekLoadError />);
    expect(screen.getByRole('region', { name: "You're offline" })).toHaveTextContent(
      'Your home monitoring week needs a connection',
    );
  });
});

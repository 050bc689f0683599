import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import useSWR from 'swr';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ReactElement } from 'react';
import { fetcher } from '../../lib/api';
import { mockFetch, type MockResponse, type RecordedCall } from '../../testing/fetchMock';
import { renderWithProviders } from '../../testing/render';
import type { ImportPreview } from '../../features/data/api/dataApi';
import { isReadingsKey } from '../../features/data/components/ImportReadings';
import ProfilePage from './ProfilePage';
import { activeSubscription, pageRoutes, storedPreferences } from './profileFixtures';

afterEach(() => {
  vi.unstubAllGlobals();
});

const CSV =
  'date,time,systolic,diastolic,heart_rate,weight,weight_unit,blood_sugar,blood_sugar_unit,notes\r\n' +
  '2026-11-01,08:00,120,80,70,154.3,lbs,99,mg/dL,\r\n';

const preview: ImportPreview = {
  new: 2,
  duplicates: 1,
  invalid: 1,
  rows: [
    {
      line: 2,
      status: 'new',
      date: '2026-11-01',
      time: '08:00',
      systolic: 120,
      diastolic: 80,
      heartRate: 70,
      weight: 154.32,
      bloodSugar: 99,
      notes: 'after a walk',
      errors: {},
    },
    {
      line: 3,
      status: 'duplicate',
      date: '2026-11-02',
      time: '08:00',
      systolic: 118,
      diastolic: 79,
      heartRate: null,
      weight: null,
      bloodSugar: null,
      notes: null,
      errors: {},
    },
    {
      line: 4,
      status: 'invalid',
      date: null,
      time: null,
      systolic: null,
      diastolic: null,
      heartRate: null,
      weight: null,
      bloodSugar: null,
      notes: null,
      errors: { systolic: 'Systolic must be at least 70', time: 'Time is required' },
    },
    {
      line: 5,
      status: 'new',
      date: '2026-11-03',
      time: '21:15',
      systolic: 133,
      diastolic: null,
      heartRate: null,
      weight: null,
      bloodSugar: 180.16,
      notes: null,
      errors: {},
    },
  ],
};

/** Another screen's readings list, to see it refetched after an import. */
function ReadingsProbe(): ReactElement {
  const { data } = useSWR<{ n: number }>('/api/readings?limit=5', fetcher);
  return <p data-testid="readings-probe">{data ? `n=${data.n}` : 'loading'}</p>;
}

type Routes = Parameters<typeof mockFetch>[0];

function renderPage(routes: Routes = pageRoutes()): ReturnType<typeof mockFetch> {
  const mock = mockFetch(routes);
  renderWithProviders(
    <>
      <ProfilePage />
      <ReadingsProbe />
    </>,
    { route: '/profile', path: '/profile' },
  );
  return mock;
}

function section(): HTMLElement {
  return screen.getByRole('region', { name: 'Your data' });
}

async function chooseFile(text = CSV, name = 'readings.csv'): Promise<void> {
  const user = userEvent.setup();
  const input = within(section()).getByLabelText('CSV file');
  await user.upload(input, new File([text], name, { type: 'text/csv' }));
}

let readingsFetches = 0;
function readingsRoute(): MockResponse {
  readingsFetches += 1;
  return { body: { n: readingsFetches } };
}

function routesWith(extra: Routes): Routes {
  return pageRoutes({
    'GET /api/user/subscription': { body: activeSubscription },
    'GET /api/readings?limit=5': readingsRoute,
    ...extra,
  });
}

describe('Your data: downloads', () => {
  it('is in the section nav and links every export with the download attribute', () => {
    renderPage(routesWith({}));
    expect(section()).toHaveAttribute('id', 'profile-data');
    const nav = screen.getByRole('navigation', { name: 'Profile sections' });
    expect(within(nav).getByRole('link', { name: 'Your data' })).toHaveAttribute('href', '/profile#profile-data');
    for (const [name, href] of [
      ['Readings (CSV, in my units)', '/api/data/readings.csv?units=preferred'],
      ['Readings (CSV, canonical lbs and mg/dL)', '/api/data/readings.csv?units=canonical'],
      ['Readings (FHIR R4 JSON)', '/api/data/readings.fhir.json'],
      ['Medications (CSV)', '/api/data/medications.csv'],
      ['Account data (JSON)', '/api/data/account.json'],
    ] as const) {
      const link = within(section()).getByRole('link', { name });
      expect(link).toHaveAttribute('href', href);
      expect(link).toHaveAttribute('download');
    }
    expect(
      within(section()).getByText(
        'date,time,systolic,diastolic,heart_rate,weight,weight_unit,blood_sugar,blood_sugar_unit,notes',
      ),
    ).toBeInTheDocument();
    expect(within(section()).getByText(/A blank unit means lbs and mg\/dL/)).toBeInTheDocument();
  });
});

describe('Your data: import', () => {
  it("previews the file: counts, rows with errors and new rows in the user's units", async () => {
    const { calls } = renderPage(
      routesWith({
        'GET /api/user/preferences': { body: { ...storedPreferences, weightUnit: 'kg', bloodSugarUnit: 'mmol/L' } },
        'POST /api/data/import/preview': { body: preview },
      }),
    );
    await screen.findByRole('form', { name: 'Preferences' });
    await chooseFile();

    const panel = await within(section()).findByRole('group', { name: 'Preview of readings.csv' });
    expect(calls.find((c) => c.url === '/api/data/import/preview')?.body).toEqual({ csv: CSV });
    const summary = within(panel).getByRole('list', { name: 'Import summary' });
    expect(summary).toHaveTextContent('2 new');
    expect(summary).toHaveTextContent('1 already there');
    expect(summary).toHaveTextContent('1 with errors');

    const errors = within(panel).getByRole('table', { name: 'Rows with errors (they will be skipped)' });
    const errorRows = within(errors).getAllByRole('row').slice(1);
    expect(errorRows.map((r) => r.textContent)).toEqual([
      '4SystolicSystolic must be at least 70',
      '4TimeTime is required',
    ]);

    const fresh = within(panel).getByRole('table', { name: 'The 2 new readings' });
    const headers = within(fresh).getAllByRole('columnheader').map((h) => h.textContent);
    expect(headers).toEqual([
      'Line',
      'Date',
      'Time',
      'Blood pressure',
      'Heart rate (bpm)',
      'Weight (kg)',
      'Blood sugar (mmol/L)',
      'Notes',
    ]);
    const cells = (row: HTMLElement | undefined): Array<string | null> =>
      row ? within(row).getAllByRole('cell').map((c) => c.textContent) : [];
    const [first, second] = within(fresh).getAllByRole('row').slice(1);
    // 154.32 lbs is 70.0 kg; 99 and 180.16 mg/dL are 5.5 and 10.0 mmol/L: the precision of
    // every other screen (lib/units.ts). Half a blood pressure and missing values read as
    // in History (ReadingCells).
    expect(cells(first)).toEqual(['2', '2026-11-01', '08:00', '120/80', '70', '70.0', '5.5', 'after a walk']);
    expect(cells(second)).toEqual(['5', '2026-11-03', '21:15', '133/---', '---', '---', '10.0', '']);
    expect(within(fresh).queryByText('2026-11-02')).not.toBeInTheDocument();

    expect(within(panel).getByRole('button', { name: 'Import 2 readings' })).toBeEnabled();
    expect(calls.some((c) => c.url === '/api/data/import')).toBe(false);
  });

  it("imports, toasts the server's message and refetches the readings", async () => {
    readingsFetches = 0;
    const message = 'Imported 2 readings. 1 was already there. 1 row was skipped because of errors.';
    const { calls } = renderPage(
      routesWith({
        'POST /api/data/import/preview': { body: preview },
        'POST /api/data/import': { body: { imported: 2, duplicates: 1, invalid: 1, message } },
      }),
    );
    expect(await screen.findByTestId('readings-probe')).toHaveTextContent('n=1');
    await chooseFile();
    const user = userEvent.setup();
    await user.click(await within(section()).findByRole('button', { name: 'Import 2 readings' }));

    expect(await screen.findByText('Readings imported')).toBeInTheDocument();
    expect(screen.getAllByText(message).length).toBeGreaterThan(0);
    expect(calls.find((c) => c.url === '/api/data/import')?.body).toEqual({ csv: CSV });
    await waitFor(() => expect(screen.getByTestId('readings-probe')).toHaveTextContent('n=2'));
    expect(within(section()).queryByRole('group', { name: 'Preview of readings.csv' })).not.toBeInTheDocument();
    expect(within(section()).getByLabelText('CSV file')).toHaveValue('');
  });

  it('cannot import a file with nothing new', async () => {
    renderPage(
      routesWith({
        'POST /api/data/import/preview': {
          body: { new: 0, duplicates: 1, invalid: 0, rows: [{ ...preview.rows[1] }] },
        },
      }),
    );
    await chooseFile();
    const panel = await within(section()).findByRole('group', { name: 'Preview of readings.csv' });
    expect(within(panel).getByRole('button', { name: 'Import 0 readings' })).toBeDisabled();
    expect(within(panel).queryByRole('table')).not.toBeInTheDocument();
  });

  it('says a subscription is required when the server answers 403, with a link to Subscription', async () => {
    const { calls } = renderPage(
      pageRoutes({
        'POST /api/data/import/preview': { body: preview },
        'POST /api/data/import': { status: 403, body: { message: 'Subscription Required' } },
      }),
    );
    await screen.findByRole('form', { name: 'Preferences' });
    await chooseFile();
    const panel = await within(section()).findByRole('group', { name: 'Preview of readings.csv' });
    // The stored subscription is inactive: the preview says so before anything is sent.
    expect(await within(panel).findByText('Subscription Required')).toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(within(panel).getByRole('button', { name: 'Import 2 readings' }));

    expect(await screen.findByText('Importing readings needs an active subscription.')).toBeInTheDocument();
    expect(calls.some((c: RecordedCall) => c.url === '/api/data/import')).toBe(true);
    // The toast's title, beside the note in the preview.
    expect(screen.getAllByText('Subscription Required')).toHaveLength(2);
    expect(screen.getByRole('button', { name: 'View subscription' })).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'Subscribe under Subscription' })).toHaveAttribute(
      'href',
      '/profile#profile-subscription',
    );
    // The preview stays, so the file can be imported once subscribed.
    expect(within(panel).getByRole('button', { name: 'Import 2 readings' })).toBeEnabled();
  });

  it('says checking a file needs a subscription when the preview answers 403', async () => {
    renderPage(
      routesWith({ 'POST /api/data/import/preview': { status: 403, body: { message: 'Subscription Required' } } }),
    );
    await chooseFile();
    const input = within(section()).getByLabelText('CSV file');
    await waitFor(() => expect(input).toHaveAttribute('aria-invalid', 'true'));
    expect(input).toHaveAccessibleDescription(
      expect.stringContaining('Checking and importing readings needs an active subscription.'),
    );
  });

  it("shows the server's message when imports are busy (429)", async () => {
    const busy = 'Another import of yours is still being checked. Please wait for it and try again.';
    renderPage(routesWith({ 'POST /api/data/import/preview': { status: 429, body: { message: busy } } }));
    await chooseFile();
    expect(await within(section()).findByText(busy)).toBeInTheDocument();
  });

  it('shows an unreadable file error under the file field', async () => {
    renderPage(
      routesWith({
        'POST /api/data/import/preview': {
          status: 400,
          body: {
            message: 'Validation failed',
            errors: { file: "The first row must name the columns, with at least date and time (as in Vitalog's export)." },
          },
        },
      }),
    );
    await chooseFile('hello\r\n', 'notes.csv');
    const input = within(section()).getByLabelText('CSV file');
    await waitFor(() => expect(input).toHaveAttribute('aria-invalid', 'true'));
    expect(input).toHaveAccessibleDescription(
      expect.stringContaining("The first row must name the columns, with at least date and time (as in Vitalog's export)."),
    );
    expect(within(section()).queryByRole('group', { name: /Preview of/ })).not.toBeInTheDocument();
  });

  it('refuses a file over 8 MB without sending it', async () => {
    const { calls } = renderPage(routesWith({}));
    const big = new File(['x'], 'huge.csv', { type: 'text/csv' });
    Object.defineProperty(big, 'size', { value: 8 * 1024 * 1024 + 1 });
    const user = userEvent.setup();
    await user.upload(within(section()).getByLabelText('CSV file'), big);
    expect(await within(section()).findByText('The file is larger than 8 MB. Split it and import each part.')).toBeInTheDocument();
    expect(calls.some((c) => c.url.startsWith('/api/data/import'))).toBe(false);
  });

  it('still reports success when refetching the readings afterwards fails', async () => {
    let fetches = 0;
    renderPage(
      pageRoutes({
        'GET /api/user/subscription': { body: activeSubscription },
        'GET /api/readings?limit=5': () => {
          fetches += 1;
          return fetches === 1 ? { body: { n: 1 } } : { status: 500, body: { message: 'boom' } };
        },
        'POST /api/data/import/preview': { body: preview },
        'POST /api/data/import': { body: { imported: 2, duplicates: 1, invalid: 1, message: 'Imported 2 readings.' } },
      }),
    );
    await chooseFile();
    const user = userEvent.setup();
    await user.click(await within(section()).findByRole('button', { name: 'Import 2 readings' }));
    expect(await screen.findByText('Readings imported')).toBeInTheDocument();
    await waitFor(() => expect(fetches).toBe(2));
    expect(screen.queryByText('Readings not imported')).not.toBeInTheDocument();
  });
});

describe('isReadingsKey', () => {
  it('matches readings URLs and array keys led by one', () => {
    expect(isReadingsKey('/api/readings')).toBe(true);
    expect(isReadingsKey('/api/readings?limit=5')).toBe(true);
    expect(isReadingsKey(['/api/readings', { from: '2026-01-01' }])).toBe(true);
    expect(isReadingsKey('/api/reports')).toBe(false);
    expect(isReadingsKey(['/api/user'])).toBe(false);
    expect(isReadingsKey(undefined)).toBe(false);
  });
});

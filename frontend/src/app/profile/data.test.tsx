import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import useSWR from 'swr';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReactElement } from 'react';
import { fetcher } from '../../lib/api';
import { mockFetch, type MockResponse } from '../../testing/fetchMock';
import { focusWhenShown } from '../../testing/focus';
import { FakeXhr, lastXhr, mockXhr } from '../../testing/xhrMock';
import { renderWithProviders } from '../../testing/render';
import type { ImportPreviewDto, MappingDto, SniffDto } from '../../lib/apiTypes';
import { nothingNewText } from '../../features/data/importWords';
import ProfilePage from './ProfilePage';
import { activeSubscription, pageRoutes, storedPreferences } from './profileFixtures';

beforeEach(() => {
  mockXhr();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

const appleSniff: SniffDto = {
  format: 'apple-health',
  container: 'zip',
  delimiter: null,
  headerRow: 1,
  lead: [],
  app: null,
  columns: [],
  rows: [],
  mapping: null,
  remembered: false,
};

const sheetSniff: SniffDto = {
  format: 'spreadsheet',
  container: 'csv',
  delimiter: ';',
  headerRow: 1,
  lead: [],
  app: null,
  columns: ['Datum', 'Sys', 'Dia', 'Gewicht', 'Notiz'],
  rows: [
    ['06/07/2023 08:10', '128', '82', '71,5', 'nach dem Laufen'],
    ['07/07/2023 08:05', '131', '85', '', ''],
  ],
  mapping: {
    delimiter: ';',
    headerRow: 1,
    date: 0,
    time: null,
    defaultTime: null,
    period: null,
    morningTime: null,
    eveningTime: null,
    systolic: 1,
    diastolic: 2,
    heartRate: null,
    weight: 3,
    bloodSugar: null,
    notes: 4,
    weightUnit: 'kg',
    bloodSugarUnit: 'mg/dL',
    dateOrder: 'dmy',
  },
  remembered: true,
};

const preview: ImportPreviewDto = {
  id: 'draft-1',
  format: 'apple-health',
  fileName: 'export.zip',
  timeBasis: 'converted',
  timeZone: 'America/New_York',
  records: 1234567,
  counts: { bloodPressure: 310, heartRate: 402, weight: 120, bloodSugar: 14 },
  new: 800,
  duplicates: 12,
  skipped: 590,
  skippedByReason: { 'out-of-range': 588, 'unreadable-date': 2, duplicate: 12 },
  from: '2019-03-02',
  to: '2026-11-20',
  rows: [
    {
      location: 'Record at line 12',
      date: '2019-03-02',
      time: '07:43',
      systolic: 128,
      diastolic: 82,
      heartRate: 70,
      weight: 154.32,
      bloodSugar: null,
      notes: null,
      weightAsRead: null,
      bloodSugarAsRead: null,
    },
    {
      location: 'Record at line 40',
      date: '2019-03-03',
      time: '21:15',
      systolic: null,
      diastolic: null,
      heartRate: null,
      weight: null,
      bloodSugar: 180.16,
      notes: 'after dinner',
      weightAsRead: null,
      bloodSugarAsRead: null,
    },
  ],
  skippedRows: Array.from({ length: 500 }, (_, i) =>
    i === 0
      ? { location: 'Record at line 7', reason: 'out-of-range' as const, message: 'Systolic must be less than 250' }
      : { location: `Record at line ${100 + i}`, reason: 'duplicate' as const, message: 'Already stored' },
  ),
  units: [],
  leftOut: [],
};

/** Another screen's readings list, to see it refetched after an import. */
function ReadingsProbe(): ReactElement {
  const { data } = useSWR<{ n: number }>('/api/readings?limit=5', fetcher);
  return <p data-testid="readings-probe">{data ? `n=${data.n}` : 'loading'}</p>;
}

type Routes = Parameters<typeof mockFetch>[0];

let readingsFetches = 0;
function readingsRoute(): MockResponse {
  readingsFetches += 1;
  return { body: { n: readingsFetches } };
}

function routesWith(extra: Routes, subscription = activeSubscription): Routes {
  return pageRoutes({
    'GET /api/user/subscription': { body: subscription },
    'GET /api/readings?limit=5': readingsRoute,
    ...extra,
  });
}

function renderPage(routes: Routes): ReturnType<typeof mockFetch> {
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

async function chooseFile(name = 'export.zip', text = 'PK'): Promise<void> {
  const user = userEvent.setup();
  await user.upload(within(section()).getByLabelText('File to import'), new File([text], name));
}

const progressLine = (done: number, total: number, records: number, found: number): string =>
  `${JSON.stringify({ type: 'progress', done, total, records, found })}\n`;

/** Chooses export.zip, reads it and answers with the preview. */
async function toPreview(shown: ImportPreviewDto = preview): Promise<HTMLElement> {
  await chooseFile();
  const user = userEvent.setup();
  await user.click(await within(section()).findByRole('button', { name: 'Read the file' }));
  act(() => {
    lastXhr().uploadDone();
    lastXhr().respond(200, `${JSON.stringify({ type: 'preview', preview: shown })}\n`);
    lastXhr().finish();
  });
  return within(section()).findByRole('group', { name: 'Preview of export.zip' });
}

describe('Your data: downloads and help', () => {
  it('links every export with the download attribute and says where apps hide theirs', () => {
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
      within(section()).getByText('date,time,systolic,diastolic,heart_rate,weight,weight_unit,blood_sugar,blood_sugar_unit,notes,setting,source,device,flags'),
    ).toBeInTheDocument();
    const help = within(section()).getByText('Where each app hides its export').closest('details');
    expect(help).not.toBeNull();
    expect(within(help!).getAllByRole('term', { hidden: true }).map((t) => t.textContent)).toEqual([
      'OMRON connect',
      'Withings',
      'Apple Health',
      'Any spreadsheet',
    ]);
    expect(within(help!).getByText('Export All Health Data')).toBeInTheDocument();
    expect(within(section()).getByLabelText('File to import')).toHaveAttribute('accept', '.csv,.txt,.zip,.xml');
  });
});

describe('Your data: import', () => {
  it('detects the file from its first 64 KiB and lets the user read it as another format', async () => {
    const { calls } = renderPage(routesWith({ 'POST /api/data/imports/sniff?name=export.zip': { body: appleSniff } }));
    await chooseFile();
    expect(await within(section()).findByText('Detected: Apple Health export.')).toBeInTheDocument();
    expect(calls.find((c) => c.url.startsWith('/api/data/imports/sniff'))?.body).toBeInstanceOf(Blob);
    const format = within(section()).getByLabelText('Read it as');
    expect(format).toHaveValue('auto');
    expect(within(format).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Automatic',
      'Apple Health export',
      'OMRON connect CSV',
      'Withings Health Mate export',
      'Vitalog CSV',
      'Other spreadsheet',
    ]);
    const user = userEvent.setup();
    await user.selectOptions(format, 'withings');
    await user.click(within(section()).getByRole('button', { name: 'Read the file' }));
    expect(lastXhr().url).toBe('/api/data/imports?format=withings&name=export.zip');
  });

  it('shows the upload, then the reading, on one bar with a status, and the preview after', async () => {
    renderPage(
      routesWith({
        'GET /api/user/preferences': { body: { ...storedPreferences, weightUnit: 'kg', bloodSugarUnit: 'mmol/L' } },
        'POST /api/data/imports/sniff?name=export.zip': { body: appleSniff },
      }),
    );
    await screen.findByRole('form', { name: 'Preferences' });
    await chooseFile();
    const user = userEvent.setup();
    await user.click(await within(section()).findByRole('button', { name: 'Read the file' }));
    const xhr = lastXhr();
    expect(xhr.url).toBe('/api/data/imports?format=auto&name=export.zip');

    const bar = within(section()).getByRole('progressbar');
    const mb = 1024 * 1024;
    act(() => xhr.uploadProgress(45.2 * mb, 200 * mb));
    expect(within(section()).getByText('Uploading 45.2 MB of 200 MB')).toBeInTheDocument();
    expect(bar).toHaveAttribute('aria-valuenow', '22');
    expect(within(section()).getByRole('heading', { name: 'Importing export.zip' })).toHaveFocus();
    expect(within(section()).getByLabelText('File to import')).toBeDisabled();

    act(() => xhr.uploadDone());
    expect(within(section()).getByText('Reading the file…')).toBeInTheDocument();
    expect(within(section()).getByRole('progressbar')).not.toHaveAttribute('aria-valuenow');
    act(() => xhr.respond(200, progressLine(50 * mb, 200 * mb, 1234567, 3210)));
    expect(within(section()).getByText('Reading: 1,234,567 records read, 3,210 readings found')).toBeInTheDocument();
    expect(within(section()).getByRole('progressbar')).toHaveAttribute('aria-valuenow', '25');
    // Screen readers hear every tenth of the way, not every line.
    expect(within(section()).getByText('Reading export.zip: 20%')).toHaveAttribute('role', 'status');

    // The preview arrives from a promise, outside act: its heading must hold focus as it appears.
    const previewHeading = focusWhenShown(() => within(section()).queryByRole('heading', { name: 'Preview of export.zip' }));
    act(() => {
      xhr.respond(200, `${JSON.stringify({ type: 'preview', preview })}\n`);
      xhr.finish();
    });
    const { shown, focused } = await previewHeading;
    expect(focused).toBe(shown);
    const panel = await within(section()).findByRole('group', { name: 'Preview of export.zip' });
    expect(within(panel).getByRole('heading', { name: 'Preview of export.zip' })).toHaveFocus();
    expect(panel).toHaveTextContent('Apple Health export: 1,234,567 records read.');
    const summary = within(panel).getByRole('list', { name: 'Import summary' });
    expect(summary).toHaveTextContent('800 new');
    expect(summary).toHaveTextContent('12 already there');
    expect(summary).toHaveTextContent('590 skipped');
    const kinds = within(panel).getByRole('list', { name: 'New readings by kind' });
    expect(kinds).toHaveTextContent('Blood pressure 310');
    expect(kinds).toHaveTextContent('Heart rate 402');
    expect(kinds).toHaveTextContent('Weight 120');
    expect(kinds).toHaveTextContent('Blood sugar 14');
    expect(within(panel).getByText('From 03/02/2019 to 11/20/2026')).toBeInTheDocument();
    expect(within(panel).getByText('Times converted to your time zone, America/New_York')).toBeInTheDocument();
    expect(within(panel).getByText('Skipped: 588 out of range, 2 with a date that could not be read')).toBeInTheDocument();

    // The first rows as they will be stored, in the user's units (lib/units), as History shows them.
    const rows = within(panel).getByRole('table', { name: 'The first 2 of 800 new readings, as they will be stored' });
    const cells = (row: HTMLElement | undefined): string[] =>
      row ? within(row).getAllByRole('cell').map((c) => c.textContent ?? '') : [];
    const [first, second] = within(rows).getAllByRole('row').slice(1);
    expect(cells(first)).toEqual([
      '03/02/2019',
      '07:437:43 AM',
      expect.stringMatching(/^128\/82 mmHg/),
      '70 bpm',
      '70.0 kg',
      '---',
      '---',
    ]);
    expect(cells(second)).toEqual(['03/03/2019', '21:159:15 PM', '---', '---', '---', '10.0 mmol/L', 'after dinner']);

    const skipped = within(panel).getByRole('table', { name: 'Rows skipped (they will not be imported)' });
    expect(within(panel).getByText('Rows skipped (602)')).toBeInTheDocument();
    expect(within(panel).getByText('Showing the first 500 of 602.')).toBeInTheDocument();
    expect(within(skipped).getAllByRole('row')[1]).toHaveTextContent('Record at line 7Out of rangeSystolic must be less than 250');
    expect(within(skipped).getAllByRole('row')[2]).toHaveTextContent('Already there');
    expect(within(panel).getByRole('button', { name: 'Import 800 readings' })).toBeEnabled();
  });

  it('shows the units read, each value as read and in your units, and what a rule left out', async () => {
    renderPage(
      routesWith({
        'GET /api/user/preferences': { body: { ...storedPreferences, weightUnit: 'lbs', bloodSugarUnit: 'mg/dL' } },
        'POST /api/data/imports/sniff?name=export.zip': { body: appleSniff },
      }),
    );
    await screen.findByRole('form', { name: 'Preferences' });
    const [bp, sugar] = preview.rows;
    const panel = await toPreview({
      ...preview,
      new: 3,
      rows: [
        { ...bp!, weight: 182.983, weightAsRead: { value: 83, unit: 'kg' } },
        { ...sugar!, bloodSugar: 99.088, bloodSugarAsRead: { value: 5.5, unit: 'mmol/L' } },
        { ...bp!, date: '2019-03-04', weight: 183.0, weightAsRead: { value: 183, unit: 'lbs' } },
      ],
      units: [
        { measure: 'weight', unit: 'kg', source: 'the column “Gewicht (kg)”' },
        { measure: 'bloodSugar', unit: 'mmol/L', source: 'your choice' },
      ],
      leftOut: [{ reason: "Heart-rate samples not taken with a blood pressure reading (a watch's continuous samples)", count: 48211 }],
    });
    expect(within(panel).getByText('Weights read in kg, from the column “Gewicht (kg)”')).toBeInTheDocument();
    expect(within(panel).getByText('Blood sugar values read in mmol/L, as you chose')).toBeInTheDocument();
    // Left out by a rule: counted in the summary, not among the skipped.
    const summary = within(panel).getByRole('list', { name: 'Import summary' });
    expect(within(summary).getAllByRole('listitem').at(-1)).toHaveTextContent(
      "48,211 left out: Heart-rate samples not taken with a blood pressure reading (a watch's continuous samples)",
    );
    expect(summary).toHaveTextContent('590 skipped');

    const rows = within(panel).getByRole('table', { name: 'The new readings, as they will be stored' });
    expect(within(rows).getAllByRole('columnheader').at(-1)).toHaveTextContent('Notes');
    const cells = within(rows)
      .getAllByRole('row')
      .slice(1)
      .map((row) => within(row).getAllByRole('cell').map((c) => c.textContent ?? ''));
    expect(cells[0]?.slice(4)).toEqual(['83.0 kg · 183.0 lbs', '---', '---']);
    expect(cells[1]?.slice(4)).toEqual(['---', '5.5 mmol/L · 99 mg/dL', 'after dinner']);
    // Read in the person's own unit: said once.
    expect(cells[2]?.slice(4)).toEqual(['183.0 lbs', '---', '---']);
  });

  it('says why nothing is new, counting what a rule left out', async () => {
    renderPage(routesWith({ 'POST /api/data/imports/sniff?name=export.zip': { body: appleSniff } }));
    const panel = await toPreview({
      ...preview,
      new: 0,
      duplicates: 0,
      skipped: 0,
      skippedByReason: {},
      skippedRows: [],
      rows: [],
      counts: { bloodPressure: 0, heartRate: 0, weight: 0, bloodSugar: 0 },
      leftOut: [{ reason: 'Heart-rate samples of a watch', count: 120 }],
    });
    expect(within(panel).getByRole('list', { name: 'Import summary' })).toHaveTextContent('120 left out: Heart-rate samples of a watch');
    expect(within(panel).getByText('There is nothing new to import: every reading in this file was left out by a rule.')).toBeInTheDocument();
    const none = { duplicates: 0, skipped: 0, leftOut: [] };
    expect(nothingNewText({ ...none, duplicates: 3, skipped: 1 })).toBe(
      'There is nothing new to import: every reading in this file is already there or was skipped.',
    );
    expect(nothingNewText({ ...none, duplicates: 3, skipped: 1, leftOut: [{ reason: 'Steps', count: 2 }] })).toBe(
      'There is nothing new to import: every reading in this file is already there, was skipped or was left out by a rule.',
    );
    expect(nothingNewText(none)).toBe('There is nothing to import: no readings were found in this file.');
  });

  it("imports the preview, toasts the server's message and refetches the readings", async () => {
    readingsFetches = 0;
    const message = 'Imported 800 readings. 12 were already there. 590 rows were skipped because of errors.';
    const { calls } = renderPage(
      routesWith({
        'POST /api/data/imports/sniff?name=export.zip': { body: appleSniff },
        'POST /api/data/imports/draft-1/commit': { body: { imported: 800, duplicates: 12, invalid: 590, message } },
      }),
    );
    expect(await screen.findByTestId('readings-probe')).toHaveTextContent('n=1');
    const panel = await toPreview();
    const user = userEvent.setup();
    await user.click(within(panel).getByRole('button', { name: 'Import 800 readings' }));

    expect(await screen.findByText('Readings imported')).toBeInTheDocument();
    expect(calls.some((c) => c.method === 'POST' && c.url === '/api/data/imports/draft-1/commit')).toBe(true);
    expect(within(section()).getByText('Import finished')).toBeInTheDocument();
    expect(within(section()).getByText(message)).toBeInTheDocument();
    await waitFor(() => expect(screen.getByTestId('readings-probe')).toHaveTextContent('n=2'));
    expect(within(section()).queryByRole('group', { name: 'Preview of export.zip' })).not.toBeInTheDocument();
    expect(within(section()).getByLabelText('File to import')).toHaveValue('');
  });

  it('says a preview has expired when its commit answers 404', async () => {
    renderPage(
      routesWith({
        'POST /api/data/imports/sniff?name=export.zip': { body: appleSniff },
        'POST /api/data/imports/draft-1/commit': { status: 404, body: { message: 'Not Found' } },
      }),
    );
    const panel = await toPreview();
    const user = userEvent.setup();
    await user.click(within(panel).getByRole('button', { name: 'Import 800 readings' }));
    expect(await within(section()).findByText('This preview expired. Choose the file again.')).toBeInTheDocument();
    expect(within(section()).queryByRole('group', { name: 'Preview of export.zip' })).not.toBeInTheDocument();
  });

  it('discards the draft when the preview is cancelled', async () => {
    const { calls } = renderPage(
      routesWith({
        'POST /api/data/imports/sniff?name=export.zip': { body: appleSniff },
        'DELETE /api/data/imports/draft-1': { status: 204 },
      }),
    );
    const panel = await toPreview();
    const user = userEvent.setup();
    await user.click(within(panel).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(calls.some((c) => c.method === 'DELETE' && c.url === '/api/data/imports/draft-1')).toBe(true));
    expect(within(section()).getByText('Import cancelled')).toBeInTheDocument();
    expect(within(section()).getByText('Nothing was saved. Choose a file to start again.')).toBeInTheDocument();
  });

  it('cancels while uploading and while reading: the request is aborted and the page starts again', async () => {
    renderPage(routesWith({ 'POST /api/data/imports/sniff?name=export.zip': { body: appleSniff } }));
    await chooseFile();
    const user = userEvent.setup();
    await user.click(await within(section()).findByRole('button', { name: 'Read the file' }));
    act(() => lastXhr().uploadProgress(10, 100));
    await user.click(within(section()).getByRole('button', { name: 'Cancel' }));
    expect(lastXhr().aborted).toBe(true);
    expect(await within(section()).findByText('Import cancelled')).toBeInTheDocument();
    expect(within(section()).queryByRole('progressbar')).not.toBeInTheDocument();
    expect(within(section()).getByLabelText('File to import')).toBeEnabled();

    await chooseFile();
    await user.click(await within(section()).findByRole('button', { name: 'Read the file' }));
    const second = lastXhr();
    act(() => {
      second.uploadDone();
      second.respond(200, progressLine(10, 100, 5, 1));
    });
    await user.click(within(section()).getByRole('button', { name: 'Cancel' }));
    expect(second.aborted).toBe(true);
    expect(await within(section()).findByText('Import cancelled')).toBeInTheDocument();
  });

  it("shows the file's error line, naming the format and the line, and keeps the file chosen", async () => {
    renderPage(routesWith({ 'POST /api/data/imports/sniff?name=omron.csv': { body: { ...appleSniff, format: 'omron', container: 'csv' } } }));
    await chooseFile('omron.csv', 'Date,Time');
    const user = userEvent.setup();
    await user.click(await within(section()).findByRole('button', { name: 'Read the file' }));
    const message = 'This is not an OMRON connect CSV: line 3 has 4 cells, the header 9.';
    act(() => {
      lastXhr().uploadDone();
      lastXhr().respond(200, `${progressLine(10, 100, 2, 0)}${JSON.stringify({ type: 'error', message, status: 400 })}\n`);
      lastXhr().finish();
    });
    const alert = await within(section()).findByRole('alert');
    expect(alert).toHaveTextContent('This file could not be imported');
    expect(alert).toHaveTextContent(message);
    expect(alert.parentElement).toHaveFocus();
    expect(within(section()).getByText('Detected: OMRON connect CSV.')).toBeInTheDocument();
    expect(within(section()).getByRole('button', { name: 'Read the file' })).toBeEnabled();
  });

  it.each([
    [413, { message: 'The file is larger than 500 MB. Export a shorter period, or split the file.' }],
    [429, { message: 'Another import of yours is under way. Wait for it to finish.' }],
    [400, { message: 'Validation failed', errors: { format: 'Format must be auto, vitalog, omron, withings, apple-health or spreadsheet.' } }],
  ] as const)("shows the server's refusal (%i) before reading", async (status, body) => {
    renderPage(routesWith({ 'POST /api/data/imports/sniff?name=export.zip': { body: appleSniff } }));
    await chooseFile();
    const user = userEvent.setup();
    await user.click(await within(section()).findByRole('button', { name: 'Read the file' }));
    act(() => {
      lastXhr().respond(status, JSON.stringify(body));
      lastXhr().finish();
    });
    const expected = 'errors' in body ? body.errors.format : body.message;
    expect(await within(section()).findByRole('alert')).toHaveTextContent(expected);
  });

  it('says the connection was interrupted when the upload fails', async () => {
    renderPage(routesWith({ 'POST /api/data/imports/sniff?name=export.zip': { body: appleSniff } }));
    await chooseFile();
    const user = userEvent.setup();
    await user.click(await within(section()).findByRole('button', { name: 'Read the file' }));
    act(() => lastXhr().fail());
    expect(await within(section()).findByRole('alert')).toHaveTextContent(
      'The connection was interrupted before the file was read. Check your connection and choose the file again.',
    );
  });

  it('needs a subscription to read a file: it says so with a link, and does not upload', async () => {
    renderPage(routesWith({ 'POST /api/data/imports/sniff?name=export.zip': { body: appleSniff } }, { isActive: false, expiresAt: null, cancelledAt: null }));
    await chooseFile();
    const panel = await within(section()).findByRole('group', { name: 'Reading export.zip' });
    expect(await within(panel).findByText('Subscription Required')).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'Subscribe under Subscription' })).toHaveAttribute('href', '/profile#profile-subscription');
    expect(within(panel).getByRole('button', { name: 'Read the file' })).toBeDisabled();
  });

  it('says a subscription is required when the commit answers 403', async () => {
    renderPage(
      routesWith({
        'POST /api/data/imports/sniff?name=export.zip': { body: appleSniff },
        'POST /api/data/imports/draft-1/commit': { status: 403, body: { code: 'subscription_required', message: 'Subscription Required' } },
      }),
    );
    const panel = await toPreview();
    const user = userEvent.setup();
    await user.click(within(panel).getByRole('button', { name: 'Import 800 readings' }));
    expect(await screen.findByText('Importing readings needs an active subscription.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'View subscription' })).toBeInTheDocument();
    // The preview stays, so the file can be imported once subscribed.
    expect(within(panel).getByRole('button', { name: 'Import 800 readings' })).toBeEnabled();
  });

  it('refuses a file over 500 MB without sending anything', async () => {
    const { calls } = renderPage(routesWith({}));
    const big = new File(['x'], 'huge.zip');
    Object.defineProperty(big, 'size', { value: 500 * 1024 * 1024 + 1 });
    const user = userEvent.setup();
    await user.upload(within(section()).getByLabelText('File to import'), big);
    expect(
      await within(section()).findByText('The file is larger than 500 MB. Export a shorter period, or split the file.'),
    ).toBeInTheDocument();
    expect(calls.some((c) => c.url.startsWith('/api/data/imports'))).toBe(false);
  });

  it('says when the file could not be checked', async () => {
    renderPage(routesWith({ 'POST /api/data/imports/sniff?name=export.zip': { status: 500, body: '' } }));
    await chooseFile();
    const input = within(section()).getByLabelText('File to import');
    await waitFor(() => expect(input).toHaveAttribute('aria-invalid', 'true'));
    expect(input).toHaveAccessibleDescription(expect.stringContaining("We couldn't check this file. Please try again."));
  });
});

describe('Your data: a spreadsheet', () => {
  it('shows the first rows and the remembered mapping, and sends the mapping with the file', async () => {
    renderPage(routesWith({ 'POST /api/data/imports/sniff?name=blutdruck.csv': { body: sheetSniff } }));
    await chooseFile('blutdruck.csv', 'Datum;Sys');
    const form = await within(section()).findByRole('form', { name: 'Columns of blutdruck.csv' });
    expect(within(form).getByText('Remembered from your last file with these columns.')).toBeInTheDocument();
    const sample = within(form).getByRole('table', { name: 'The first rows of blutdruck.csv' });
    expect(within(sample).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['A Datum', 'B Sys', 'C Dia', 'D Gewicht', 'E Notiz']);
    expect(within(sample).getAllByRole('row')[1]).toHaveTextContent('06/07/2023 08:10');

    expect(within(form).getByLabelText('Date')).toHaveValue('0');
    expect(within(form).getByLabelText('Time')).toHaveValue('in-date');
    expect(within(form).getByLabelText('Systolic')).toHaveValue('1');
    expect(within(form).getByLabelText('Heart rate')).toHaveValue('');
    expect(within(form).getByRole('option', { name: 'B · Sys', selected: true })).toBeInTheDocument();
    expect(within(form).getByRole('radio', { name: 'DD/MM' })).toBeChecked();
    expect(within(form).getByRole('radio', { name: 'Kilograms (kg)' })).toBeChecked();
    // No blood sugar column: no unit to ask for.
    expect(within(form).queryByRole('radio', { name: 'mmol/L' })).not.toBeInTheDocument();

    const user = userEvent.setup();
    await user.selectOptions(within(form).getByLabelText('Heart rate'), '2');
    await user.click(within(form).getByRole('radio', { name: 'YYYY-MM-DD' }));
    await user.click(within(form).getByRole('button', { name: 'Read the file' }));
    // One column, one role: the later field is refused in the server's words, and focused.
    const twice = 'Column C is chosen for both Diastolic and Heart rate: choose one column for each.';
    expect(within(form).getByLabelText('Heart rate')).toHaveAccessibleDescription(twice);
    expect(within(form).getByLabelText('Heart rate')).toHaveFocus();
    expect(FakeXhr.made).toHaveLength(0);
    await user.selectOptions(within(form).getByLabelText('Diastolic'), '');
    expect(within(form).queryByText(twice)).not.toBeInTheDocument();
    await user.click(within(form).getByRole('button', { name: 'Read the file' }));
    await waitFor(() => expect(within(section()).queryByRole('progressbar')).toBeInTheDocument());
    const url = new URL(lastXhr().url, 'http://localhost');
    expect(url.searchParams.get('format')).toBe('spreadsheet');
    expect(JSON.parse(url.searchParams.get('mapping') ?? '')).toEqual({
      ...sheetSniff.mapping,
      diastolic: null,
      heartRate: 2,
      dateOrder: 'ymd',
    });
  });

  it('needs the date column and one measurement before reading', async () => {
    renderPage(
      routesWith({ 'POST /api/data/imports/sniff?name=blutdruck.csv': { body: { ...sheetSniff, mapping: null, remembered: false } } }),
    );
    await chooseFile('blutdruck.csv', 'Datum;Sys');
    const form = await within(section()).findByRole('form', { name: 'Columns of blutdruck.csv' });
    expect(within(form).queryByText('Remembered from your last file with these columns.')).not.toBeInTheDocument();
    const user = userEvent.setup();
    await user.click(within(form).getByRole('button', { name: 'Read the file' }));
    expect(await within(form).findByText('Choose the column that holds the date.')).toBeInTheDocument();
    expect(within(form).getByText('Choose the column of at least one measurement.')).toBeInTheDocument();
    expect(within(form).getByLabelText('Date')).toHaveFocus();
    expect(within(form).getByLabelText('Systolic')).toHaveAccessibleDescription('Choose the column of at least one measurement.');

    await user.selectOptions(within(form).getByLabelText('Date'), '0');
    await user.click(within(form).getByRole('button', { name: 'Read the file' }));
    expect(within(form).getByLabelText('Systolic')).toHaveFocus();
    expect(within(form).queryByText('Choose the column that holds the date.')).not.toBeInTheDocument();
    await user.selectOptions(within(form).getByLabelText('Weight'), '3');
    expect(within(form).queryByText('Choose the column of at least one measurement.')).not.toBeInTheDocument();
    // Nothing said the weight's unit: none is chosen for the person, who must choose it.
    const units = within(form).getByRole('group', { name: 'Weight unit in the file' });
    expect(within(units).getAllByRole('radio').map((r) => [r.getAttribute('value'), (r as HTMLInputElement).checked])).toEqual([
      ['lbs', false],
      ['kg', false],
      ['st', false],
    ]);
    await user.click(within(form).getByRole('button', { name: 'Read the file' }));
    expect(units).toHaveAccessibleDescription('Choose the unit of the weight column.');
    expect(within(units).getByRole('radio', { name: 'Pounds (lbs)' })).toHaveFocus();
    expect(FakeXhr.made).toHaveLength(0);
    await user.click(within(units).getByRole('radio', { name: 'Stones (st)' }));
    expect(within(form).queryByText('Choose the unit of the weight column.')).not.toBeInTheDocument();
    // Only now the file is sent.
    await user.click(within(form).getByRole('button', { name: 'Read the file' }));
    expect(lastXhr().url).toContain('format=spreadsheet');
    const sent = JSON.parse(new URL(lastXhr().url, 'http://localhost').searchParams.get('mapping') ?? '') as MappingDto;
    expect(sent).toMatchObject({ weight: 3, weightUnit: 'st', bloodSugarUnit: null, headerRow: 1 });
  });

  it('keeps what the user chose when the reading fails', async () => {
    renderPage(routesWith({ 'POST /api/data/imports/sniff?name=blutdruck.csv': { body: sheetSniff } }));
    await chooseFile('blutdruck.csv', 'Datum;Sys');
    const user = userEvent.setup();
    const form = await within(section()).findByRole('form', { name: 'Columns of blutdruck.csv' });
    await user.selectOptions(within(form).getByLabelText('Notes'), '');
    await user.click(within(form).getByRole('button', { name: 'Read the file' }));
    act(() => {
      lastXhr().respond(400, JSON.stringify({ message: 'Validation failed', errors: { mapping: 'The column mapping could not be read. Choose the columns again.' } }));
      lastXhr().finish();
    });
    expect(await within(section()).findByRole('alert')).toHaveTextContent('The column mapping could not be read. Choose the columns again.');
    const again = within(section()).getByRole('form', { name: 'Columns of blutdruck.csv' });
    expect(within(again).getByLabelText('Notes')).toHaveValue('');
  });
  it('finds the header below a title line, says so, and reads the head again from the line chosen', async () => {
    const titled: SniffDto = {
      ...sheetSniff,
      headerRow: 2,
      lead: ['Weight'],
      app: 'Beurer HealthManager',
      columns: ['Date', 'Time', 'kg'],
      rows: [['21.11.2024', '07:12', '82,4']],
      mapping: { ...sheetSniff.mapping!, headerRow: 2, time: 1, systolic: null, diastolic: null, weight: 2, notes: null },
      remembered: false,
    };
    const fromLineOne: SniffDto = { ...titled, headerRow: 1, lead: [], app: null, columns: ['Weight'], rows: [['Date;Time;kg']], mapping: null };
    const { calls } = renderPage(
      routesWith({
        'POST /api/data/imports/sniff?name=scale.csv': { body: titled },
        'POST /api/data/imports/sniff?name=scale.csv&headerRow=1': { body: fromLineOne },
        'POST /api/data/imports/sniff?name=scale.csv&headerRow=2': { body: titled },
      }),
    );
    await chooseFile('scale.csv', 'Weight\r\nDate;Time;kg\r\n21.11.2024;07:12;82,4\r\n');
    const form = await within(section()).findByRole('form', { name: 'Columns of scale.csv' });
    expect(within(form).getByRole('note')).toHaveTextContent(
      'Recognised as a Beurer HealthManager export: the columns are chosen for you; check them.',
    );
    const line = within(form).getByLabelText('The header is on line');
    expect(line).toHaveValue('2');
    // 1 to the lines of the head (3 here).
    expect(within(line).getAllByRole('option').map((o) => o.textContent)).toEqual(['1', '2', '3']);
    expect(within(form).getByRole('list', { name: 'Lines above the header' })).toHaveTextContent('Line 1, “Weight”, is read as a title.');
    expect(within(form).getByLabelText('Weight')).toHaveValue('2');
    expect(within(form).getByRole('radio', { name: 'DD/MM' })).toBeChecked();

    const user = userEvent.setup();
    await user.selectOptions(line, '1');
    expect(line).toHaveFocus();
    await waitFor(() => expect(within(form).getByRole('table', { name: 'The first rows of scale.csv' })).toHaveTextContent('Date;Time;kg'));
    expect(calls.filter((c) => c.url.startsWith('/api/data/imports/sniff'))).toHaveLength(2);
    expect(line).toHaveValue('1');
    expect(line).toHaveFocus();
    expect(within(form).queryByRole('list', { name: 'Lines above the header' })).not.toBeInTheDocument();
    // New columns: the form starts again from the new sniff (nothing chosen).
    expect(within(form).getByLabelText('Weight')).toHaveValue('');
    expect(within(form).queryByRole('note')).not.toBeInTheDocument();

    await user.selectOptions(line, '2');
    await waitFor(() => expect(within(form).getByLabelText('Weight')).toHaveValue('2'));
    await user.click(within(form).getByRole('button', { name: 'Read the file' }));
    const sent = JSON.parse(new URL(lastXhr().url, 'http://localhost').searchParams.get('mapping') ?? '') as MappingDto;
    expect(sent).toMatchObject({ headerRow: 2, date: 0, time: 1, weight: 2, weightUnit: 'kg' });
  });

  it('says when the head could not be read from the line chosen, and keeps the columns', async () => {
    renderPage(
      routesWith({
        'POST /api/data/imports/sniff?name=blutdruck.csv': { body: sheetSniff },
        'POST /api/data/imports/sniff?name=blutdruck.csv&headerRow=2': new TypeError('Failed to fetch'),
      }),
    );
    await chooseFile('blutdruck.csv', 'Datum;Sys\n1;2\n');
    const form = await within(section()).findByRole('form', { name: 'Columns of blutdruck.csv' });
    const user = userEvent.setup();
    await user.selectOptions(within(form).getByLabelText('The header is on line'), '2');
    await waitFor(() =>
      expect(within(form).getByLabelText('The header is on line')).toHaveAccessibleDescription(
        expect.stringContaining("We couldn't read line 2 as the header. Please try again."),
      ),
    );
    expect(within(form).getByLabelText('The header is on line')).toHaveValue('1');
    expect(within(form).getByLabelText('Systolic')).toHaveValue('1');
  });

  it('gives rows of a date-only sheet the time chosen, and reads morning/evening markers at the times chosen', async () => {
    const dated: SniffDto = {
      ...sheetSniff,
      columns: ['Date', 'Weight', 'When'],
      rows: [['2024-11-03', '83,0', 'morgens']],
      mapping: null,
      remembered: false,
    };
    renderPage(routesWith({ 'POST /api/data/imports/sniff?name=weights.csv': { body: dated } }));
    await chooseFile('weights.csv', 'Date;Weight;When');
    const form = await within(section()).findByRole('form', { name: 'Columns of weights.csv' });
    const user = userEvent.setup();
    await user.selectOptions(within(form).getByLabelText('Date'), '0');
    await user.selectOptions(within(form).getByLabelText('Weight'), '1');
    await user.click(within(form).getByRole('radio', { name: 'Kilograms (kg)' }));
    expect(within(form).queryByLabelText('These rows have no time: use')).not.toBeInTheDocument();
    const time = within(form).getByLabelText('Time');
    expect(within(time).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'In the date column',
      'No time in the file',
      'A · Date',
      'B · Weight',
      'C · When',
    ]);
    await user.selectOptions(time, 'No time in the file');
    const use = within(form).getByLabelText('These rows have no time: use');
    expect(use).toHaveValue('08:00');
    await user.clear(use);
    await user.click(within(form).getByRole('button', { name: 'Read the file' }));
    expect(use).toHaveAccessibleDescription(expect.stringContaining('Choose the time to give rows without one'));
    expect(use).toHaveFocus();
    await user.type(use, '07:30');

    await user.selectOptions(within(form).getByLabelText('Morning/evening column'), '2');
    expect(within(form).getByLabelText('Morning time')).toHaveValue('08:00');
    expect(within(form).getByLabelText('Evening time')).toHaveValue('20:00');
    const evening = within(form).getByLabelText('Evening time');
    await user.clear(evening);
    await user.type(evening, '21:15');
    await user.click(within(form).getByRole('button', { name: 'Read the file' }));
    const sent = JSON.parse(new URL(lastXhr().url, 'http://localhost').searchParams.get('mapping') ?? '') as MappingDto;
    expect(sent).toMatchObject({
      date: 0,
      time: null,
      defaultTime: '07:30',
      period: 2,
      morningTime: '08:00',
      eveningTime: '21:15',
      weight: 1,
      weightUnit: 'kg',
    });
  });
});

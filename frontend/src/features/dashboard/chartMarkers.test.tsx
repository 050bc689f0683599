import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { formatDate, isoDateDaysAgo, toIsoDate } from '../../lib/dates';
import type { MedicationEvent } from '../medications/api/medications';
import { served } from '../../testing/readings';
import { CHART_SPECS } from './chartPoints';
import { ChartCard } from './components/ChartCard';
import { medicationEvents as chartEvents } from '../../components/chart/eventMarkers';
import { SHOW_MEDICATIONS_KEY, useShowMedications } from './showMedications';

afterEach(() => {
  window.localStorage.clear();
});

const NOW = new Date(2026, 10, 25, 12, 0);
const bp = CHART_SPECS.find((s) => s.kind === 'bp')!;
const readings = [3, 2, 1].map((d, i) =>
  served({
    id: i + 1,
    date: isoDateDaysAgo(d, NOW),
    time: '08:00',
    systolic: 130 + i,
    diastolic: 85,
    heartRate: null,
    weight: null,
    bloodSugar: null,
    notes: null,
  }),
);
const event = (daysAgo: number, kind: MedicationEvent['kind'], label: string): MedicationEvent => ({
  date: isoDateDaysAgo(daysAgo, NOW),
  medicationId: 7,
  name: 'Amlodipine',
  kind,
  label,
});
const events = chartEvents([
  event(60, 'started', 'Started Amlodipine 5 mg'),
  event(5, 'changed', 'Amlodipine 5 mg → 10 mg'),
  event(2, 'stopped', 'Stopped Amlodipine'),
]);

function Card(): ReturnType<typeof ChartCard> {
  return (
    <MemoryRouter>
      <BpCard />
    </MemoryRouter>
  );
}

function BpCard(): ReturnType<typeof ChartCard> {
  const [show, setShow] = useShowMedications();
  return (
    <ChartCard
      spec={bp}
      readings={readings}
      failed={false}
      units={{ weightUnit: 'lbs', bloodSugarUnit: 'mg/dL' }}
      now={NOW.getTime()}
      events={events}
      showEvents={show}
      onShowEvents={setShow}
    />
  );
}

describe('medications on the blood pressure chart', () => {
  it("puts each event at its day's start", () => {
    expect(events.map((e) => toIsoDate(new Date(e.x)))).toEqual([
      isoDateDaysAgo(60, NOW),
      isoDateDaysAgo(5, NOW),
      isoDateDaysAgo(2, NOW),
    ]);
    expect(events.every((e) => new Date(e.x).getHours() === 0)).toBe(true);
  });

  it('lists the events of the range under the chart, numbered as their badges, with what each line means', async () => {
    render(<Card />);
    const list = await screen.findByRole('list', { name: 'Medications on the chart' });
    expect(within(list).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      // The badge's number (hidden from screen readers), then "1. " for them.
      `11. ${formatDate(isoDateDaysAgo(5, NOW))} Amlodipine 5 mg → 10 mg`,
      `22. ${formatDate(isoDateDaysAgo(2, NOW))} Stopped Amlodipine`,
    ]);
    // The start, 60 days ago, is outside the 7 days shown; only the kinds drawn are explained.
    expect(screen.getByText('Dose changed')).toBeInTheDocument();
    expect(screen.getByText('Stopped')).toBeInTheDocument();
    expect(screen.queryByText('Started')).not.toBeInTheDocument();
    const user = userEvent.setup();
    await user.selectOptions(screen.getByLabelText('Blood Pressure Trends time range'), '90');
    expect(within(screen.getByRole('list', { name: 'Medications on the chart' })).getAllByRole('listitem')).toHaveLength(3);
  });

  it('hides them with "Show medications", and remembers it', async () => {
    const { unmount } = render(<Card />);
    const toggle = await screen.findByRole('checkbox', { name: 'Show medications' });
    expect(toggle).toBeChecked();
    await userEvent.setup().click(toggle);
    expect(screen.queryByRole('list', { name: 'Medications on the chart' })).not.toBeInTheDocument();
    expect(window.localStorage.getItem(SHOW_MEDICATIONS_KEY)).toBe('false');
    unmount();
    render(<Card />);
    expect(await screen.findByRole('checkbox', { name: 'Show medications' })).not.toBeChecked();
  });
});

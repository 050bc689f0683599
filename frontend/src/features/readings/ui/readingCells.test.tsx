import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Reading } from '../api/readings';
import { served } from '../../../testing/readings';
import { ReadingActionsCell, ReadingCells, ReadingHeaderCells } from './ReadingCells';

const reading: Reading = {
  id: 7,
  date: '2026-03-05',
  time: '14:30',
  systolic: 118,
  diastolic: 76,
  heartRate: null,
  weight: null,
  bloodSugar: 95,
  notes: null,
  severe: false,
  session: null,
  setting: 'home',
  source: 'manual',
  device: null,
  flags: [],
  original: null,
};

function renderRow(onEdit = vi.fn(), onDelete = vi.fn(), shown: Reading = reading): HTMLElement {
  render(
    <table>
      <thead>
        <tr>
          <ReadingHeaderCells />
        </tr>
      </thead>
      <tbody>
        <tr>
          <ReadingCells reading={served(shown)} units={{ weightUnit: 'lbs', bloodSugarUnit: 'mg/dL' }} />
          <ReadingActionsCell reading={shown} onEdit={onEdit} onDelete={onDelete} />
        </tr>
      </tbody>
    </table>,
  );
  return screen.getAllByRole('row')[1]!;
}

describe('ReadingCells', () => {
  it('has a header for each measure cell', () => {
    const row = renderRow();
    const headers = screen.getAllByRole('columnheader').map((th) => th.textContent);
    expect(headers).toEqual(['Date', 'Time', 'Blood Pressure', 'Heart Rate', 'Weight', 'Blood Sugar']);
    expect(within(row).getAllByRole('cell')).toHaveLength(7);
  });

  it('formats the measures and shows --- (not recorded) for missing ones', () => {
    const row = renderRow();
    expect(row).toHaveTextContent('118/76 mmHg');
    expect(within(row).getByLabelText(/^Blood pressure category:/)).toBeInTheDocument();
    expect(within(row).getAllByLabelText('not recorded')).toHaveLength(2);
    expect(within(row).getAllByText('---')).toHaveLength(2);
  });

  it.each([
    [125, null, '125/--- mmHg'],
    [null, 79, '---/79 mmHg'],
  ])('shows half a blood pressure (%s/%s) with --- for the other half and no category below Stage 1', (systolic, diastolic, text) => {
    const row = renderRow(vi.fn(), vi.fn(), { ...reading, systolic, diastolic });
    const bp = within(row).getAllByRole('cell')[2]!;
    expect(bp).toHaveTextContent(text);
    expect(within(bp).getByLabelText('not recorded')).toBeInTheDocument();
    expect(within(row).queryByLabelText(/^Blood pressure category:/)).toBeNull();
  });

  // Issue 35: the guideline's "or" makes one number enough from Stage 1 up; the missing
  // number could only raise it, so the badge says "or higher" (a crisis is the top).
  it.each([
    [133, null, 'Stage 1 or higher'],
    [null, 88, 'Stage 1 or higher'],
    [145, null, 'Stage 2 or higher'],
    [200, null, 'Hypertensive Crisis'],
  ])('names the category %s/%s gives alone: %s', (systolic, diastolic, label) => {
    const row = renderRow(vi.fn(), vi.fn(), { ...reading, systolic, diastolic });
    expect(within(row).getByLabelText(`Blood pressure category: ${label} (ACC/AHA 2025)`)).toBeInTheDocument();
  });

  it('shows a single --- when neither blood pressure number was recorded', () => {
    const row = renderRow(vi.fn(), vi.fn(), { ...reading, systolic: null, diastolic: null });
    expect(within(row).getAllByRole('cell')[2]).toHaveTextContent(/^---$/);
  });

  it('names Edit and Delete after the reading and passes the reading on', async () => {
    const onEdit = vi.fn();
    const onDelete = vi.fn();
    const row = renderRow(onEdit, onDelete);
    const user = userEvent.setup();
    const edit = within(row).getByRole('button', { name: /^Edit reading of .* 14:30$/ });
    await user.click(edit);
    await user.click(within(row).getByRole('button', { name: /^Delete reading of .* 14:30$/ }));
    expect(onEdit).toHaveBeenCalledWith(reading);
    expect(onDelete).toHaveBeenCalledWith(reading);
  });
});

import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ReadingMarks, SourceNote, sourceText } from './ReadingSource';

describe('where a reading came from', () => {
  it('says it in words', () => {
    expect(sourceText({ source: 'device', device: 'OMRON HEM-7600T' })).toBe('Measured by OMRON HEM-7600T');
    expect(sourceText({ source: 'import', device: 'Withings' })).toBe('Imported from Withings');
    expect(sourceText({ source: 'manual', device: null })).toBeNull();
  });

  it('marks a cuff reading with an irregular pulse, and nothing on a typed one', () => {
    const { container, rerender } = render(
      <ReadingMarks reading={{ source: 'device', device: 'OMRON HEM-7600T', flags: ['irregular-pulse', 'body-movement'], setting: 'home' }} />,
    );
    expect(screen.getByRole('img', { name: 'Irregular pulse' })).toBeInTheDocument();
    expect(screen.getByText('Measured by OMRON HEM-7600T')).toBeInTheDocument();
    rerender(<ReadingMarks reading={{ source: 'manual', device: null, flags: [], setting: 'home' }} />);
    expect(container).toBeEmptyDOMElement();
  });

  it('keeps the cuff values of an edited reading visible in its detail', () => {
    render(
      <SourceNote
        reading={{
          source: 'manual',
          device: 'OMRON HEM-7600T',
          flags: ['irregular-pulse'],
          original: { date: '2026-11-27', time: '07:05', systolic: 121, diastolic: 81, heartRate: 64 },
        }}
      />,
    );
    const note = screen.getByRole('note');
    expect(note).toHaveTextContent('Edited by hand. OMRON HEM-7600T measured 121/81 mmHg, pulse 64 on 11/27/2026 at 7:05 AM.');
    expect(note).toHaveTextContent('Irregular pulse.');
  });
});

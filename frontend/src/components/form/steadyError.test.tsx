import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { TextField } from './TextField';

describe('field errors while a pointer is pressed', () => {
  it('keep what they showed at the press, and change right after the release', async () => {
    const { rerender } = render(<TextField label="Username" value="" onChange={() => undefined} />);
    fireEvent.pointerDown(document.body);
    rerender(<TextField label="Username" value="" onChange={() => undefined} error="Username is required" />);
    expect(screen.queryByText('Username is required')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Username')).not.toHaveAttribute('aria-invalid');
    fireEvent.pointerUp(document.body);
    // The click comes in the same task as pointerup: still held.
    expect(screen.queryByText('Username is required')).not.toBeInTheDocument();
    await act(() => new Promise((resolve) => window.setTimeout(resolve, 0)));
    expect(screen.getByText('Username is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toHaveAttribute('aria-invalid', 'true');
  });

  it('show at once when no pointer is pressed (keyboard)', () => {
    const { rerender } = render(<TextField label="Username" value="" onChange={() => undefined} />);
    rerender(<TextField label="Username" value="" onChange={() => undefined} error="Username is required" />);
    expect(screen.getByText('Username is required')).toBeInTheDocument();
  });
});

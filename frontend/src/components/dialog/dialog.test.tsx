import { act, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useLayoutEffect, useState, type ReactElement } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Dialog } from './Dialog';

function Harness({ busy = false, onConfirm = () => undefined }: { busy?: boolean; onConfirm?: () => void }): ReactElement {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Open
      </button>
      {open ? (
        <Dialog
          title="Delete this?"
          description={<p>This cannot be undone.</p>}
          confirmLabel="Delete"
          pendingLabel="Deleting..."
          busy={busy}
          onConfirm={onConfirm}
          onCancel={() => setOpen(false)}
        />
      ) : null}
    </>
  );
}

async function open(): Promise<HTMLElement> {
  await userEvent.setup().click(screen.getByRole('button', { name: 'Open' }));
  return screen.getByRole('alertdialog', { name: 'Delete this?' });
}

describe('Dialog', () => {
  it('is a modal alertdialog named by its title and described by its description', async () => {
    render(<Harness />);
    const dialog = await open();
    expect(dialog).toHaveAttribute('aria-modal', 'true');
    expect(dialog).toHaveAccessibleDescription('This cannot be undone.');
  });

  it('starts on Cancel, keeps Tab inside, and returns focus on Escape', async () => {
    render(<Harness />);
    const dialog = await open();
    const cancel = within(dialog).getByRole('button', { name: 'Cancel' });
    const confirm = within(dialog).getByRole('button', { name: 'Delete' });
    expect(cancel).toHaveFocus();
    const user = userEvent.setup();
    await user.tab();
    expect(confirm).toHaveFocus();
    await user.tab();
    expect(cancel).toHaveFocus();
    await user.tab({ shift: true });
    expect(confirm).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open' })).toHaveFocus();
  });

  it('closes on the backdrop but not on a click inside', async () => {
    render(<Harness />);
    const dialog = await open();
    const user = userEvent.setup();
    await user.click(within(dialog).getByText('This cannot be undone.'));
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
    await user.click(dialog.parentElement!);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('confirms through the confirm button', async () => {
    const onConfirm = vi.fn();
    render(<Harness onConfirm={onConfirm} />);
    const dialog = await open();
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });

  it('while busy: disables the buttons, shows the pending label and ignores Escape', async () => {
    render(<Harness busy />);
    const dialog = await open();
    const confirm = within(dialog).getByRole('button', { name: 'Deleting...' });
    expect(confirm).toBeDisabled();
    expect(confirm).toHaveAttribute('aria-busy', 'true');
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeDisabled();
    await userEvent.setup().keyboard('{Escape}');
    expect(screen.getByRole('alertdialog')).toBeInTheDocument();
  });

  // The browser's focus fixup, played where it can come first: a sibling before the dialog
  // runs its layout effect after the DOM update and before the dialog's.
  function BrowserDropsFocus({ busy }: { busy: boolean }): null {
    useLayoutEffect(() => {
      const active = document.activeElement;
      if (!busy || !(active instanceof HTMLButtonElement) || !active.disabled) return;
      active.disabled = false;
      active.blur();
      active.disabled = true;
    }, [busy]);
    return null;
  }

  /**
   * A confirm that fails: busy, then not. `dropFocus` plays a browser that drops focus from
   * the confirm button as it gets disabled, before the dialog's effects run (jsdom keeps it
   * there, and ignores blur() on a disabled control, hence the brief re-enable).
   */
  function FailingHarness({ dropFocus, onFail }: { dropFocus: boolean; onFail: (fail: () => void) => void }): ReactElement {
    const [open, setOpen] = useState(false);
    const [busy, setBusy] = useState(false);
    return (
      <>
        <button type="button" onClick={() => setOpen(true)}>
          Open
        </button>
        {open && dropFocus ? <BrowserDropsFocus busy={busy} /> : null}
        {open ? (
          <Dialog
            title="Delete this?"
            description={<p>This cannot be undone.</p>}
            confirmLabel="Delete"
            pendingLabel="Deleting..."
            busy={busy}
            onConfirm={() => {
              setBusy(true);
              onFail(() => setBusy(false));
            }}
            onCancel={() => setOpen(false)}
          />
        ) : null}
      </>
    );
  }

  it('after a failed confirm, focus is back on the confirm button and Escape still closes it', async () => {
    let fail: () => void = () => undefined;
    render(<FailingHarness dropFocus={false} onFail={(f) => (fail = f)} />);
    const dialog = await open();
    const user = userEvent.setup();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(within(dialog).getByRole('button', { name: 'Deleting...' })).toBeDisabled();
    // Not left on a disabled button: the dialog holds focus while busy.
    expect(dialog).toHaveFocus();
    act(() => fail());
    const confirm = within(dialog).getByRole('button', { name: 'Delete' });
    expect(confirm).toBeEnabled();
    expect(confirm).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open' })).toHaveFocus();
  });

  it('when the browser drops focus from the disabled button, focus comes back into the dialog and Escape still closes it', async () => {
    let fail: () => void = () => undefined;
    render(<FailingHarness dropFocus onFail={(f) => (fail = f)} />);
    const dialog = await open();
    const user = userEvent.setup();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(within(dialog).getByRole('button', { name: 'Deleting...' })).toBeDisabled();
    // Focus was dropped to the page; the dialog took it back.
    expect(dialog).toHaveFocus();
    act(() => fail());
    // Where focus was before is unknown (it was dropped): Cancel, the dialog's safe control.
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Open' })).toHaveFocus();
  });

  it('closes on Escape even when focus has left it', async () => {
    render(<Harness />);
    await open();
    act(() => (document.activeElement as HTMLElement).blur());
    await userEvent.setup().keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});

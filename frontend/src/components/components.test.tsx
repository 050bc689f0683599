import { useState, type ReactElement } from 'react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PasswordField } from './form/PasswordField';
import { Tabs } from './tabs/Tabs';
import { Tooltip, TOOLTIP_DELAY_MS } from './tooltip/Tooltip';
import { ToastProvider, TOAST_DURATION_MS, useToast, type ToastOptions } from './toast';

afterEach(() => {
  vi.useRealTimers();
  vi.restoreAllMocks();
});

function TabsDemo(): ReactElement {
  const [tab, setTab] = useState<'login' | 'register'>('login');
  return (
    <Tabs
      label="Account"
      selected={tab}
      onSelect={setTab}
      items={[
        { key: 'login', label: 'Login', panel: <p>login panel</p> },
        { key: 'register', label: 'Register', panel: <p>register panel</p> },
      ]}
    />
  );
}

describe('Tabs', () => {
  it('is an accessible tablist driven by arrow keys', async () => {
    const user = userEvent.setup();
    render(<TabsDemo />);
    const list = screen.getByRole('tablist', { name: 'Account' });
    expect(list).toBeInTheDocument();
    const login = screen.getByRole('tab', { name: 'Login' });
    const register = screen.getByRole('tab', { name: 'Register' });
    expect(login).toHaveAttribute('aria-selected', 'true');
    expect(login).toHaveAttribute('tabindex', '0');
    expect(register).toHaveAttribute('tabindex', '-1');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('login panel');
    expect(screen.getByRole('tabpanel')).toHaveAttribute('aria-labelledby', login.id);

    await user.click(login);
    await user.keyboard('{ArrowRight}');
    expect(register).toHaveFocus();
    expect(register).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('register panel');

    await user.keyboard('{ArrowRight}'); // wraps around
    expect(login).toHaveFocus();
    await user.keyboard('{End}');
    expect(register).toHaveFocus();
    await user.keyboard('{Home}');
    expect(login).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(register).toHaveAttribute('aria-selected', 'true');
  });
});

describe('PasswordField', () => {
  it('toggles between hidden and shown with a labelled button', async () => {
    const user = userEvent.setup();
    render(<PasswordField label="Password" id="pw" defaultValue="Secret1!" />);
    const input = screen.getByLabelText('Password');
    expect(input).toHaveAttribute('type', 'password');
    const toggle = screen.getByRole('button', { name: 'Show password: Password' });
    expect(toggle).toHaveAttribute('aria-pressed', 'false');
    await user.click(toggle);
    expect(input).toHaveAttribute('type', 'text');
    expect(screen.getByRole('button', { name: 'Hide password: Password' })).toHaveAttribute('aria-pressed', 'true');
  });

  it('binds the error text to the input', () => {
    render(<PasswordField label="Password" id="pw" error="Password is required" />);
    const input = screen.getByLabelText('Password');
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(input).toHaveAccessibleDescription('Password is required');
  });
});

describe('Tooltip', () => {
  it('opens after 700 ms of hover and closes on leave', () => {
    vi.useFakeTimers();
    render(
      <Tooltip content="More about this">
        <button type="button">Info</button>
      </Tooltip>,
    );
    const button = screen.getByRole('button', { name: 'Info' });
    fireEvent.pointerEnter(button.parentElement!);
    act(() => vi.advanceTimersByTime(TOOLTIP_DELAY_MS - 1));
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('tooltip')).toHaveTextContent('More about this');
    expect(button).toHaveAccessibleDescription('More about this');
    fireEvent.pointerLeave(button.parentElement!);
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    expect(TOOLTIP_DELAY_MS).toBe(700);
  });

  it('opens on keyboard focus and closes on Escape', () => {
    vi.useFakeTimers();
    render(
      <Tooltip content="Hint">
        <button type="button">Focus me</button>
      </Tooltip>,
    );
    const button = screen.getByRole('button', { name: 'Focus me' });
    act(() => button.focus());
    act(() => vi.advanceTimersByTime(700));
    expect(screen.getByRole('tooltip')).toBeInTheDocument();
    fireEvent.keyDown(button, { key: 'Escape' });
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });
});

function ToastButtons({ options }: { options: ToastOptions[] }): ReactElement {
  const { toast } = useToast();
  return (
    <>
      {options.map((o, i) => (
        <button key={i} type="button" onClick={() => toast(o)}>
          show {i}
        </button>
      ))}
    </>
  );
}

describe('Toasts', () => {
  it('shows one toast at a time and closes it after 5000 ms', () => {
    vi.useFakeTimers();
    render(
      <ToastProvider>
        <ToastButtons options={[{ title: 'Saved', description: 'Your reading was saved.' }, { title: 'Second' }]} />
      </ToastProvider>,
    );
    fireEvent.click(screen.getByText('show 0'));
    const status = screen.getByRole('status');
    expect(status).toHaveTextContent('Saved');
    expect(status).toHaveTextContent('Your reading was saved.');

    fireEvent.click(screen.getByText('show 1'));
    expect(screen.queryByText('Saved')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Second');

    act(() => vi.advanceTimersByTime(TOAST_DURATION_MS - 10));
    expect(screen.getByText('Second')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(10));
    expect(screen.queryByText('Second')).not.toBeInTheDocument();
    expect(TOAST_DURATION_MS).toBe(5000);
  });

  it('renders the destructive variant as an alert with an action and a close control', () => {
    const onRetry = vi.fn();
    render(
      <ToastProvider>
        <ToastButtons
          options={[{ title: 'Failed', description: 'Try again', variant: 'destructive', action: { label: 'Retry', onClick: onRetry } }]}
        />
      </ToastProvider>,
    );
    fireEvent.click(screen.getByText('show 0'));
    const alert = screen.getByRole('alert');
    expect(alert).toHaveTextContent('Failed');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledOnce();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    fireEvent.click(screen.getByText('show 0'));
    fireEvent.click(screen.getByRole('button', { name: 'Close notification' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });
});

describe('Toast placement while shown', () => {
  it('moves a shown toast off the control that caused it after a scroll or a resize, once a frame at most', () => {
    // The layout jsdom lacks: the viewport under the header, the toast at its top, and the
    // Save button wherever the page has scrolled it.
    let saveTop = 400;
    const rect = (top: number, left: number, height: number, width: number): DOMRect =>
      ({ top, left, bottom: top + height, right: left + width, height, width, x: left, y: top }) as DOMRect;
    vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
      if (this.classList.contains('toast-viewport')) return rect(72, 0, 700, 1280);
      if (this.classList.contains('toast')) return rect(this.getAttribute('data-placement') === 'bottom' ? 682 : 72, 420, 90, 440);
      if (this.textContent === 'show 0') return rect(saveTop, 400, 44, 200);
      return rect(0, 0, 0, 0);
    });
    const frames: FrameRequestCallback[] = [];
    const raf = vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => frames.push(callback));
    const runFrames = (): void =>
      act(() => {
        for (const callback of frames.splice(0)) callback(0);
      });

    render(
      <ToastProvider>
        <ToastButtons options={[{ title: 'Saved' }]} />
      </ToastProvider>,
    );
    const save = screen.getByText('show 0');
    fireEvent.pointerDown(save);
    fireEvent.click(save);
    const toast = screen.getByRole('status');
    expect(toast).toHaveAttribute('data-placement', 'bottom');

    // The page scrolls Save down under the toast: it moves up, measured once for two events.
    saveTop = 700;
    fireEvent.scroll(document);
    fireEvent.scroll(document);
    expect(raf).toHaveBeenCalledTimes(1);
    runFrames();
    expect(toast).toHaveAttribute('data-placement', 'top');

    // A rotation takes Save away again: back to the bottom.
    saveTop = 400;
    fireEvent(window, new Event('resize'));
    runFrames();
    expect(toast).toHaveAttribute('data-placement', 'bottom');

    // Closed, it listens no more.
    fireEvent.click(screen.getByRole('button', { name: 'Close notification' }));
    raf.mockClear();
    fireEvent.scroll(document);
    fireEvent(window, new Event('resize'));
    expect(raf).not.toHaveBeenCalled();
  });
});

import { Suspense } from 'react';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { preloadable } from './preloadable';

function Hello({ name }: { name: string }) {
  return <p>Hello {name}</p>;
}

/** A load the test finishes when it likes. */
function deferredLoad() {
  let finish: () => void = () => undefined;
  const ready = new Promise<void>((resolve) => {
    finish = resolve;
  });
  return { load: () => ready.then(() => ({ default: Hello })), finish };
}

describe('preloadable', () => {
  it('shows the placeholder as content, then the component once its code arrives', async () => {
    const { load, finish } = deferredLoad();
    const { Component } = preloadable(load, <p>Loading…</p>);
    render(<Component name="Ada" />);
    expect(screen.getByText('Loading…')).toBeInTheDocument();
    finish();
    expect(await screen.findByText('Hello Ada')).toBeInTheDocument();
  });

  it('renders at once, without suspending, when the code was preloaded', async () => {
    const { load, finish } = deferredLoad();
    const { Component, preload } = preloadable(load);
    const started = preload();
    finish();
    await started;
    render(
      <Suspense fallback={<p>Suspended</p>}>
        <Component name="Grace" />
      </Suspense>,
    );
    expect(screen.getByText('Hello Grace')).toBeInTheDocument();
    expect(screen.queryByText('Suspended')).toBeNull();
  });

  it('without a placeholder it suspends until the code arrives', async () => {
    const { load, finish } = deferredLoad();
    const { Component } = preloadable(load);
    render(
      <Suspense fallback={<p>Suspended</p>}>
        <Component name="Lin" />
      </Suspense>,
    );
    expect(screen.getByText('Suspended')).toBeInTheDocument();
    finish();
    expect(await screen.findByText('Hello Lin')).toBeInTheDocument();
  });
});

import { lazy, useEffect, useState, type ComponentType, type ReactElement } from 'react';

export interface Preloadable<P extends object> {
  /** Renders the component: at once when its code has arrived, else the placeholder (or suspends). */
  Component: (props: P) => ReactElement;
  /** Starts (once) the download of the code. */
  preload: () => Promise<unknown>;
}

/**
 * `React.lazy` that waits without suspending. React.lazy suspends on its first render even
 * when the code has already arrived, and React holds a revealed Suspense fallback up to
 * 300 ms before it shows the content: the dashboard opened on `/` paid that once or twice
 * (the shell, then the page) while every byte was already there.
 *
 * Once the code is in (started early with `preload`), the component renders at once. Until
 * then it renders `placeholder` as ordinary content, then itself when the code arrives;
 * without a placeholder it suspends as React.lazy does. A failed download renders through
 * React.lazy too, which throws the error to the nearest error boundary.
 */
export function preloadable<P extends object>(
  load: () => Promise<{ default: ComponentType<P> }>,
  placeholder?: ReactElement,
): Preloadable<P> {
  let loaded: ComponentType<P> | undefined;
  let settled = false;
  let started: Promise<{ default: ComponentType<P> }> | undefined;
  const preload = (): Promise<{ default: ComponentType<P> }> =>
    (started ??= load()
      .then((module) => {
        loaded = module.default;
        return module;
      })
      .finally(() => {
        settled = true;
      }));
  const Lazy = lazy(preload);

  function Component(props: P): ReactElement {
    const [, setSettled] = useState(settled);
    useEffect(() => {
      if (placeholder === undefined) return undefined;
      // Also when the code arrived between this render and now: the placeholder is shown.
      let mounted = true;
      const done = (): void => {
        if (mounted) setSettled(true);
      };
      preload().then(done, done);
      return () => {
        mounted = false;
      };
    }, []);
    if (!settled && placeholder !== undefined) return placeholder;
    const Loaded = loaded ?? Lazy;
    return <Loaded {...props} />;
  }
  return { Component, preload };
}

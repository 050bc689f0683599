/**
 * Resolves with the element that held focus when `find` first returned an element: the
 * moment the commit that shows it is done, before any later task runs. Focus moved in a
 * passive effect (`useEffect`) after an answer arrives comes a task later, when a screen
 * reader, or a test's next line, may already have looked; `useLayoutEffect` moves it with
 * the commit (the lint rule in eslint.config.mjs asks for that).
 */
export function focusWhenShown(find: () => HTMLElement | null): Promise<{ shown: HTMLElement; focused: Element | null }> {
  return new Promise((resolve) => {
    const observer = new MutationObserver(() => {
      const shown = find();
      if (!shown) return;
      observer.disconnect();
      resolve({ shown, focused: document.activeElement });
    });
    observer.observe(document.body, { childList: true, subtree: true });
  });
}

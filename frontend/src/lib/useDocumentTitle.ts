import { useLayoutEffect } from 'react';

export const PRODUCT_NAME = 'Vitalog';

/**
 * Sets `document.title` to "{title} · Vitalog" while the page is shown. A layout effect, so
 * the title changes in the same commit as the page (never a frame, or a test assertion,
 * with the previous page's title).
 */
export function useDocumentTitle(title: string): void {
  useLayoutEffect(() => {
    document.title = title ? `${title} · ${PRODUCT_NAME}` : PRODUCT_NAME;
  }, [title]);
}

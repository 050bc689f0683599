import { useEffect } from 'react';

export const PRODUCT_NAME = 'Vitalog';

/** Sets `document.title` to "{title} · Vitalog" while the page is shown. */
export function useDocumentTitle(title: string): void {
  useEffect(() => {
    document.title = title ? `${title} · ${PRODUCT_NAME}` : PRODUCT_NAME;
  }, [title]);
}

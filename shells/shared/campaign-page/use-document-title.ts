import { useEffect } from 'react';

/** The title index.html carries; the page the server filled with a campaign's title leaves it too. */
const DEFAULT_TITLE = 'Causeway';

/** Sets the browser tab's title while the page is open, and gives the default back when it closes. */
export function useDocumentTitle(title: string | null): void {
  useEffect(() => {
    if (title !== null) document.title = title;
  }, [title]);
  useEffect(
    () => () => {
      document.title = DEFAULT_TITLE;
    },
    [],
  );
}

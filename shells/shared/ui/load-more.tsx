import { LoaderCircle } from 'lucide-react';
import './states.css';

/**
 * "Load more" under a list that pages: shown while the API says more follow, with the failure of the
 * last attempt and a way to try again.
 */
export function LoadMore({
  query,
  label = 'Load more',
}: {
  query: {
    hasNextPage: boolean;
    isFetchingNextPage: boolean;
    isFetchNextPageError: boolean;
    error: Error | null;
    fetchNextPage: () => unknown;
  };
  label?: string;
}) {
  if (!query.hasNextPage) return null;
  return (
    <div className="cw-load-more">
      {query.isFetchNextPageError && (
        <p className="cw-field__error" role="alert">
          More couldn't be loaded: {query.error?.message}
        </p>
      )}
      <button
        type="button"
        className="cw-button cw-button--secondary"
        onClick={() => void query.fetchNextPage()}
        disabled={query.isFetchingNextPage}
      >
        {query.isFetchingNextPage && <LoaderCircle className="cw-spin" size={16} aria-hidden="true" />}
        {query.isFetchNextPageError ? 'Try again' : label}
      </button>
    </div>
  );
}

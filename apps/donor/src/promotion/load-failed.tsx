import { AlertCircle, RefreshCw } from 'lucide-react';

/** A list that could not be loaded, in its place, with a way to try again. */
export function LoadFailed({ title, error, retry }: { title: string; error: Error; retry: () => void }) {
  return (
    <div className="cw-card cw-notice cw-notice--error" role="alert">
      <AlertCircle className="cw-notice__icon" size={22} aria-hidden="true" />
      <div>
        <p className="cw-notice__title">{title}</p>
        <p className="cw-notice__text">{error.message}</p>
        <button type="button" className="cw-button cw-button--secondary" onClick={retry}>
          <RefreshCw size={16} aria-hidden="true" />
          Try again
        </button>
      </div>
    </div>
  );
}

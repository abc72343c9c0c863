import { CircleAlert, RefreshCw, SearchX } from 'lucide-react';
import { Link } from '@causeway/shells/shared/router';
import './campaign-page-states.css';

/** A link to a campaign that isn't there (never was, deleted, or ended and removed). */
export function CampaignNotFound() {
  return (
    <section className="cw-card cw-notice cw-donor-missing" data-testid="campaign-not-found">
      <SearchX className="cw-notice__icon" size={22} aria-hidden="true" />
      <div>
        <h1 className="cw-notice__title">Campaign not found</h1>
        <p className="cw-notice__text">
          This campaign doesn’t exist, or it has ended and been taken down. Check the link you followed, or find other
          causes to support on Causeway.
        </p>
        <Link to="/" className="cw-button cw-button--secondary">
          Go to Causeway
        </Link>
      </div>
    </section>
  );
}

/** The campaign could not be fetched (offline, server failure): a way to try again. */
export function CampaignLoadError({
  message,
  retry,
  retrying,
}: {
  message: string;
  retry: () => void;
  retrying: boolean;
}) {
  return (
    <section className="cw-card cw-notice cw-notice--error cw-donor-missing" role="alert">
      <CircleAlert className="cw-notice__icon" size={22} aria-hidden="true" />
      <div>
        <h1 className="cw-notice__title">We couldn’t load this campaign</h1>
        <p className="cw-notice__text">{message}</p>
        <button type="button" className="cw-button cw-button--secondary" onClick={retry} disabled={retrying}>
          <RefreshCw size={16} aria-hidden="true" className={retrying ? 'cw-spin' : undefined} />
          {retrying ? 'Trying again…' : 'Try again'}
        </button>
      </div>
    </section>
  );
}

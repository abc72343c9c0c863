import './campaign-page.css';

/** The campaign page's shape while it loads. */
export function CampaignPageSkeleton() {
  return (
    <div className="cw-cpage cw-cpage--loading" aria-busy="true" aria-live="polite">
      <span className="cw-visually-hidden">Loading the campaign…</span>
      <div className="cw-cpage__layout" aria-hidden="true">
        <div className="cw-cpage__cover" />
        <div className="cw-cpage__intro">
          <span className="cw-cpage__skeleton-line cw-cpage__skeleton-line--short" />
          <span className="cw-cpage__skeleton-line cw-cpage__skeleton-line--title" />
          <span className="cw-cpage__skeleton-line cw-cpage__skeleton-line--short" />
        </div>
        <div className="cw-cpage__aside">
          <div className="cw-cpage__panel" />
        </div>
      </div>
    </div>
  );
}

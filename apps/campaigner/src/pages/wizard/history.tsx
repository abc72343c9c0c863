import type { PreCampaign } from '@causeway/core/campaigns/campaign.entity';
import { formatMoment } from '../../model/dates';
import { timelineOf } from '../../model/draft-status';

/** The draft's way through approval, newest first: each move, when, and what was written with it. */
export function History({ draft }: { draft: PreCampaign }) {
  const items = timelineOf(draft);
  return (
    <section className="cw-card cw-camp-history" aria-labelledby="cw-camp-history-title">
      <h2 id="cw-camp-history-title" className="cw-camp-history__title">
        History
      </h2>
      <ol className="cw-camp-timeline">
        {items.map((item) => (
          <li key={item.id} className={`cw-camp-timeline__item is-${item.status.toLowerCase()}`}>
            <span className="cw-camp-timeline__dot" aria-hidden="true" />
            <p className="cw-camp-timeline__label">{item.label}</p>
            <p className="cw-camp-timeline__date">
              <time dateTime={item.at}>{formatMoment(item.at)}</time>
            </p>
            {item.comments.map((comment, index) => (
              <blockquote key={index} className="cw-camp-timeline__comment">
                {comment}
              </blockquote>
            ))}
          </li>
        ))}
        <li className="cw-camp-timeline__item is-new">
          <span className="cw-camp-timeline__dot" aria-hidden="true" />
          <p className="cw-camp-timeline__label">Started</p>
          <p className="cw-camp-timeline__date">
            <time dateTime={draft.createdAt}>{formatMoment(draft.createdAt)}</time>
          </p>
        </li>
      </ol>
    </section>
  );
}

import { CircleAlert, CircleCheck, ClipboardList } from 'lucide-react';
import { useEffect, useRef } from 'react';
import { Link } from '@causeway/shells/shared/router';
import { campaignerPaths } from '../../model/campaigner-routes';
import { WIZARD_PAGES, type StepId } from '../../model/wizard-steps';

export type StepMark = 'open' | 'ready' | 'review';

/** The wizard's steps, with which need attention; the open one marked as the current page. */
export function StepList({
  draftId,
  current,
  markOf,
}: {
  draftId: string;
  current: StepId;
  markOf: (step: StepId) => StepMark;
}) {
  const list = useRef<HTMLOListElement>(null);
  // On a phone the steps are one scrolling row: keep the open one in view.
  useEffect(() => {
    const link = list.current?.querySelector<HTMLElement>('[aria-current="step"]');
    const row = list.current;
    if (!link || !row || row.scrollWidth <= row.clientWidth) return;
    row.scrollLeft = link.offsetLeft - (row.clientWidth - link.offsetWidth) / 2;
  }, [current]);
  return (
    <nav className="cw-camp-steps" aria-label="Campaign steps">
      <ol className="cw-camp-steps__list" ref={list}>
        {WIZARD_PAGES.map((step, index) => {
          const mark = markOf(step.id);
          const active = step.id === current;
          return (
            <li key={step.id}>
              <Link
                to={campaignerPaths.draft(draftId, step.id)}
                className={`cw-camp-steps__link is-${mark}${active ? ' is-active' : ''}`}
                aria-current={active ? 'step' : undefined}
              >
                <span className="cw-camp-steps__number" aria-hidden="true">
                  {index + 1}
                </span>
                <span className="cw-camp-steps__label">{step.label}</span>
                {mark === 'open' ? (
                  <CircleAlert size={16} className="cw-camp-icon--warning" aria-label="needs attention" />
                ) : mark === 'ready' ? (
                  <CircleCheck size={16} className="cw-camp-icon--ok" aria-label="ready" />
                ) : (
                  <ClipboardList size={16} className="cw-camp-muted" aria-hidden="true" />
                )}
              </Link>
            </li>
          );
        })}
      </ol>
    </nav>
  );
}

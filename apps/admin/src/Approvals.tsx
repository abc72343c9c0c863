import { lazy, Suspense, useEffect } from 'react';
import type { SessionUser } from '@causeway/core/users/user.entity';
import { usePathname } from '@causeway/shells/shared/router';
import { approvalPaths, approvalRouteOf } from './model/approvals';
import { ApprovalQueuePage } from './pages/approval-queue.page';
import { FormSkeleton, NotAllowed } from './ui/states';
import { ToastProvider } from './ui/toast';
import '@causeway/shells/shared/ui/buttons.css';
import './admin.css';
import './campaigns.css';

// The queue opens with the area; the review page (and the campaign page it previews) when first opened.
const CampaignReviewPage = lazy(() =>
  import('./pages/campaign-review.page').then((module) => ({ default: module.CampaignReviewPage })),
);

/** The super user's approval desk: the queues below /approvals, and each campaign's review. */
export default function Approvals({ user }: { user: SessionUser }) {
  const route = approvalRouteOf(usePathname());

  // A new page starts at its top, as a full page load would.
  const page = route.page === 'review' ? `review:${route.id}` : route.page;
  useEffect(() => {
    window.scrollTo({ top: 0 });
  }, [page]);

  return (
    <div className="cw-admin cw-admin--approvals cw-admin-area cw-admin-area--wide">
      <ToastProvider>
        <div className="cw-admin-content">
          {!user.superUser ? (
            <NotAllowed
              title="Approvals are for super users"
              text="Only a super user approves campaigns. Everything you can use is in the menu above."
              back={{ to: '/', label: 'Go to your home page' }}
            />
          ) : route.page === 'queue' ? (
            <ApprovalQueuePage />
          ) : route.page === 'review' ? (
            <Suspense fallback={<FormSkeleton label="Loading the campaign…" sections={3} />}>
              <CampaignReviewPage key={route.id} id={route.id} />
            </Suspense>
          ) : (
            <NotAllowed
              title="There is no such page"
              text="This address isn't part of the approval desk."
              back={{ to: approvalPaths.queue, label: 'Back to the queue' }}
            />
          )}
        </div>
      </ToastProvider>
    </div>
  );
}

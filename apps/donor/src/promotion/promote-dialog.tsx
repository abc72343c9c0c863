import { AlertCircle, Loader2 } from 'lucide-react';
import { useEffect } from 'react';
import { Dialog } from '@causeway/shells/shared/ui/dialog';
import { Link } from '@causeway/shells/shared/router';
import { usePromote } from './promotion.api';
import { ShareLinks } from './share-links';
import { PROMOTIONS_PATH } from './promotion-paths';

/**
 * Promotes the campaign as soon as it opens (promoting twice answers the same links) and shows the
 * promoter's short links to share.
 */
export function PromoteDialog({
  campaign,
  onClose,
}: {
  campaign: { campaignId: string; name: string } | null;
  onClose: () => void;
}) {
  const promote = usePromote();
  const { mutate, reset } = promote;
  const campaignId = campaign?.campaignId ?? null;

  useEffect(() => {
    if (campaignId === null) return;
    reset();
    mutate(campaignId);
  }, [campaignId, mutate, reset]);

  return (
    <Dialog
      open={campaign !== null}
      onClose={onClose}
      size="medium"
      title={campaign ? `Share “${campaign.name}”` : 'Share'}
      description="These links are yours: every click on them is counted for you, and donations they bring are credited to you."
      className="cw-promote-dialog"
      footer={
        <>
          <Link to={PROMOTIONS_PATH} className="cw-button cw-button--ghost">
            See my promotions
          </Link>
          <button type="button" className="cw-button cw-button--secondary" onClick={onClose}>
            Done
          </button>
        </>
      }
    >
      {promote.isPending && (
        <p className="cw-promote-dialog__status" role="status">
          <Loader2 className="cw-spin" size={16} aria-hidden="true" />
          Making your links…
        </p>
      )}
      {promote.isError && (
        <div className="cw-share__error" role="alert">
          <AlertCircle size={16} aria-hidden="true" />
          <span>{promote.error.message}</span>
          <button
            type="button"
            className="cw-button cw-button--secondary"
            onClick={() => campaignId && mutate(campaignId)}
          >
            Try again
          </button>
        </div>
      )}
      {promote.data && (
        <ShareLinks campaignId={promote.data.promotion.campaignId} links={promote.data.promotion.links} />
      )}
    </Dialog>
  );
}

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { campaignPageKey, campaignPageQuery } from '@causeway/shells/shared/campaign-page/campaign-page.query';
import { campaignHeadline } from '@causeway/shells/shared/campaign-page/campaign-page.rules';
import { ReceiptThanks } from '../appreciation/receipt-thanks';
import { useDocumentTitle } from '@causeway/shells/shared/campaign-page/use-document-title';
import { receiptQuery } from './receipt.api';
import { ReceiptMissing, ReceiptView } from './receipt-view';

/** The checkout session the payment provider sent the donor back with. */
const sessionIdOf = (search: string) => new URLSearchParams(search).get('session_id')?.trim() || null;
/** The page of the organization's site the gift came from (the server says whether to link back to it). */
const returnUrlOf = (search: string) => new URLSearchParams(search).get('return')?.trim() || null;

/**
 * The donor's receipt (`/campaign/{id}/thank-you?session_id=…`), where the payment page sends them
 * back: the payment as the provider took it, the campaign, and the campaign's thank-you. Open to
 * everyone: the session id in the address is the receipt's own secret.
 */
export default function ReceiptPage({ campaignId }: { campaignId: string }) {
  const sessionId = sessionIdOf(window.location.search);
  const receipt = useQuery(receiptQuery(sessionId, returnUrlOf(window.location.search)));
  const campaign = useQuery(campaignPageQuery(campaignId));
  const queryClient = useQueryClient();
  const recorded = receipt.data?.donation != null;

  // Once the gift is counted, the campaign's figures are read again for whoever goes back to its page.
  useEffect(() => {
    if (recorded) void queryClient.invalidateQueries({ queryKey: campaignPageKey(campaignId) });
  }, [recorded, campaignId, queryClient]);

  const name = campaign.data ? campaignHeadline(campaign.data) : null;
  useDocumentTitle(name ? `Thank you · ${name} · Causeway` : 'Thank you · Causeway');

  if (sessionId === null) return <ReceiptMissing campaignId={campaignId} reason="incomplete" />;
  if (receipt.isError) {
    const status = (receipt.error as { status?: unknown }).status;
    return (
      <ReceiptMissing
        campaignId={campaignId}
        reason={status === 404 ? 'not-found' : 'unreachable'}
        message={receipt.error.message}
        retry={() => void receipt.refetch()}
      />
    );
  }
  return (
    <ReceiptView
      campaignId={campaignId}
      receipt={receipt.data ?? null}
      campaign={campaign.data ?? null}
      appreciation={<ReceiptThanks campaignId={campaignId} sessionId={sessionId} recorded={recorded} />}
    />
  );
}

import { useQuery } from '@tanstack/react-query';
import type { ReceiptMessageResponse } from '@causeway/core/contracts/appreciation.contract';
import { apiRequest } from '@causeway/shells/shared/http';
import { LIVE_QUERY_KEYS } from '@causeway/shells/shared/live-queries';
import './receipt-thanks.css';

/**
 * The campaign's thank-you under a donor's receipt (`GET /api/campaigns/{id}/appreciation/page`): with
 * the donor's name and amount as the campaign chose once the payment is recorded, read again then.
 */
export function ReceiptThanks({
  campaignId,
  sessionId,
  recorded,
}: {
  campaignId: string;
  sessionId: string;
  recorded: boolean;
}) {
  const thanks = useQuery({
    queryKey: [...LIVE_QUERY_KEYS.campaigns, campaignId, 'thanks', sessionId, recorded],
    queryFn: () =>
      apiRequest<ReceiptMessageResponse>(
        'GET',
        `/api/campaigns/${encodeURIComponent(campaignId)}/appreciation/page?session_id=${encodeURIComponent(sessionId)}`,
      ),
    // The receipt is complete without it: a failure leaves the slot empty rather than in the way.
    retry: 1,
    staleTime: Infinity,
  });
  if (!thanks.data) return null;
  const { message } = thanks.data;
  return (
    <div className="cw-receipt-thanks" data-testid="receipt-thanks">
      <p className="cw-receipt-thanks__greeting">{message.greeting}</p>
      {message.summary && <p className="cw-receipt-thanks__summary">{message.summary}</p>}
      {message.paragraphs.map((paragraph, index) => (
        <p key={index} className="cw-receipt-thanks__paragraph">
          {paragraph}
        </p>
      ))}
    </div>
  );
}

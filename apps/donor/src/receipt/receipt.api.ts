import { queryOptions } from '@tanstack/react-query';
import type { PaymentDetailResponse } from '@causeway/core/contracts/payments.contract';
import { apiRequest } from '@causeway/shells/shared/http';

/** A payment that cannot be found is an answer; only a network or server failure is tried again. */
function retryTransient(failureCount: number, error: Error): boolean {
  const status = (error as { status?: unknown }).status;
  if (typeof status === 'number' && status < 500) return false;
  return failureCount < 2;
}

/**
 * How long the page waits for the payment's webhook to record the gift (its message and counts follow
 * it): the first read answers at once, each later one is held by the server until the gift is recorded
 * or WAIT_SECONDS pass, at most RECORDING_READS reads in all.
 */
const RECORDING_READS = 7;
const WAIT_SECONDS = 20;
const AGAIN_MS = 250;

/**
 * `GET /api/payments/{sessionId}`: the receipt, read again (waiting on the server) until the donation is
 * recorded. `returnUrl`, the page of the organization's site the gift came from, is answered back as
 * `returnLink` only when the server finds it listed.
 */
export function receiptQuery(sessionId: string | null, returnUrl: string | null = null) {
  return queryOptions({
    queryKey: returnUrl ? ['payments', sessionId ?? '', returnUrl] : ['payments', sessionId ?? ''],
    queryFn: ({ client, queryKey }) => {
      const before = client.getQueryData<PaymentDetailResponse>(queryKey);
      const query = new URLSearchParams();
      if (before && before.donation === null) query.set('wait', String(WAIT_SECONDS));
      if (returnUrl) query.set('return', returnUrl);
      const search = query.toString();
      return apiRequest<PaymentDetailResponse>(
        'GET',
        `/api/payments/${encodeURIComponent(sessionId ?? '')}${search ? `?${search}` : ''}`,
      );
    },
    enabled: sessionId !== null,
    retry: retryTransient,
    refetchInterval: (query) =>
      query.state.data && query.state.data.donation === null && query.state.dataUpdateCount < RECORDING_READS
        ? AGAIN_MS
        : false,
  });
}

import { queryOptions } from '@tanstack/react-query';
import type { PaymentDetailResponse } from '@causeway/core/contracts/payments.contract';
import { apiRequest } from '@causeway/shells/shared/http';

/** A payment that cannot be found is an answer; only a network or server failure is tried again. */
function retryTransient(failureCount: number, error: Error): boolean {
  const status = (error as { status?: unknown }).status;
  if (typeof status === 'number' && status < 500) return false;
  return failureCount < 2;
}

/** How long the page waits for the payment's webhook to record the gift: its message and counts follow it. */
const RECORDING_POLLS = 20;
const POLL_MS = 1_500;

/** `GET /api/payments/{sessionId}`: the receipt, read again until the donation is recorded. */
export function receiptQuery(sessionId: string | null) {
  return queryOptions({
    queryKey: ['payments', sessionId ?? ''],
    queryFn: () => apiRequest<PaymentDetailResponse>('GET', `/api/payments/${encodeURIComponent(sessionId ?? '')}`),
    enabled: sessionId !== null,
    retry: retryTransient,
    refetchInterval: (query) =>
      query.state.data && query.state.data.donation === null && query.state.dataUpdateCount < RECORDING_POLLS
        ? POLL_MS
        : false,
  });
}

/** The Stripe sandbox's control API over HTTP (`/_sandbox/...`), as tests drive it. */
export function sandboxControl(baseUrl: string, secretKey: string) {
  async function post(path: string, body: Record<string, unknown> = {}): Promise<Record<string, unknown>> {
    const response = await fetch(`${baseUrl}${path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${secretKey}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    const answer = (await response.json()) as Record<string, unknown>;
    if (!response.ok && response.status !== 402) {
      throw new Error(`${path} answered ${response.status}: ${JSON.stringify(answer)}`);
    }
    return answer;
  }
  return {
    configureWebhooks: (settings: {
      url?: string | null;
      duplicate?: boolean;
      out_of_order?: boolean;
      max_attempts?: number;
      retry_delay_ms?: number;
      concurrency?: number;
    }) => post('/_sandbox/webhooks', settings),
    /** Waits until every webhook is delivered or given up on; answers every attempt so far. */
    drain: async (timeoutMs = 20_000) =>
      (await post('/_sandbox/webhooks/drain', { timeout_ms: timeoutMs })).data as {
        eventId: string;
        type: string;
        attempt: number;
        duplicate: boolean;
        status: number | null;
        ok: boolean;
      }[],
    emit: (type: string, object: Record<string, unknown>) => post('/_sandbox/events', { type, object }),
    pay: (sessionId: string, card: { number?: string; expiry?: string; cvc?: string } = {}) =>
      post(`/_sandbox/checkout/sessions/${sessionId}/pay`, card),
    decline: (sessionId: string, declineCode?: string) =>
      post(`/_sandbox/checkout/sessions/${sessionId}/decline`, declineCode ? { decline_code: declineCode } : {}),
    /** Moves the sandbox's own clock on by whole days; answers its time. */
    advanceDays: async (days: number) => (await post('/_sandbox/clock', { advance_days: days })) as { now: number },
    refund: (paymentIntentId: string, amount?: number) =>
      post(`/_sandbox/payment_intents/${paymentIntentId}/refund`, amount === undefined ? {} : { amount }),
  };
}

/** Submits a sandbox checkout page's card form as a browser does; answers the response, unfollowed. */
export async function submitCheckoutForm(
  checkoutUrl: string,
  card: { number: string; expiry?: string; cvc?: string; email?: string; name?: string },
): Promise<Response> {
  const form = new URLSearchParams({
    email: card.email ?? 'donor@example.org',
    cardNumber: card.number,
    cardExpiry: card.expiry ?? '12 / 34',
    cardCvc: card.cvc ?? '123',
    billingName: card.name ?? 'Dana Donor',
  });
  return fetch(checkoutUrl, { method: 'POST', body: form, redirect: 'manual' });
}

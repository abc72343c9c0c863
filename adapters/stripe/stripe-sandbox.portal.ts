import express, { type RequestHandler, type Response, type Router } from 'express';
import type { SandboxBilling } from './stripe-sandbox.billing';
import type { Subscription } from './stripe-sandbox.billing-objects';
import type { FormParams } from './stripe-sandbox.form';
import { CARDS_HINT, escapeHtml, formatDate, formatMoney, layout, renderNoticePage } from './stripe-sandbox.pages';
import { allowOnly, clone, noSuch, randomId, textParam, urlParam } from './stripe-sandbox.params';

export interface PortalSession {
  id: string;
  object: 'billing_portal.session';
  configuration: string;
  created: number;
  customer: string;
  flow: null;
  livemode: false;
  locale: string | null;
  on_behalf_of: null;
  return_url: string | null;
  url: string;
}

/** The one portal configuration the sandbox has: card updates, and cancelling at the period's end. */
const CONFIGURATION = 'bpc_sandbox_default';

interface PortalKit {
  now(): number;
  merchant: string;
  base(): string;
  changed(table: string, key: string): void;
  touch(): void;
  billing: Pick<
    SandboxBilling,
    'requireCustomer' | 'subscriptionsOf' | 'paymentMethod' | 'newCard' | 'attachCard' | 'updateSubscription' | 'timeOf'
  >;
}

type SendPage = (res: Response, status: number, html: string, formTargets?: string[]) => void;

/**
 * The customer portal of the Stripe sandbox: `POST /v1/billing_portal/sessions` answers a page where the
 * customer sees their subscriptions, changes the card they are charged to (any card the form can read,
 * a declining test card included) and cancels a subscription at the end of its period, as Stripe's
 * default portal configuration does.
 */
export function createSandboxPortal(kit: PortalKit) {
  const portalSessions = new Map<string, PortalSession>();
  const tables = { portalSessions };

  function createSession(params: FormParams): PortalSession {
    allowOnly(params, ['customer', 'return_url', 'configuration', 'locale']);
    const customer = kit.billing.requireCustomer(textParam(params.customer, 'customer', true)!, 'customer', 400);
    const configuration = textParam(params.configuration, 'configuration');
    if (configuration && configuration !== CONFIGURATION) {
      throw noSuch('billing_portal.configuration', configuration, 'configuration', 400);
    }
    const id = randomId('bps_1');
    const session: PortalSession = {
      id,
      object: 'billing_portal.session',
      configuration: CONFIGURATION,
      created: kit.now(),
      customer: customer.id,
      flow: null,
      livemode: false,
      locale: textParam(params.locale, 'locale') ?? null,
      on_behalf_of: null,
      return_url: urlParam(params.return_url, 'return_url') ?? null,
      url: `${kit.base()}/p/session/${id}`,
    };
    portalSessions.set(id, session);
    kit.changed('portalSessions', id);
    kit.touch();
    return session;
  }

  function mountApi(api: Router, http: { endpoint(handler: (params: FormParams) => object): RequestHandler }): void {
    api.post(
      '/v1/billing_portal/sessions',
      http.endpoint((params) => createSession(params)),
    );
  }

  function renderPortal(
    session: PortalSession,
    notice: { message: string; error: boolean } | null,
    values: { cardExpiry?: string; billingName?: string; cardNumber?: string } = {},
  ): string {
    const customer = kit.billing.requireCustomer(session.customer, 'customer');
    const card = kit.billing.paymentMethod(customer.invoice_settings.default_payment_method)?.card;
    const live = kit.billing.subscriptionsOf(customer.id).filter((subscription) => subscription.status !== 'canceled');
    const describe = (subscription: Subscription) => {
      const item = subscription.items.data[0]!;
      const amount = formatMoney(item.price.unit_amount * item.quantity, subscription.currency);
      const interval = item.price.recurring?.interval ?? 'month';
      const next = subscription.cancel_at_period_end
        ? `Ends on ${formatDate(item.current_period_end)}`
        : subscription.pause_collection
          ? 'Payments paused'
          : `Renews on ${formatDate(item.current_period_end)}`;
      const status = subscription.status === 'past_due' ? ' · Payment past due' : '';
      return `
    <div class="card" data-subscription="${escapeHtml(subscription.id)}">
      <p class="label">${escapeHtml(subscription.description ?? 'Subscription')}</p>
      <p class="amount">${escapeHtml(amount)} <span class="description">per ${escapeHtml(interval)}</span></p>
      <p class="description">${escapeHtml(next)}${escapeHtml(status)}</p>
      ${
        subscription.cancel_at_period_end
          ? ''
          : `<form method="post" action="${escapeHtml(`${session.id}/subscriptions/${subscription.id}/cancel`)}" aria-label="Cancel subscription">
        <button type="submit" style="background:#fff;color:#df1b41;border:1px solid #df1b41">Cancel subscription</button>
      </form>`
      }
    </div>`;
    };
    return layout(
      `Manage your subscriptions with ${kit.merchant}`,
      `
  <section aria-label="Subscriptions">
    <div><span class="merchant">${escapeHtml(kit.merchant)}</span><span class="badge">Test mode</span></div>
    ${session.return_url ? `<p><a class="back" href="${escapeHtml(session.return_url)}">&larr; Return to ${escapeHtml(kit.merchant)}</a></p>` : ''}
    ${notice ? `<p class="${notice.error ? 'error' : 'hint'}" role="${notice.error ? 'alert' : 'status'}">${escapeHtml(notice.message)}</p>` : ''}
    <p class="label">Current subscriptions</p>
    ${live.length ? live.map(describe).join('') : '<p class="description">No active subscriptions.</p>'}
  </section>
  <form method="post" action="${escapeHtml(`${session.id}/card`)}" novalidate aria-label="Update card">
    <p class="label" style="margin-top:0">Payment method</p>
    <p class="description" data-testid="card-on-file">${card ? `${escapeHtml(card.brand.toUpperCase())} &ndash; ${escapeHtml(card.last4)}, expires ${card.exp_month} / ${card.exp_year}` : 'No card on file'}</p>
    <label for="cardNumber">Card number</label>
    <input id="cardNumber" name="cardNumber" inputmode="numeric" autocomplete="cc-number" placeholder="1234 1234 1234 1234" required value="${escapeHtml(values.cardNumber ?? '')}">
    <div class="row">
      <div><label for="cardExpiry">Expiration (MM / YY)</label>
      <input id="cardExpiry" name="cardExpiry" inputmode="numeric" autocomplete="cc-exp" placeholder="MM / YY" required value="${escapeHtml(values.cardExpiry ?? '')}"></div>
      <div><label for="cardCvc">Security code (CVC)</label>
      <input id="cardCvc" name="cardCvc" inputmode="numeric" autocomplete="cc-csc" placeholder="CVC" required value=""></div>
    </div>
    <label for="billingName">Name on card</label>
    <input id="billingName" name="billingName" autocomplete="cc-name" value="${escapeHtml(values.billingName ?? '')}">
    <button type="submit">Update card</button>
    ${CARDS_HINT}
  </form>`,
    );
  }

  function mountPages(pages: Router, sendPage: SendPage): void {
    const form = express.urlencoded({ extended: false, limit: '16kb' });
    const sessionOf = (res: Response, id: string): PortalSession | null => {
      const session = portalSessions.get(id);
      if (!session) {
        sendPage(res, 404, renderNoticePage('Page not found', 'This portal session does not exist.'));
        return null;
      }
      return session;
    };
    const targets = (session: PortalSession) => (session.return_url ? [session.return_url] : []);

    pages.get('/p/session/:id', (req, res) => {
      const session = sessionOf(res, String(req.params.id));
      if (!session) return;
      const done = typeof req.query.done === 'string' ? req.query.done : null;
      const notice =
        done === 'card'
          ? { message: 'Your card was updated.', error: false }
          : done === 'canceled'
            ? { message: 'Your subscription was cancelled; it ends at the end of its period.', error: false }
            : null;
      sendPage(res, 200, renderPortal(session, notice), targets(session));
    });

    pages.post('/p/session/:id/card', form, (req, res) => {
      const session = sessionOf(res, String(req.params.id));
      if (!session) return;
      const body = (req.body ?? {}) as Record<string, unknown>;
      const field = (name: string) => (typeof body[name] === 'string' ? (body[name] as string) : '');
      const customer = kit.billing.requireCustomer(session.customer, 'customer');
      const card = kit.billing.newCard(
        { number: field('cardNumber'), expiry: field('cardExpiry'), cvc: field('cardCvc') },
        { email: customer.email, name: field('billingName').trim() || customer.name },
      );
      if ('invalid' in card) {
        const values = {
          cardNumber: field('cardNumber'),
          cardExpiry: field('cardExpiry'),
          billingName: field('billingName'),
        };
        sendPage(
          res,
          400,
          renderPortal(session, { message: card.invalid.message, error: true }, values),
          targets(session),
        );
        return;
      }
      kit.billing.attachCard(customer, card.method);
      res.redirect(303, `${req.baseUrl}/p/session/${session.id}?done=card`);
    });

    pages.post('/p/session/:id/subscriptions/:subscription/cancel', form, (req, res) => {
      const session = sessionOf(res, String(req.params.id));
      if (!session) return;
      const subscription = kit.billing
        .subscriptionsOf(session.customer)
        .find((candidate) => candidate.id === String(req.params.subscription));
      if (!subscription || subscription.status === 'canceled') {
        sendPage(res, 404, renderNoticePage('Page not found', 'There is no such subscription here.'));
        return;
      }
      kit.billing.updateSubscription(subscription.id, { cancel_at_period_end: 'true' });
      res.redirect(303, `${req.baseUrl}/p/session/${session.id}?done=canceled`);
    });
  }

  return {
    tables,
    mountApi,
    mountPages,
    /** The stores whose objects hold the sandbox's own URLs. */
    objectStores: () => [portalSessions] as Map<string, object>[],
    snapshot: () => ({ portalSessions: [...portalSessions.values()] }),
    restore(saved: { portalSessions: PortalSession[] }) {
      portalSessions.clear();
      for (const session of saved.portalSessions) portalSessions.set(session.id, clone(session));
    },
  };
}

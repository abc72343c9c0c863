import type { Actor } from '../auth/authorization';
import { authorize } from '../auth/authorization';
import { draftName, draftTarget } from '../campaigns/pre-campaign.service';
import { CAMPAIGN_PATHS } from '../contracts/campaigns.contract';
import type { CheckoutSessionResponse } from '../contracts/payments.contract';
import type { PaymentAction, PaymentGateway } from '../ports/payment-gateway.port';
import type { PreCampaignRepository } from '../ports/pre-campaign.repository';
import { conflict, notFound } from '../shared/errors';
import { currentStatusOf } from '../workflow/workflow.rules';

export type BudgetPaid = Extract<PaymentAction, { type: 'paymentSucceeded' }>;

/** A confirmed budget payment that could not be applied as it was; platform staff must look at it. */
export interface BudgetPaymentProblem {
  preCampaignId: string;
  paymentIntentId: string;
  amountCents: number;
  problem: 'unknown draft' | 'paid by another payment' | 'not payable';
}

export type BudgetPaymentServiceDeps = {
  preCampaigns: Pick<PreCampaignRepository, 'findById' | 'markPaid'>;
  payments: Pick<PaymentGateway, 'createCheckout'>;
  /** Starts setting the paid campaign up on the ad platform; safe to call again for the same draft. */
  startDeployment: (preCampaignId: string) => Promise<void>;
  /** The address people reach the platform at: the payment page sends them back there. */
  publicUrl: string;
  onProblem: (problem: BudgetPaymentProblem) => void;
};

export type BudgetPaymentService = ReturnType<typeof budgetPaymentServiceFactory>;

/**
 * Paying a campaign's ad budget (SPEC §7 `POST /api/stripe/session`): an approved, unpaid draft is paid
 * through the payment provider's checkout; its confirmed payment marks the draft paid once and starts
 * its deployment, which publishes it when done.
 */
export function budgetPaymentServiceFactory(deps: BudgetPaymentServiceDeps) {
  const { preCampaigns, payments, startDeployment, publicUrl, onProblem } = deps;

  return {
    /**
     * A checkout for the draft's lifetime budget. Asking again for the same draft and amount (a double
     * click, a second tab) answers the same checkout.
     */
    async startCheckout(
      actor: Actor,
      preCampaignId: string,
      /** Where the payer's browser comes back to (the address the page was opened at); the public one by default. */
      returnOrigin: string = publicUrl,
    ): Promise<CheckoutSessionResponse> {
      const draft = await preCampaigns.findById(preCampaignId);
      if (!draft || draft.isDeleted) throw notFound('That campaign does not exist.');
      authorize(actor, 'preCampaign.pay', draftTarget(draft));
      const status = currentStatusOf(draft.workflowstatus);
      if (draft.isPaid) throw conflict('The ad budget of this campaign is paid already.');
      if (status !== 'Approved') {
        throw conflict(`Only an approved campaign’s ad budget can be paid; this one is ${status}.`);
      }
      if (draft.budgetLifetime <= 0)
        throw conflict('This campaign has no ad budget to pay: set its total budget first.');
      const draftPage = `${returnOrigin}${CAMPAIGN_PATHS.draft(draft.id)}`;
      return payments.createCheckout({
        purpose: 'budget',
        // For a budget, the campaign a payment names is the draft being paid for.
        campaignId: draft.id,
        amountCents: draft.budgetLifetime,
        description: `Ad budget of ${draftName(draft)}`,
        successUrl: `${draftPage}?payment=done&session_id={CHECKOUT_SESSION_ID}`,
        cancelUrl: `${draftPage}?payment=canceled`,
        // Asked again from the same address, the same checkout; from another name of the server, its own.
        idempotencyKey: `budget-${draft.id}-${draft.budgetLifetime}${returnOrigin === publicUrl ? '' : `-${returnOrigin}`}`,
      });
    },

    /**
     * A confirmed budget payment: the draft is marked paid by it once, and its deployment is started
     * (again on a repeated event, which is harmless: a started deployment is not started twice). A
     * deployment that cannot be started throws, so the provider delivers the event again.
     */
    async onPaid(action: BudgetPaid): Promise<void> {
      const { campaignId: preCampaignId, paymentIntentId, amountCents } = action;
      const { marked, preCampaign } = await preCampaigns.markPaid(preCampaignId, paymentIntentId);
      if (!preCampaign) {
        onProblem({ preCampaignId, paymentIntentId, amountCents, problem: 'unknown draft' });
        return;
      }
      const paidByThis = preCampaign.isPaid && preCampaign.paymentIntentId === paymentIntentId;
      if (!marked && !paidByThis) {
        onProblem({
          preCampaignId,
          paymentIntentId,
          amountCents,
          problem: preCampaign.isPaid ? 'paid by another payment' : 'not payable',
        });
        return;
      }
      if (currentStatusOf(preCampaign.workflowstatus) !== 'Approved') return;
      await startDeployment(preCampaign.id);
    },
  };
}

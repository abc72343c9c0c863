import { PiggyBank } from 'lucide-react';
import { AD_BUDGET_SHARE } from '@causeway/core/budget/budget.rules';
import { CAMPAIGN_LIMITS } from '@causeway/core/campaigns/campaign-options';
import { Section } from '@causeway/shells/shared/ui/page-header';
import { TextField } from '@causeway/shells/shared/ui/field';
import { budgetPlanOf } from '../../model/budget';
import { todayInput } from '../../model/dates';
import { formatDollars } from '../../model/money';
import { ChoiceCards } from '../../ui/choices';
import { MoneyField } from '../../ui/field';
import type { StepProps } from './step-props';

const L = CAMPAIGN_LIMITS;

/** The budget as people will pay it: what buys ads, what the rest is, and the even daily amount. */
function BudgetExplainer({ plan }: { plan: ReturnType<typeof budgetPlanOf> }) {
  if (!plan.share) {
    return (
      <p className="cw-camp-hint">
        Enter a total budget to see how it is spent: {Math.round(AD_BUDGET_SHARE * 100)}% of it buys ads.
      </p>
    );
  }
  const { totalCents, adsCents, restCents, adsPercent } = plan.share;
  return (
    <div className="cw-camp-explainer" aria-live="polite" data-testid="budget-share">
      <PiggyBank size={20} aria-hidden="true" />
      <div>
        <p>
          Of your {formatDollars(totalCents)}, <strong>{formatDollars(adsCents)} buys ads</strong> ({adsPercent}%); the
          rest, {formatDollars(restCents)}, pays for running the campaign on Causeway and the card payment costs.
        </p>
        {plan.dailyCents === 0 && plan.evenDailyCents !== null && plan.days !== null && (
          <p>
            Spread evenly over {plan.days} day{plan.days === 1 ? '' : 's'}, that is about{' '}
            <strong>{formatDollars(plan.evenDailyCents)} a day</strong> on ads.
          </p>
        )}
        {plan.dailyCents !== null && plan.dailyCents > 0 && (
          <p>
            The ads spend at most {formatDollars(plan.dailyCents)} a day
            {plan.days !== null && plan.dailyCents * plan.days < adsCents
              ? `; over ${plan.days} days that is ${formatDollars(plan.dailyCents * plan.days)}, less than the ${formatDollars(adsCents)} for ads`
              : ''}
            .
          </p>
        )}
        {plan.dailyCents === 0 && plan.days === null && (
          <p>Choose the start and end dates to see the amount spent each day.</p>
        )}
      </div>
    </div>
  );
}

export function BudgetStep({ editor }: StepProps) {
  const { values, setField, leave, messagesOf, editable } = editor;
  const plan = budgetPlanOf(values);
  return (
    <>
      <Section headingLevel={3} title="Budget" description="What you pay for the ads. Amounts in dollars.">
        <div className="cw-camp-grid-2">
          <MoneyField
            label="Total budget"
            hint={`At least ${formatDollars(L.budgetMinCents)}. You pay it once the campaign is approved.`}
            value={values.budgetLifetime}
            placeholder="2,000"
            onChange={(event) => setField('budgetLifetime', event.target.value)}
            onBlur={() => leave('budgetLifetime')}
            messages={messagesOf('budgetLifetime')}
          />
          <MoneyField
            label="Daily budget"
            hint={`0 or empty spreads the budget evenly over the days; otherwise at least ${formatDollars(L.dailyMinCents)}.`}
            value={values.budgetDaily}
            placeholder="0"
            onChange={(event) => setField('budgetDaily', event.target.value)}
            onBlur={() => leave('budgetDaily')}
            messages={messagesOf('budgetDaily')}
          />
        </div>
        <BudgetExplainer plan={plan} />
        <MoneyField
          label="Target cost per click"
          hint={`What you aim to pay for one click, between ${formatDollars(L.cpcMinCents)} and ${formatDollars(L.cpcMaxCents)}. $1 suits most campaigns.`}
          value={values.budgetTargetCpc}
          placeholder="1.00"
          className="cw-camp-field--narrow"
          onChange={(event) => setField('budgetTargetCpc', event.target.value)}
          onBlur={() => leave('budgetTargetCpc')}
          messages={messagesOf('budgetTargetCpc')}
        />
        <ChoiceCards
          legend="Optimize for"
          hint="What the ad platform should get the most of for your budget."
          value={values.budgetOptimizationStrategy}
          onChange={(strategy) => setField('budgetOptimizationStrategy', strategy)}
          messages={messagesOf('budgetOptimizationStrategy')}
          disabled={!editable}
          options={[
            { value: 'clicks', label: 'Clicks', description: 'The most visits to the campaign page.' },
            { value: 'impressions', label: 'Impressions', description: 'The most people seeing the ads.' },
            { value: 'conversions', label: 'Conversions', description: 'The most donations made after a click.' },
          ]}
        />
      </Section>
      <Section
        headingLevel={3}
        title="Schedule"
        description="When the ads run. They should end by the fundraising deadline."
      >
        <div className="cw-camp-grid-2">
          <TextField
            label="Start date"
            type="date"
            min={todayInput()}
            value={values.startDate}
            onChange={(event) => setField('startDate', event.target.value)}
            onBlur={() => leave('startDate')}
            messages={messagesOf('startDate')}
          />
          <TextField
            label="End date"
            type="date"
            min={values.startDate || todayInput()}
            max={values.campaignRaiseGoalDeadline || undefined}
            value={values.endDate}
            onChange={(event) => setField('endDate', event.target.value)}
            onBlur={() => leave('endDate')}
            messages={messagesOf('endDate')}
          />
        </div>
      </Section>
    </>
  );
}

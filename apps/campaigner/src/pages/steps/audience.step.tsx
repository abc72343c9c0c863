import { Users } from 'lucide-react';
import { CAMPAIGN_LIMITS, TARGET_INTERESTS } from '@causeway/core/campaigns/campaign-options';
import { Section } from '@causeway/shells/shared/ui/page-header';
import {
  AGE_CHOICES,
  AGE_LABELS,
  audienceSummary,
  EDUCATION_CHOICES,
  EDUCATION_LABELS,
  GENDER_CHOICES,
  GENDER_LABELS,
  INCOME_CHOICES,
  INCOME_LABELS,
  labelOf,
} from '../../model/audience';
import { ChipsInput } from '../../ui/chips-input';
import { CheckboxGroup } from '../../ui/choices';
import { StatePicker } from '../../ui/state-picker';
import type { StepProps } from './step-props';

const options = (choices: readonly string[], labels: Record<string, string>) =>
  choices.map((value) => ({ value, label: labelOf(labels, value) }));

/** Every ZIP code a campaign may use, pasted at once with a separator after each. */
const ZIPS_PASTE_MAX = CAMPAIGN_LIMITS.zipsMax * 6;

export function AudienceStep({ editor }: StepProps) {
  const { values, setField, messagesOf, editable } = editor;
  const disabled = !editable;
  return (
    <>
      <p className="cw-camp-summary" aria-live="polite" data-testid="audience-summary">
        <Users size={18} aria-hidden="true" />
        <span>{audienceSummary(values)}</span>
      </p>
      <Section
        headingLevel={3}
        title="People"
        description="Every choice is optional: leave a group empty to reach everyone in it."
      >
        <CheckboxGroup
          legend="Ages"
          hint="Nothing ticked: ages 18 to 99."
          options={options(AGE_CHOICES, AGE_LABELS)}
          values={values.demographicTargetAge}
          onChange={(bands) => setField('demographicTargetAge', bands)}
          messages={messagesOf('demographicTargetAge')}
          disabled={disabled}
        />
        <CheckboxGroup
          legend="Gender"
          hint="Nothing ticked, or both women and men: everyone."
          options={options(GENDER_CHOICES, GENDER_LABELS)}
          values={values.demographicTargetGender}
          onChange={(genders) => setField('demographicTargetGender', genders)}
          messages={messagesOf('demographicTargetGender')}
          disabled={disabled}
        />
        <CheckboxGroup
          legend="Household income"
          hint="Bands of household income, from the top earners down. Nothing ticked: every income."
          options={options(INCOME_CHOICES, INCOME_LABELS)}
          values={values.demographicTargetIncome}
          onChange={(bands) => setField('demographicTargetIncome', bands)}
          messages={messagesOf('demographicTargetIncome')}
          disabled={disabled}
        />
        <CheckboxGroup
          legend="Education"
          hint="The highest level reached. Nothing ticked: any education."
          options={options(EDUCATION_CHOICES, EDUCATION_LABELS)}
          values={values.demographicHighestDegreeAttained}
          onChange={(levels) => setField('demographicHighestDegreeAttained', levels)}
          messages={messagesOf('demographicHighestDegreeAttained')}
          disabled={disabled}
          columns={2}
        />
        <CheckboxGroup
          legend="Interests"
          hint="Reach people who care about these. Nothing ticked: any interests."
          options={TARGET_INTERESTS.map((interest) => ({ value: interest, label: interest }))}
          values={values.demographicTargetInterests}
          onChange={(interests) => setField('demographicTargetInterests', interests)}
          messages={messagesOf('demographicTargetInterests')}
          disabled={disabled}
        />
      </Section>
      <Section headingLevel={3} title="Places" description="Where the ads are shown.">
        <StatePicker
          values={values.statesAmobee}
          onChange={(states) => setField('statesAmobee', states)}
          messages={messagesOf('statesAmobee')}
          disabled={disabled}
        />
        <ChipsInput
          label="ZIP codes"
          itemName="ZIP code"
          hint={`Five-digit codes, up to ${CAMPAIGN_LIMITS.zipsMax}. Separate several with spaces or commas.`}
          values={values.zips}
          maxLength={ZIPS_PASTE_MAX}
          onChange={(zips) => setField('zips', zips)}
          messages={messagesOf('zips')}
          separators={/[\s,;]+/}
          inputMode="numeric"
          maxItems={CAMPAIGN_LIMITS.zipsMax}
          placeholder="04101"
          disabled={disabled}
          optional
        />
      </Section>
    </>
  );
}

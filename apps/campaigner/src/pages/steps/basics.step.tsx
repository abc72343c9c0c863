import { Clapperboard, Image } from 'lucide-react';
import { CAMPAIGN_LIMITS, CAUSE_CATEGORIES } from '@causeway/core/campaigns/campaign-options';
import { Section } from '@causeway/shells/shared/ui/page-header';
import { SelectField, TextAreaField, TextField } from '@causeway/shells/shared/ui/field';
import { todayInput } from '../../model/dates';
import { ChipsInput } from '../../ui/chips-input';
import { SwitchRow } from '@causeway/shells/shared/ui/switch';
import { ChoiceCards } from '../../ui/choices';
import { MoneyField } from '../../ui/field';
import type { StepProps } from './step-props';
import { DRAFT_MAX_LENGTH } from '../../model/wizard-form';

const L = CAMPAIGN_LIMITS;

function StoryCount({ length }: { length: number }) {
  const missing = L.storyMin - length;
  return (
    <p className={`cw-camp-count${missing > 0 ? ' is-short' : ''}`} aria-live="polite">
      {length.toLocaleString('en-US')} / {L.storyMax.toLocaleString('en-US')} characters
      {missing > 0 ? ` · ${missing} more to reach the ${L.storyMin}-character minimum` : ''}
    </p>
  );
}

export function BasicsStep({ editor }: StepProps) {
  const { values, setField, leave, messagesOf, editable } = editor;
  const readOnly = !editable;
  return (
    <>
      <Section
        headingLevel={3}
        title="About the campaign"
        description="What donors read first. You can change any of it until you send the campaign for approval."
      >
        <div className="cw-camp-grid-2">
          <TextField
            label="Campaign name"
            hint="For you and your team, in lists and reports."
            value={values.campaignName}
            maxLength={DRAFT_MAX_LENGTH.campaignName}
            onChange={(event) => setField('campaignName', event.target.value)}
            onBlur={() => leave('campaignName')}
            messages={messagesOf('campaignName')}
            readOnly={readOnly}
          />
          <TextField
            label="Headline"
            hint="The line people see first on the campaign page and in shared links."
            value={values.campaignTitle}
            maxLength={DRAFT_MAX_LENGTH.campaignTitle}
            onChange={(event) => setField('campaignTitle', event.target.value)}
            onBlur={() => leave('campaignTitle')}
            messages={messagesOf('campaignTitle')}
            readOnly={readOnly}
          />
        </div>
        <TextAreaField
          label="Story"
          hint="Why this matters, what the money does and who it helps."
          value={values.campaignDescription}
          rows={8}
          maxLength={DRAFT_MAX_LENGTH.campaignDescription}
          onChange={(event) => setField('campaignDescription', event.target.value)}
          onBlur={() => leave('campaignDescription')}
          messages={messagesOf('campaignDescription')}
          after={<StoryCount length={values.campaignDescription.trim().length} />}
          readOnly={readOnly}
        />
        <ChipsInput
          label="Tags"
          itemName="tag"
          hint={`Up to ${L.tagsMax} words people might search for. Press Enter or type a comma after each.`}
          values={values.campaignTags}
          onChange={(tags) => setField('campaignTags', tags)}
          messages={messagesOf('campaignTags')}
          maxItems={L.tagsMax}
          maxLength={DRAFT_MAX_LENGTH.campaignTags}
          placeholder="food, winter, families"
          disabled={readOnly}
          optional
        />
        <SelectField
          label="Cause"
          value={values.campaignCategory}
          onChange={(event) => setField('campaignCategory', event.target.value)}
          onBlur={() => leave('campaignCategory')}
          messages={messagesOf('campaignCategory')}
          disabled={readOnly}
        >
          <option value="">Choose the cause…</option>
          {CAUSE_CATEGORIES.map((category) => (
            <option key={category} value={category}>
              {category}
            </option>
          ))}
        </SelectField>
      </Section>
      <Section
        headingLevel={3}
        title="Ads and fundraising"
        description="How the campaign is advertised and what it aims to raise."
      >
        <ChoiceCards
          legend="Ad type"
          hint="A campaign runs one kind of ad; its ad files must be of that kind."
          value={values.campaignChannel}
          onChange={(channel) => setField('campaignChannel', channel)}
          messages={messagesOf('campaignChannel')}
          disabled={readOnly}
          options={[
            {
              value: 'display',
              label: 'Display ads',
              icon: <Image size={18} aria-hidden="true" />,
              description: 'Picture banners on websites and apps, in standard sizes such as 300×250.',
            },
            {
              value: 'video',
              label: 'Video ads',
              icon: <Clapperboard size={18} aria-hidden="true" />,
              description: 'Short 15 or 30 second videos shown before or during other videos.',
            },
          ]}
        />
        <div className="cw-camp-grid-2">
          <MoneyField
            label="Fundraising goal"
            hint={`In dollars, at least $${(L.goalMinCents / 100).toLocaleString('en-US')}.`}
            value={values.campaignRaiseGoal}
            placeholder="25,000"
            onChange={(event) => setField('campaignRaiseGoal', event.target.value)}
            onBlur={() => leave('campaignRaiseGoal')}
            messages={messagesOf('campaignRaiseGoal')}
            readOnly={readOnly}
          />
          <TextField
            label="Fundraising deadline"
            hint="The day donations close."
            type="date"
            min={todayInput()}
            value={values.campaignRaiseGoalDeadline}
            onChange={(event) => setField('campaignRaiseGoalDeadline', event.target.value)}
            onBlur={() => leave('campaignRaiseGoalDeadline')}
            messages={messagesOf('campaignRaiseGoalDeadline')}
            readOnly={readOnly}
          />
        </div>
        <SwitchRow
          label="Accept donations on the campaign page"
          description={
            values.allowDonations
              ? 'Visitors can give by card straight from the campaign page.'
              : 'The page tells the story without a donation button.'
          }
          checked={values.allowDonations}
          onChange={(allow) => setField('allowDonations', allow)}
          disabled={readOnly}
        />
        {values.allowDonations && (
          <SwitchRow
            label="Offer monthly gifts"
            description={
              values.allowMonthlyGifts
                ? 'Donors choose to give once or each month; a monthly gift renews until they stop it.'
                : 'Donors give once only.'
            }
            checked={values.allowMonthlyGifts}
            onChange={(allow) => setField('allowMonthlyGifts', allow)}
            disabled={readOnly}
          />
        )}
      </Section>
    </>
  );
}

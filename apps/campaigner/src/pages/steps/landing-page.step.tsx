import { MousePointerClick } from 'lucide-react';
import { Section } from '@causeway/shells/shared/ui/page-header';
import { TextField } from '@causeway/shells/shared/ui/field';
import { SwitchRow } from '@causeway/shells/shared/ui/switch';
import type { StepProps } from './step-props';
import { DRAFT_MAX_LENGTH } from '../../model/wizard-form';

export function LandingPageStep({ editor }: StepProps) {
  const { values, setField, messagesOf, editable } = editor;
  return (
    <Section headingLevel={3} title="Landing page" description="Where people go when they click one of your ads.">
      <SwitchRow
        label="Send ad clicks to a page of my own"
        description="For a page on your organization's website built for this campaign."
        checked={values.landingPageToggle}
        onChange={(on) => setField('landingPageToggle', on, { now: true })}
        disabled={!editable}
      />
      {values.landingPageToggle ? (
        <TextField
          label="Landing page address"
          hint="The full address, starting with https://."
          type="url"
          inputMode="url"
          placeholder="https://"
          value={values.landingPage}
          maxLength={DRAFT_MAX_LENGTH.landingPage}
          onChange={(event) => setField('landingPage', event.target.value)}
          messages={messagesOf('landingPage')}
        />
      ) : (
        <p className="cw-camp-note cw-camp-note--info">
          <MousePointerClick size={16} aria-hidden="true" />
          <span>
            Ad clicks land on the campaign's own page on Causeway, with its story, its progress towards the goal and
            {values.allowDonations ? ' the donation button.' : ' your organization’s details.'}
          </span>
        </p>
      )}
    </Section>
  );
}

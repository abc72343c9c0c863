import { Info } from 'lucide-react';
import { maxLengthsOf } from '@causeway/core/contracts/max-length';
import { AMOUNT_MAX_LENGTH } from '@causeway/core/contracts/input-lengths';
import { useRef, useState } from 'react';
import { UpdateSettingsBody } from '@causeway/core/contracts/people.contract';
import { ErrorPanel } from '@causeway/shells/shared/ui/states';
import { PageHeader, Section } from '@causeway/shells/shared/ui/page-header';
import { focusFirstInvalid, TextAreaField, TextField } from '@causeway/shells/shared/ui/field';
import { fieldErrorsOf } from '../api/query';
import { useSettings, useUpdateSettings, type SettingsAnswer } from '../api/settings.api';
import { formatDateTime } from '../model/format';
import type { FieldErrors } from '../model/organization-form';
import { settingsBodyOf, settingsFormValuesOf, type SettingsFormValues } from '../model/settings-form';
import { SaveBar } from '../ui/save-bar';
import { FormSkeleton } from '../ui/states';
import { useToast } from '../ui/toast';
import { PercentField } from '../ui/percent-field';

/** Each text field's maximum, as the API takes it. */
const SETTINGS_MAX = maxLengthsOf(UpdateSettingsBody);

const FORM_ID = 'cw-admin-settings-form';

function SettingsForm({ answer }: { answer: SettingsAnswer }) {
  const toast = useToast();
  const formRef = useRef<HTMLFormElement>(null);
  const [baseline, setBaseline] = useState(() => settingsFormValuesOf(answer.settings));
  const [values, setValues] = useState(baseline);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const update = useUpdateSettings();
  // Before the first save the defaults apply; saving them as they are is a real change.
  const dirty =
    !answer.saved ||
    (Object.keys(baseline) as (keyof SettingsFormValues)[]).some((key) => baseline[key] !== values[key]);

  const set = (field: keyof SettingsFormValues, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };
  const text = (field: keyof SettingsFormValues) => ({
    value: values[field],
    onChange: (event: { target: { value: string } }) => set(field, event.target.value),
    error: errors[field],
    disabled: update.isPending,
    maxLength: (SETTINGS_MAX as Record<string, number | undefined>)[field],
  });

  const submit = () => {
    setFormError(null);
    const checked = settingsBodyOf(values);
    if (!checked.ok) {
      setErrors(checked.errors);
      return focusFirstInvalid(formRef.current);
    }
    setErrors({});
    const body: UpdateSettingsBody = checked.body;
    update.mutate(body, {
      onSuccess: (saved) => {
        const next = settingsFormValuesOf(saved.settings);
        setBaseline(next);
        setValues(next);
        toast.success('Platform settings saved.');
      },
      onError: (error) => {
        const fields = fieldErrorsOf(error);
        setErrors(fields);
        const known = Object.keys(fields).filter((field) => field in values);
        if (known.length > 0) focusFirstInvalid(formRef.current);
        if (known.length === 0 || known.length < Object.keys(fields).length) setFormError(error.message);
      },
    });
  };

  return (
    <>
      {!answer.saved && (
        <div className="cw-admin-banner cw-admin-banner--info" role="status">
          <Info size={20} aria-hidden="true" />
          <div className="cw-admin-banner__text">
            <p className="cw-admin-banner__title">Not saved yet: defaults apply</p>
            <p>Causeway uses these defaults until the settings are saved for the first time.</p>
          </div>
        </div>
      )}
      <form
        id={FORM_ID}
        ref={formRef}
        className="cw-admin-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!update.isPending) submit();
        }}
      >
        <Section
          id="cw-admin-settings-donations"
          title="Donations"
          description="Applies to every organization that has no donation percentage of its own (0)."
        >
          <PercentField
            label="Default donation percentage"
            error={errors.donationPercentage}
            hint="The share of each donation that goes to the organization."
            value={values.donationPercentage}
            onChange={(value) => set('donationPercentage', value)}
            disabled={update.isPending}
          />
        </Section>
        <Section
          id="cw-admin-settings-card-fee"
          title="Card fee donors may cover"
          description="Donors may tick a box to add the card fee to their gift, so the organization receives all of it. The extra is worked out from this rule: a percent of the charge plus a fixed amount. Stripe’s discounted rate for US nonprofits is 2.2% + $0.30."
        >
          <PercentField
            label="Percent of the charge"
            error={errors.cardFeePercent}
            hint="0 to 10, at most two decimals."
            value={values.cardFeePercent}
            onChange={(value) => set('cardFeePercent', value)}
            disabled={update.isPending}
            max={10}
          />
          <TextField
            label="Fixed amount per charge ($)"
            hint="$0 to $5.00."
            inputMode="decimal"
            {...text('cardFeeFixed')}
            maxLength={AMOUNT_MAX_LENGTH}
          />
        </Section>
        <Section
          id="cw-admin-settings-terms"
          title="Terms & payment"
          description="What donors agree to and read beside the payment form, unless their organization sets its own."
        >
          <TextAreaField label="Terms and conditions" optional rows={6} {...text('termsAndConditions')} />
          <TextField
            label="Terms and conditions link"
            optional
            type="url"
            placeholder="https://example.org/terms"
            {...text('termsAndConditionsLink')}
          />
          <TextAreaField label="Payment disclaimer" optional rows={3} {...text('paymentDisclaimer')} />
        </Section>
        <dl className="cw-admin-facts cw-admin-facts--inline">
          <div>
            <dt>First saved</dt>
            <dd>{answer.settings.createdAt ? formatDateTime(answer.settings.createdAt) : 'Not yet'}</dd>
          </div>
          <div>
            <dt>Last updated</dt>
            <dd>{answer.settings.updatedAt ? formatDateTime(answer.settings.updatedAt) : 'Not yet'}</dd>
          </div>
        </dl>
      </form>
      <SaveBar
        formId={FORM_ID}
        error={formError}
        dirty={dirty}
        pending={update.isPending}
        saveLabel="Save settings"
        onDiscard={
          answer.saved
            ? () => {
                setValues(baseline);
                setErrors({});
                setFormError(null);
              }
            : undefined
        }
        idleText="Settings up to date"
      />
    </>
  );
}

export function SettingsPage() {
  const settings = useSettings();
  return (
    <div className="cw-admin-page">
      <PageHeader
        eyebrow="Administration"
        title="Platform settings"
        description="The defaults every organization and campaign relies on."
      />
      {settings.isPending ? (
        <FormSkeleton label="Loading the settings…" sections={2} />
      ) : settings.isError ? (
        <ErrorPanel
          title="The settings couldn't be loaded"
          error={settings.error}
          onRetry={() => void settings.refetch()}
        />
      ) : (
        <SettingsForm answer={settings.data} />
      )}
    </div>
  );
}

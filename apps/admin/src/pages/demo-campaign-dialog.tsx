import { LoaderCircle, Plus } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import type { Organization } from '@causeway/core/organizations/organization.entity';
import { Dialog } from '@causeway/shells/shared/ui/dialog';
import { focusFirstInvalid, SelectField, TextField } from '@causeway/shells/shared/ui/field';
import { useCreateDemoCampaign, type DemoCampaignView } from '../api/demo-campaigns.api';
import { fieldErrorsOf } from '../api/query';
import { CreateDemoCampaignBody } from '@causeway/core/contracts/campaigns.contract';
import { maxLengthOf } from '@causeway/core/contracts/max-length';

type Props = {
  open: boolean;
  onClose: () => void;
  onCreated: (view: DemoCampaignView) => void;
  organizations: Organization[];
  /** Preselected, e.g. the organization the list is filtered by. */
  organizationId?: string;
};

/** Creates a demo campaign (it starts as a Draft), optionally for an organization. */
export function DemoCampaignDialog({ open, onClose, onCreated, organizations, organizationId = '' }: Props) {
  const [name, setName] = useState('');
  const [organization, setOrganization] = useState(organizationId);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const formId = useId();
  const create = useCreateDemoCampaign();

  const close = () => {
    if (create.isPending) return;
    setName('');
    setErrors({});
    setFailure(null);
    onClose();
  };

  const submit = () => {
    setErrors({});
    setFailure(null);
    create.mutate(
      { campaignName: name.trim(), organizationId: organization === '' ? null : organization },
      {
        onSuccess: (view) => {
          setName('');
          onCreated(view);
        },
        onError: (error) => {
          const fields = fieldErrorsOf(error);
          setErrors(fields);
          if (Object.keys(fields).length > 0) focusFirstInvalid(formRef.current);
          else setFailure(error.message);
        },
      },
    );
  };

  return (
    <Dialog
      open={open}
      onClose={close}
      title="New demo campaign"
      description="A demo campaign shows the product without spending anything. It starts as a draft."
      dismissible={!create.isPending}
      footer={
        <>
          <button type="button" className="cw-button cw-button--secondary" onClick={close} disabled={create.isPending}>
            Cancel
          </button>
          <button type="submit" form={formId} className="cw-button cw-button--primary" disabled={create.isPending}>
            {create.isPending ? (
              <LoaderCircle className="cw-spin" size={16} aria-hidden="true" />
            ) : (
              <Plus size={16} aria-hidden="true" />
            )}
            Create demo campaign
          </button>
        </>
      }
    >
      <form
        ref={formRef}
        id={formId}
        className="cw-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
      >
        <TextField
          label="Name"
          value={name}
          onChange={(event) => {
            setName(event.target.value);
            setErrors((current) => ({ ...current, campaignName: '' }));
          }}
          error={errors.campaignName || undefined}
          maxLength={maxLengthOf(CreateDemoCampaignBody.shape.campaignName)}
          autoComplete="off"
          autoFocus
          disabled={create.isPending}
        />
        <SelectField
          label="Organization"
          optional
          hint="Demo accounts of this organization see the campaign."
          value={organization}
          onChange={(event) => {
            setOrganization(event.target.value);
            setErrors((current) => ({ ...current, organizationId: '' }));
          }}
          error={errors.organizationId || undefined}
          disabled={create.isPending}
        >
          <option value="">No organization</option>
          {organizations
            .filter((item) => !item.isDeleted)
            .map((item) => (
              <option key={item.organizationId} value={item.organizationId}>
                {item.name}
              </option>
            ))}
        </SelectField>
        {failure && (
          <p className="cw-alert" role="alert">
            {failure}
          </p>
        )}
      </form>
    </Dialog>
  );
}

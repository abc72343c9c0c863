import { ArchiveRestore, Building2, LoaderCircle, SearchX, Trash2, Users } from 'lucide-react';
import { maxLengthsOf } from '@causeway/core/contracts/max-length';
import { OrganizationInput } from '@causeway/core/contracts/people.contract';
import { EMBED_ORIGIN_MAX_LENGTH, MAX_EMBED_ORIGINS } from '@causeway/core/organizations/embed-origins.rules';
import { useRef, useState } from 'react';
import type { Organization } from '@causeway/core/organizations/organization.entity';
import { Link, navigate } from '@causeway/shells/shared/router';
import { ErrorPanel } from '@causeway/shells/shared/ui/states';
import { PageHeader, Section } from '@causeway/shells/shared/ui/page-header';
import { ConfirmDialog } from '@causeway/shells/shared/ui/confirm-dialog';
import { focusFirstInvalid, TextAreaField, TextField } from '@causeway/shells/shared/ui/field';
import {
  uploadOrganizationImage,
  useCreateOrganization,
  useDeleteOrganization,
  useOrganization,
  useOrganizationImageUploaded,
  useRestoreOrganization,
  useUpdateOrganization,
  type OrganizationImageKind,
} from '../api/organizations.api';
import { fieldErrorsOf, isForbidden, isNotFound } from '../api/query';
import { useSettings } from '../api/settings.api';
import type { AdminAccess } from '../model/admin-access';
import { adminPaths } from '../model/admin-routes';
import { formatDate } from '../model/format';
import {
  isOrganizationFormDirty,
  organizationFormValuesOf,
  organizationInputOf,
  type ColorField as ColorFieldName,
  type FieldErrors,
  type OrganizationField,
} from '../model/organization-form';
import { StatusBadge } from '../ui/badges';
import { BRAND_DEFAULTS, BrandPreview } from '../ui/brand-preview';
import { ColorField } from '../ui/color-field';
import { ImageUpload } from '../ui/image-upload';
import { SaveBar } from '../ui/save-bar';
import { FormSkeleton, NotAllowed } from '../ui/states';
import { useToast } from '../ui/toast';
import { PercentField } from '../ui/percent-field';

/** Each text field's maximum, as the API takes it. */
const ORGANIZATION_MAX = maxLengthsOf(OrganizationInput);

const FORM_ID = 'cw-admin-organization-form';

const colorLabels: Record<ColorFieldName, string> = {
  headerColor: 'Header',
  footerColor: 'Footer',
  sideBarColor: 'Sidebar',
  backGroundColor: 'Page background',
};

const imageLabels: Record<OrganizationImageKind, string> = { logo: 'Logo', imageLogin: 'Login image' };

type OrganizationFormProps = {
  organization: Organization | null;
  access: AdminAccess;
};

function OrganizationForm({ organization, access }: OrganizationFormProps) {
  const toast = useToast();
  const formRef = useRef<HTMLFormElement>(null);
  const [baseline, setBaseline] = useState(() => organizationFormValuesOf(organization));
  const [values, setValues] = useState(baseline);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [pendingImages, setPendingImages] = useState<Partial<Record<OrganizationImageKind, File>>>({});
  const [uploadProgress, setUploadProgress] = useState<string | null>(null);
  const [confirmingDelete, setConfirmingDelete] = useState(false);

  const id = organization?.organizationId ?? null;
  const create = useCreateOrganization();
  const update = useUpdateOrganization(id ?? '');
  const remove = useDeleteOrganization(id ?? '');
  const restore = useRestoreOrganization(id ?? '');
  const imageUploaded = useOrganizationImageUploaded();
  const settings = useSettings();
  const platformDefault = settings.data?.settings.donationPercentage;

  const canEdit = id === null ? access.createOrganization : access.editOrganization(id);
  const deleted = organization?.isDeleted === true;
  const saving = create.isPending || update.isPending || uploadProgress !== null;
  const dirty = isOrganizationFormDirty(baseline, values) || Object.keys(pendingImages).length > 0;

  const set = (field: OrganizationField, value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };
  const text = (field: OrganizationField) => ({
    value: values[field],
    onChange: (event: { target: { value: string } }) => set(field, event.target.value),
    error: errors[field],
    disabled: !canEdit || saving,
    maxLength: (ORGANIZATION_MAX as Record<string, number | undefined>)[field],
  });

  /** Images chosen before the organization existed go up once it does. */
  const uploadPendingImages = async (created: Organization) => {
    const failures: string[] = [];
    for (const [kind, file] of Object.entries(pendingImages) as [OrganizationImageKind, File][]) {
      const label = imageLabels[kind].toLowerCase();
      setUploadProgress(`Uploading ${label}…`);
      try {
        const saved = await uploadOrganizationImage(created.organizationId, kind, file, ({ loaded, total }) =>
          setUploadProgress(`Uploading ${label}… ${Math.round((loaded / total) * 100)}%`),
        );
        imageUploaded(created.organizationId, saved);
      } catch (error) {
        failures.push(`The ${label} couldn't be uploaded: ${(error as Error).message}`);
      }
    }
    setUploadProgress(null);
    return failures;
  };

  const submit = async () => {
    setFormError(null);
    const checked = organizationInputOf(values);
    if (!checked.ok) {
      setErrors(checked.errors);
      focusFirstInvalid(formRef.current);
      return;
    }
    setErrors({});
    // Saving a deleted organization unchanged is how it is made active again; otherwise there's nothing to send.
    if (id !== null && !deleted && !isOrganizationFormDirty(baseline, values)) {
      toast.success('No changes to save.');
      return;
    }
    try {
      if (id === null) {
        const created = await create.mutateAsync(checked.input);
        const failures = await uploadPendingImages(created);
        toast.success(`${created.name} was created.`);
        failures.forEach((failure) => toast.error(`${failure} Try again from the organization's page.`));
        navigate(adminPaths.organization(created.organizationId), { replace: true });
      } else {
        const saved = await update.mutateAsync(checked.input);
        const next = organizationFormValuesOf(saved);
        setBaseline(next);
        setValues(next);
        toast.success(deleted ? `${saved.name} was saved and is active again.` : 'Changes saved.');
      }
    } catch (error) {
      const fields = fieldErrorsOf(error);
      setErrors(fields);
      const known = Object.keys(fields).filter((field) => field in values);
      if (known.length > 0) focusFirstInvalid(formRef.current);
      if (known.length < Object.keys(fields).length || Object.keys(fields).length === 0) {
        setFormError((error as Error).message);
      }
    }
  };

  const deleteOrganization = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        setConfirmingDelete(false);
        toast.success(`${organization?.name ?? 'The organization'} was deleted. You can restore it at any time.`);
      },
    });

  const restoreOrganization = () =>
    restore.mutate(undefined, {
      onSuccess: (saved) => toast.success(`${saved.name} is active again.`),
      onError: (error) => toast.error(`The organization couldn't be restored: ${error.message}`),
    });

  const name = values.name.trim() || organization?.name || 'New organization';

  return (
    <div className="cw-admin-page">
      <PageHeader
        back={access.listOrganizations ? { to: adminPaths.organizations, label: 'Organizations' } : undefined}
        eyebrow={id === null ? 'New organization' : 'Organization'}
        title={id === null ? 'New organization' : (organization?.name ?? name)}
        badge={organization ? <StatusBadge deleted={deleted} /> : undefined}
        description={
          organization
            ? `Created ${formatDate(organization.created_date)}.`
            : 'Add a nonprofit to Causeway. You can invite its people once it is created.'
        }
        actions={
          organization && (
            <>
              <Link to={adminPaths.peopleOf(organization.organizationId)} className="cw-button cw-button--secondary">
                <Users size={16} aria-hidden="true" />
                People
              </Link>
              {access.deleteOrganization && !deleted && (
                <button
                  type="button"
                  className="cw-button cw-button--danger-ghost"
                  onClick={() => setConfirmingDelete(true)}
                >
                  <Trash2 size={16} aria-hidden="true" />
                  Delete
                </button>
              )}
            </>
          )
        }
      />

      {deleted && (
        <div className="cw-admin-banner cw-admin-banner--warning" role="status">
          <Building2 size={20} aria-hidden="true" />
          <div className="cw-admin-banner__text">
            <p className="cw-admin-banner__title">This organization is deleted</p>
            <p>It is hidden from Causeway’s lists. Saving its details makes it active again, or restore it as it is.</p>
          </div>
          {access.deleteOrganization && (
            <button
              type="button"
              className="cw-button cw-button--secondary"
              onClick={restoreOrganization}
              disabled={restore.isPending}
            >
              {restore.isPending ? (
                <LoaderCircle className="cw-spin" size={16} aria-hidden="true" />
              ) : (
                <ArchiveRestore size={16} aria-hidden="true" />
              )}
              Restore
            </button>
          )}
        </div>
      )}

      <form
        id={FORM_ID}
        ref={formRef}
        className="cw-admin-form"
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (!saving) void submit();
        }}
      >
        <Section id="cw-admin-org-details" title="Details" description="How the organization is named and found.">
          <div className="cw-admin-grid-2">
            <TextField label="Name" {...text('name')} autoComplete="organization" required />
            <TextField
              label="Website"
              optional
              type="url"
              placeholder="https://example.org"
              {...text('website')}
              autoComplete="url"
            />
          </div>
        </Section>

        <Section id="cw-admin-org-contact" title="Contact" description="Shown to donors and used for receipts.">
          <div className="cw-admin-grid-2">
            <TextField label="E-mail" optional type="email" {...text('email')} autoComplete="email" />
            <TextField label="Phone" optional type="tel" {...text('phone')} autoComplete="tel" />
          </div>
          <TextAreaField label="Address" optional rows={2} {...text('address')} />
        </Section>

        <Section
          id="cw-admin-org-donations"
          title="Donations & terms"
          description="The organization’s share of each donation and what donors agree to."
        >
          <PercentField
            label="Donation percentage"
            error={errors.donationPercentage}
            hint={
              <>
                The share of each donation that goes to the organization. 0 means the platform default
                {platformDefault === undefined ? '' : ` (${platformDefault}%)`} applies.
              </>
            }
            value={values.donationPercentage}
            onChange={(value) => set('donationPercentage', value)}
            disabled={!canEdit || saving}
          />
          <TextAreaField
            label="Terms and conditions"
            optional
            rows={5}
            {...text('termsAndConditions')}

            hint="Leave empty to use the platform’s terms."
          />
          <TextField
            label="Terms and conditions link"
            optional
            type="url"
            placeholder="https://example.org/terms"
            {...text('termsAndConditionsLink')}
          />
          <TextAreaField
            label="Payment disclaimer"
            optional
            rows={3}
            {...text('paymentDisclaimer')}

            hint="Shown beside the payment form, e.g. whether gifts are tax-deductible."
          />
        </Section>

        <Section
          id="cw-admin-org-embedding"
          title="Donate form on your sites"
          description="The sites that may show the organization’s donate form and Donate button; donors who give there come back to the page they gave from. Every other site is refused."
        >
          <TextAreaField
            label="Sites"
            optional
            rows={3}
            placeholder={'https://www.example.org\nhttps://donate.example.org'}
            {...text('embedOrigins')}
            maxLength={MAX_EMBED_ORIGINS * (EMBED_ORIGIN_MAX_LENGTH + 1)}
            hint={`One a line, each written up to the first /, like https://www.example.org; at most ${MAX_EMBED_ORIGINS}.`}
          />
        </Section>

        <Section
          id="cw-admin-org-receipts"
          title="Receipts"
          description="What donors’ receipts (e-mail, page and PDF) say about the organization."
        >
          <div className="cw-admin-grid-2">
            <TextField
              label="Legal name"
              optional
              {...text('legalName')}

              hint="The registered name; the organization name is used when empty."
            />
            <TextField
              label="Tax id"
              optional
              {...text('taxId')}

              hint="For example an EIN: 12-3456789."
            />
          </div>
          <TextAreaField
            label="Tax statement"
            optional
            rows={3}
            {...text('receiptNote')}

            hint="Printed on every receipt, e.g. “No goods or services were provided in exchange for this gift.”"
          />
        </Section>

        <Section
          id="cw-admin-org-branding"
          title="Branding"
          description="The logo, login image and colors of the organization’s pages."
        >
          <div className="cw-admin-grid-2 cw-admin-uploads">
            {(['logo', 'imageLogin'] as const).map((kind) => (
              <ImageUpload
                key={kind}
                kind={kind}
                label={imageLabels[kind]}
                shape={kind === 'logo' ? 'square' : 'wide'}
                description={
                  kind === 'logo'
                    ? 'Shown in the header of the organization’s pages. A square image works best.'
                    : 'Shown beside the sign-in form of people invited by the organization.'
                }
                currentUrl={organization?.[kind] ?? null}
                organizationId={id}
                pendingFile={pendingImages[kind] ?? null}
                onPendingChange={(file) =>
                  setPendingImages((current) => {
                    const next = { ...current };
                    if (file) next[kind] = file;
                    else delete next[kind];
                    return next;
                  })
                }
                onUploaded={(saved) => {
                  if (id) imageUploaded(id, saved);
                  toast.success(`${imageLabels[kind]} updated.`);
                }}
                disabled={!canEdit || saving}
              />
            ))}
          </div>
          <div className="cw-admin-branding">
            <div className="cw-admin-grid-2 cw-admin-branding__colors">
              {(Object.keys(colorLabels) as ColorFieldName[]).map((field) => (
                <ColorField
                  key={field}
                  label={colorLabels[field]}
                  value={values[field]}
                  onChange={(value) => set(field, value)}
                  error={errors[field]}
                  fallback={BRAND_DEFAULTS[field]}
                />
              ))}
            </div>
            <BrandPreview
              name={values.name}
              logoUrl={organization?.logo ?? null}
              headerColor={values.headerColor}
              footerColor={values.footerColor}
              sideBarColor={values.sideBarColor}
              backGroundColor={values.backGroundColor}
            />
          </div>
        </Section>

        <Section
          id="cw-admin-org-ads"
          title="Ad platform"
          description="How the organization’s campaigns are bought as ads. Campaigns can only be published once the advertiser ID is set."
        >
          <div className="cw-admin-grid-2">
            <TextField
              label="Advertiser ID"
              optional
              {...text('advertiserId')}

              spellCheck={false}
              autoComplete="off"
            />
            <TextField
              label="Organization code"
              optional
              {...text('organizationCode')}

              spellCheck={false}
              autoComplete="off"
              hint="A short code used in campaign names, like HLFB."
            />
          </div>
        </Section>
      </form>

      {canEdit && (
        <SaveBar
          formId={FORM_ID}
          error={formError}
          dirty={dirty}
          pending={saving}
          progress={uploadProgress ?? (id === null ? 'Creating the organization…' : 'Saving…')}
          saveLabel={id === null ? 'Create organization' : deleted ? 'Save and make active' : 'Save changes'}
          onDiscard={
            id === null
              ? () => navigate(adminPaths.organizations)
              : () => {
                  setValues(baseline);
                  setErrors({});
                  setFormError(null);
                }
          }
          discardLabel={id === null ? 'Cancel' : 'Discard changes'}
          idleText={id === null ? 'Fill in at least the name' : 'All changes saved'}
        />
      )}

      {organization && (
        <ConfirmDialog
          open={confirmingDelete}
          onClose={() => {
            setConfirmingDelete(false);
            remove.reset();
          }}
          onConfirm={deleteOrganization}
          pending={remove.isPending}
          error={remove.error}
          title={`Delete ${organization.name}?`}
          description="The organization is hidden from Causeway’s lists. Nothing is erased: you can restore it at any time, and saving its details makes it active again."
          confirmLabel="Delete organization"
        />
      )}
    </div>
  );
}

/** Creates an organization (id null) or shows and edits one. */

export function OrganizationEditPage({ id, access }: { id: string | null; access: AdminAccess }) {
  const organization = useOrganization(id);
  if (id === null) return <OrganizationForm organization={null} access={access} />;
  if (organization.isPending) {
    return (
      <div className="cw-admin-page">
        <FormSkeleton label="Loading the organization…" sections={3} />
      </div>
    );
  }
  if (organization.isError) {
    if (isForbidden(organization.error)) return <NotAllowed text={organization.error.message} />;
    if (isNotFound(organization.error)) {
      return (
        <NotAllowed
          icon={SearchX}
          title="This organization doesn't exist"
          text="It may have been removed, or the link is incomplete."
          back={
            access.listOrganizations
              ? { to: adminPaths.organizations, label: 'Back to organizations' }
              : { to: adminPaths.overview, label: 'Back to the overview' }
          }
        />
      );
    }
    return (
      <div className="cw-admin-page">
        <ErrorPanel
          title="The organization couldn't be loaded"
          error={organization.error}
          onRetry={() => void organization.refetch()}
        />
      </div>
    );
  }
  return <OrganizationForm organization={organization.data} access={access} />;
}

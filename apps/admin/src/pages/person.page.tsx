import { ArchiveRestore, SearchX, ShieldAlert, Trash2, UserX } from 'lucide-react';
import { maxLengthsOf } from '@causeway/core/contracts/max-length';
import { useRef, useState } from 'react';
import { UpdateUserBody } from '@causeway/core/contracts/people.contract';
import type { AccountType, UserProfile } from '@causeway/core/users/user.entity';
import { navigate } from '@causeway/shells/shared/router';
import { ErrorPanel } from '@causeway/shells/shared/ui/states';
import { PageHeader, Section } from '@causeway/shells/shared/ui/page-header';
import { ConfirmDialog } from '@causeway/shells/shared/ui/confirm-dialog';
import { focusFirstInvalid, SelectField, TextAreaField, TextField } from '@causeway/shells/shared/ui/field';
import { useOrganization, useOrganizations } from '../api/organizations.api';
import { useDeletePerson, usePerson, useUpdatePerson } from '../api/people.api';
import { fieldErrorsOf, isConflict, isForbidden, isNotFound } from '../api/query';
import type { AdminAccess } from '../model/admin-access';
import { adminPaths } from '../model/admin-routes';
import { formatDate, formatDateTime } from '../model/format';
import type { FieldErrors } from '../model/organization-form';
import {
  accountTypeLabel,
  accountTypes,
  personFormValuesOf,
  personInitials,
  personName,
  personPatchOf,
  type PersonFormValues,
} from '../model/people';
import { RoleBadges } from '../ui/badges';
import { SaveBar } from '../ui/save-bar';
import { FormSkeleton, NotAllowed } from '../ui/states';
import { SwitchRow } from '@causeway/shells/shared/ui/switch';
import { useToast } from '../ui/toast';

/** Each text field's maximum, as the API takes it. */
const PERSON_MAX = maxLengthsOf(UpdateUserBody);

const FORM_ID = 'cw-admin-person-form';

type Flag = 'admin' | 'superUser' | 'isDemo';

function OrganizationChoice({
  access,
  value,
  onChange,
  error,
  disabled,
}: {
  access: AdminAccess;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
  disabled: boolean;
}) {
  const organizations = useOrganizations({ includeDeleted: true, enabled: access.moveBetweenOrganizations });
  const current = useOrganization(!access.moveBetweenOrganizations && value !== '' ? value : null);
  if (!access.moveBetweenOrganizations) {
    return (
      <TextField
        label="Organization"
        value={value === '' ? 'No organization' : (current.data?.name ?? 'Your organization')}
        readOnly
        hint="Only platform admins move people between organizations."
      />
    );
  }
  return (
    <SelectField
      label="Organization"
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={
        error ??
        (organizations.isError ? `Organizations couldn't be loaded: ${organizations.error.message}` : undefined)
      }
      disabled={disabled || organizations.isPending}
      hint="The organization whose campaigns they work on. Admins without one act across all of Causeway."
    >
      <option value="">{organizations.isPending ? 'Loading organizations…' : 'No organization'}</option>
      {(organizations.data ?? [])
        .filter((organization) => !organization.isDeleted || organization.organizationId === value)
        .map((organization) => (
          <option key={organization.organizationId} value={organization.organizationId}>
            {organization.name}
            {organization.isDeleted ? ' (deleted)' : ''}
          </option>
        ))}
    </SelectField>
  );
}

function PersonEditor({ user, access }: { user: UserProfile; access: AdminAccess }) {
  const toast = useToast();
  const formRef = useRef<HTMLFormElement>(null);
  const [baseline, setBaseline] = useState<PersonFormValues>(() => personFormValuesOf(user));
  const [values, setValues] = useState(baseline);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [pendingFlag, setPendingFlag] = useState<Flag | null>(null);
  const [confirming, setConfirming] = useState<'soft' | 'hard' | 'superUser' | null>(null);

  const save = useUpdatePerson(user.uid);
  const flags = useUpdatePerson(user.uid);
  const remove = useDeletePerson(user.uid);

  const target = { uid: user.uid, organizationId: user.organizationId };
  const canEdit = access.editPerson(target);
  const isSelf = user.uid === access.uid;
  const name = personName(user);
  const checked = personPatchOf(user, values);
  const dirty = (Object.keys(baseline) as (keyof PersonFormValues)[]).some((key) => baseline[key] !== values[key]);

  const set = <K extends keyof PersonFormValues>(field: K, value: PersonFormValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (errors[field]) setErrors((current) => ({ ...current, [field]: undefined }));
  };
  const text = (field: keyof PersonFormValues) => ({
    value: values[field],
    onChange: (event: { target: { value: string } }) => set(field, event.target.value as never),
    error: errors[field],
    disabled: !canEdit || save.isPending,
    maxLength: (PERSON_MAX as Record<string, number | undefined>)[field],
  });

  const submit = () => {
    setFormError(null);
    if (!checked.ok) {
      setErrors(checked.errors);
      return focusFirstInvalid(formRef.current);
    }
    setErrors({});
    if (Object.keys(checked.patch).length === 0) {
      toast.success('No changes to save.');
      return;
    }
    save.mutate(checked.patch, {
      onSuccess: (saved) => {
        const next = personFormValuesOf(saved);
        setBaseline(next);
        setValues(next);
        toast.success('Profile saved.');
      },
      onError: (error) => {
        const fields = { ...fieldErrorsOf(error) };
        // The API answers a taken e-mail with a conflict that names no field: it can only be the e-mail.
        if (isConflict(error) && Object.keys(fields).length === 0 && checked.patch.Email !== undefined) {
          fields.Email = error.message;
        }
        setErrors(fields);
        const known = Object.keys(fields).filter((field) => field in values);
        if (known.length > 0) focusFirstInvalid(formRef.current);
        if (known.length === 0 || known.length < Object.keys(fields).length) setFormError(error.message);
      },
    });
  };

  const setFlag = (flag: Flag, value: boolean, message: string) => {
    setPendingFlag(flag);
    const patch: UpdateUserBody = { [flag]: value };
    flags.mutate(patch, {
      onSuccess: () => {
        setConfirming(null);
        toast.success(message);
      },
      // Inside the confirmation dialog the error is shown in the dialog itself.
      onError: (error) => {
        if (confirming === null) toast.error(error.message);
      },
      onSettled: () => setPendingFlag(null),
    });
  };

  const restore = () =>
    flags.mutate(
      { isDeleted: false },
      {
        onSuccess: () => toast.success(`${name}'s account is active again.`),
        onError: (error) => toast.error(`The account couldn't be restored: ${error.message}`),
      },
    );

  const softDelete = () =>
    remove.mutate(
      { hard: false },
      {
        onSuccess: () => {
          setConfirming(null);
          toast.success(`${name}'s account was deleted. You can restore it from here.`);
        },
      },
    );

  const hardDelete = () =>
    remove.mutate(
      { hard: true },
      {
        onSuccess: () => {
          setConfirming(null);
          toast.success(`${name}'s account was permanently deleted.`);
          navigate(adminPaths.people, { replace: true });
        },
      },
    );

  const selfReason = isSelf ? 'You can’t change your own rights. Ask another admin.' : null;
  const adminReason = user.isDemo ? "Demo users can't be admins" : selfReason;
  const canSoftDelete = access.softDelete(target) && !user.isDeleted;
  const canHardDelete = access.hardDelete(target);

  return (
    <div className="cw-admin-page">
      <PageHeader
        back={{ to: adminPaths.people, label: 'People' }}
        eyebrow="Person"
        title={name}
        aside={
          user.avatar ? (
            <img className="cw-admin-person-avatar" src={user.avatar} alt="" />
          ) : (
            <span className="cw-admin-person-avatar" aria-hidden="true">
              {personInitials(user)}
            </span>
          )
        }
        description={
          <>
            {user.Email} · {accountTypeLabel(user.AccountType)} <RoleBadges user={user} />
          </>
        }
      />

      {user.isDeleted && (
        <div className="cw-admin-banner cw-admin-banner--warning" role="status">
          <UserX size={20} aria-hidden="true" />
          <div className="cw-admin-banner__text">
            <p className="cw-admin-banner__title">This account is deleted</p>
            <p>{name} can’t sign in. Restore the account to give them access again.</p>
          </div>
          {canEdit && (
            <button
              type="button"
              className="cw-button cw-button--secondary"
              onClick={restore}
              disabled={flags.isPending}
            >
              <ArchiveRestore size={16} aria-hidden="true" />
              Restore
            </button>
          )}
        </div>
      )}

      <div className="cw-admin-person">
        <div className="cw-admin-person__main">
          <form
            id={FORM_ID}
            ref={formRef}
            className="cw-admin-form"
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              if (!save.isPending) submit();
            }}
          >
            <Section id="cw-admin-person-profile" title="Profile">
              <div className="cw-admin-grid-2">
                <TextField label="First name" {...text('FirstName')} autoComplete="off" />
                <TextField label="Last name" {...text('LastName')} autoComplete="off" />
              </div>
              <div className="cw-admin-grid-2">
                <TextField
                  label="E-mail address"
                  type="email"
                  {...text('Email')}
                  autoComplete="off"
                  spellCheck={false}
                  hint="They sign in with this address."
                />
                <SelectField
                  label="Account type"
                  value={values.AccountType}
                  onChange={(event) => set('AccountType', event.target.value as AccountType)}
                  error={errors.AccountType}
                  disabled={!canEdit || save.isPending}
                >
                  {accountTypes.map(({ value, label }) => (
                    <option key={value} value={value}>
                      {label}
                    </option>
                  ))}
                </SelectField>
              </div>
              <TextField label="Title" optional {...text('Title')} placeholder="e.g. Volunteer coordinator" />
              <TextAreaField label="Description" optional rows={3} {...text('Description')} />
            </Section>

            <Section
              id="cw-admin-person-organization"
              title="Organization"
              description="Where they belong on Causeway, and what they told us about their organization when they signed up."
            >
              <OrganizationChoice
                access={access}
                value={values.organizationId}
                onChange={(value) => set('organizationId', value)}
                error={errors.organizationId}
                disabled={!canEdit || save.isPending}
              />
              <p className="cw-admin-subheading">As they described it</p>
              <div className="cw-admin-grid-2">
                <TextField label="Organization name" optional {...text('OrganisationName')} />
                <TextField label="Type" optional {...text('OrganisationType')} />
              </div>
              <TextAreaField label="Goals" optional rows={3} {...text('OrganisationGoals')} />
            </Section>
          </form>
          {canEdit && (
            <SaveBar
              formId={FORM_ID}
              error={formError}
              dirty={dirty}
              pending={save.isPending}
              saveLabel="Save profile"
              onDiscard={() => {
                setValues(baseline);
                setErrors({});
                setFormError(null);
              }}
              idleText="Profile up to date"
            />
          )}
        </div>

        <aside className="cw-admin-person__side">
          <Section id="cw-admin-person-access" title="Access" description="Changes take effect at once.">
            <div className="cw-admin-switches">
              <SwitchRow
                label="Admin"
                description={
                  user.organizationId
                    ? 'Manages their organization’s details and people.'
                    : 'Manages organizations, people and settings across Causeway.'
                }
                checked={user.admin && !user.isDemo}
                pending={pendingFlag === 'admin'}
                disabledReason={access.setAdmin(target) ? adminReason : 'Your role can’t change this.'}
                onChange={(value) =>
                  setFlag('admin', value, value ? `${name} is now an admin.` : `${name} is no longer an admin.`)
                }
              />
              {access.setSuperUser && (
                <SwitchRow
                  label="Super user"
                  description="Approves campaigns and can do everything on Causeway."
                  checked={user.superUser}
                  pending={pendingFlag === 'superUser'}
                  disabledReason={selfReason}
                  onChange={(value) =>
                    value
                      ? setConfirming('superUser')
                      : setFlag('superUser', false, `${name} is no longer a super user.`)
                  }
                />
              )}
              <SwitchRow
                label="Demo account"
                description="A showcase account. Demo accounts never hold admin rights and can’t invite people."
                checked={user.isDemo}
                pending={pendingFlag === 'isDemo'}
                disabledReason={canEdit ? (isSelf ? selfReason : null) : 'Your role can’t change this.'}
                onChange={(value) =>
                  setFlag(
                    'isDemo',
                    value,
                    value ? `${name} is now a demo account.` : `${name} is no longer a demo account.`,
                  )
                }
              />
            </div>
          </Section>

          <Section id="cw-admin-person-account" title="Account">
            <dl className="cw-admin-facts">
              <div>
                <dt>Joined</dt>
                <dd>{formatDate(user.createdAt)}</dd>
              </div>
              <div>
                <dt>Last sign-in</dt>
                <dd>{user.lastLogin ? formatDateTime(user.lastLogin) : 'Never'}</dd>
              </div>
              <div>
                <dt>Total spend</dt>
                <dd>{(user.totalSpend / 100).toLocaleString('en-US', { style: 'currency', currency: 'USD' })}</dd>
              </div>
              <div>
                <dt>Campaigns promoted</dt>
                <dd>{user.promotedCampaigns.length}</dd>
              </div>
              <div>
                <dt>User ID</dt>
                <dd>
                  <code className="cw-admin-code">{user.uid}</code>
                </dd>
              </div>
            </dl>
          </Section>

          {(canSoftDelete || canHardDelete) && (
            <Section id="cw-admin-person-danger" title="Delete account">
              <div className="cw-admin-danger">
                {canSoftDelete && (
                  <div className="cw-admin-danger__row">
                    <p className="cw-admin-danger__text">
                      They can no longer sign in. You can restore the account later.
                    </p>
                    <button
                      type="button"
                      className="cw-button cw-button--danger-ghost"
                      onClick={() => setConfirming('soft')}
                    >
                      <UserX size={16} aria-hidden="true" />
                      Delete account
                    </button>
                  </div>
                )}
                {canHardDelete && (
                  <div className="cw-admin-danger__row">
                    <p className="cw-admin-danger__text">
                      Removes the account for good. A copy is kept in the deleted users’ archive.
                    </p>
                    <button type="button" className="cw-button cw-button--danger" onClick={() => setConfirming('hard')}>
                      <Trash2 size={16} aria-hidden="true" />
                      Delete permanently
                    </button>
                  </div>
                )}
              </div>
            </Section>
          )}
        </aside>
      </div>

      <ConfirmDialog
        open={confirming === 'soft'}
        onClose={() => {
          setConfirming(null);
          remove.reset();
        }}
        onConfirm={softDelete}
        pending={remove.isPending}
        error={remove.error}
        title={`Delete ${name}'s account?`}
        description="They can no longer sign in and no longer appear in lists. Nothing is erased: you can restore the account at any time."
        confirmLabel="Delete account"
      />
      <ConfirmDialog
        open={confirming === 'hard'}
        onClose={() => {
          setConfirming(null);
          remove.reset();
        }}
        onConfirm={hardDelete}
        pending={remove.isPending}
        error={remove.error}
        title={`Permanently delete ${name}?`}
        description="This can’t be undone. The account is removed from Causeway; only a copy in the deleted users’ archive remains."
        confirmLabel="Delete permanently"
        typeToConfirm={{
          value: user.Email,
          label: (
            <>
              Type <strong>{user.Email}</strong> to confirm
            </>
          ),
        }}
      />
      <ConfirmDialog
        open={confirming === 'superUser'}
        onClose={() => {
          setConfirming(null);
          flags.reset();
        }}
        onConfirm={() => setFlag('superUser', true, `${name} is now a super user.`)}
        pending={pendingFlag === 'superUser'}
        error={flags.error}
        tone="default"
        title={`Make ${name} a super user?`}
        description={
          <span className="cw-admin-inline-icon">
            <ShieldAlert size={16} aria-hidden="true" />
            Super users approve every campaign and can change anything on Causeway, in every organization.
          </span>
        }
        confirmLabel="Make super user"
      />
    </div>
  );
}

export function PersonPage({ uid, access }: { uid: string; access: AdminAccess }) {
  const person = usePerson(uid);
  if (person.isPending) {
    return (
      <div className="cw-admin-page">
        <FormSkeleton label="Loading the profile…" sections={2} />
      </div>
    );
  }
  if (person.isError) {
    if (isForbidden(person.error)) return <NotAllowed text={person.error.message} />;
    if (isNotFound(person.error)) {
      return (
        <NotAllowed
          icon={SearchX}
          title="This person isn't on Causeway"
          text="The account may have been permanently deleted, or the link is incomplete."
          back={{ to: adminPaths.people, label: 'Back to people' }}
        />
      );
    }
    return (
      <div className="cw-admin-page">
        <ErrorPanel title="The profile couldn't be loaded" error={person.error} onRetry={() => void person.refetch()} />
      </div>
    );
  }
  return <PersonEditor user={person.data} access={access} />;
}

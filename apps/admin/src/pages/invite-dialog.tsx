import { CircleCheck, LoaderCircle, Mail, Send } from 'lucide-react';
import { useRef, useState } from 'react';
import type { AccountType } from '@causeway/core/users/user.entity';
import { Dialog } from '@causeway/shells/shared/ui/dialog';
import { focusFirstInvalid, SelectField, TextField } from '@causeway/shells/shared/ui/field';
import { createInvitationToken, sendInvitationEmail, useInvitationSent, type Invitation } from '../api/invitations.api';
import { useOrganization, useOrganizations } from '../api/organizations.api';
import { fieldErrorsOf, isConflict } from '../api/query';
import type { AdminAccess } from '../model/admin-access';
import { isEmail, type FieldErrors } from '../model/organization-form';
import { accountTypes } from '../model/people';
import { CreateTokenBody } from '@causeway/core/contracts/people.contract';
import { maxLengthOf } from '@causeway/core/contracts/max-length';

type InviteDialogProps = {
  open: boolean;
  onClose: () => void;
  access: AdminAccess;
  /** Preselects an organization (platform staff), e.g. when inviting from a filtered list. */
  organizationId?: string;
};

type Sent = { email: string; name: string; organizationName: string };

/** In the local demo, sent mail is kept in a mailbox page instead of being delivered. */
const isLocalHost = () => ['localhost', '127.0.0.1'].includes(window.location.hostname);

const emptyInvitation = (organizationId: string): Invitation => ({
  email: '',
  name: '',
  organizationId,
  accountType: 'campaigner',
});

/**
 * Invites someone into an organization: a registration token is created, then the invitation e-mail
 * carrying it is sent. An organization admin can only invite into their own organization.
 */
export function InviteDialog({ open, onClose, access, organizationId }: InviteDialogProps) {
  const fixedOrganizationId = access.ownOrganizationId;
  const initialOrganization = fixedOrganizationId ?? organizationId ?? '';
  const [values, setValues] = useState<Invitation>(() => emptyInvitation(initialOrganization));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [pending, setPending] = useState(false);
  const [sent, setSent] = useState<Sent | null>(null);
  // A token already made for exactly this invitation, so resending after a mail failure reuses it.
  const tokenFor = useRef<{ key: string; token: string } | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const invitationSent = useInvitationSent();

  const organizations = useOrganizations({ enabled: open && access.listOrganizations });
  const ownOrganization = useOrganization(open && fixedOrganizationId ? fixedOrganizationId : null);
  const organizationName = (id: string) =>
    fixedOrganizationId
      ? (ownOrganization.data?.name ?? 'your organization')
      : (organizations.data?.find((organization) => organization.organizationId === id)?.name ?? 'the organization');

  const reset = () => {
    setValues(emptyInvitation(initialOrganization));
    setErrors({});
    setFailure(null);
    setSent(null);
    tokenFor.current = null;
  };
  const close = () => {
    if (pending) return;
    reset();
    onClose();
  };
  const set = <K extends keyof Invitation>(key: K, value: Invitation[K]) => {
    setValues((current) => ({ ...current, [key]: value }));
    setErrors((current) => ({ ...current, [key]: undefined }));
  };

  const submit = async () => {
    const invitation: Invitation = {
      ...values,
      email: values.email.trim().toLowerCase(),
      name: values.name.trim(),
    };
    const problems: FieldErrors = {};
    if (!isEmail(invitation.email)) problems.email = 'Enter an e-mail address, like name@example.org.';
    if (invitation.name === '') problems.name = 'Enter the name of the person you invite.';
    if (invitation.organizationId === '') problems.organizationId = 'Choose the organization they join.';
    setErrors(problems);
    setFailure(null);
    if (Object.keys(problems).length > 0) return focusFirstInvalid(formRef.current);

    setPending(true);
    const key = JSON.stringify(invitation);
    try {
      let token = tokenFor.current?.key === key ? tokenFor.current.token : null;
      if (token === null) {
        token = (await createInvitationToken(invitation)).token;
        tokenFor.current = { key, token };
      }
      try {
        await sendInvitationEmail(invitation, token);
      } catch (error) {
        setFailure(
          `The invitation is ready, but its e-mail couldn't be sent: ${(error as Error).message} Send it again when you're ready.`,
        );
        return;
      }
      invitationSent();
      setSent({
        email: invitation.email,
        name: invitation.name,
        organizationName: organizationName(invitation.organizationId),
      });
    } catch (error) {
      const fields = { ...fieldErrorsOf(error) };
      // Someone who already has an account (or an invitation) is a conflict about the e-mail.
      if (isConflict(error) && Object.keys(fields).length === 0) fields.email = (error as Error).message;
      setErrors(fields);
      if (Object.keys(fields).length > 0) focusFirstInvalid(formRef.current);
      else setFailure((error as Error).message);
    } finally {
      setPending(false);
    }
  };

  const organizationOptions = (organizations.data ?? []).filter((organization) => !organization.isDeleted);

  return (
    <Dialog
      open={open}
      onClose={close}
      title={sent ? 'Invitation sent' : 'Invite someone'}
      description={
        sent ? undefined : 'They get an e-mail with a link to create their account in the organization you choose.'
      }
      icon={sent ? <CircleCheck size={20} /> : <Mail size={20} />}
      size="medium"
      dismissible={!pending}
      footer={
        sent ? (
          <>
            <button type="button" className="cw-button cw-button--secondary" onClick={reset}>
              Invite someone else
            </button>
            <button type="button" className="cw-button cw-button--primary" onClick={close}>
              Done
            </button>
          </>
        ) : (
          <>
            <button type="button" className="cw-button cw-button--secondary" onClick={close} disabled={pending}>
              Cancel
            </button>
            <button
              type="submit"
              form="cw-admin-invite-form"
              className="cw-button cw-button--primary"
              disabled={pending}
            >
              {pending ? (
                <LoaderCircle className="cw-spin" size={16} aria-hidden="true" />
              ) : (
                <Send size={16} aria-hidden="true" />
              )}
              {failure && tokenFor.current ? 'Send again' : 'Send invitation'}
            </button>
          </>
        )
      }
    >
      {sent ? (
        <div className="cw-admin-sent" role="status">
          <p>
            Invitation sent to <strong>{sent.name}</strong> ({sent.email}) to join{' '}
            <strong>{sent.organizationName}</strong>. The link in the e-mail lets them create their account.
          </p>
          {isLocalHost() && (
            <p className="cw-admin-sent__dev">
              In the local demo, read it in the{' '}
              <a href="/dev/mail" target="_blank" rel="noreferrer">
                dev mailbox
              </a>
              .
            </p>
          )}
        </div>
      ) : (
        <form
          id="cw-admin-invite-form"
          ref={formRef}
          className="cw-form"
          noValidate
          onSubmit={(event) => {
            event.preventDefault();
            if (!pending) void submit();
          }}
        >
          <div className="cw-admin-grid-2">
            <TextField
              label="Name"
              value={values.name}
              onChange={(event) => set('name', event.target.value)}
              error={errors.name}
              autoComplete="off"
              maxLength={maxLengthOf(CreateTokenBody.shape.name)}
              disabled={pending}
              autoFocus
            />
            <TextField
              label="E-mail address"
              type="email"
              value={values.email}
              onChange={(event) => set('email', event.target.value)}
              error={errors.email}
              autoComplete="off"
              spellCheck={false}
              maxLength={maxLengthOf(CreateTokenBody.shape.email)}
              disabled={pending}
            />
          </div>
          <div className="cw-admin-grid-2">
            {fixedOrganizationId ? (
              <TextField
                label="Organization"
                value={ownOrganization.data?.name ?? 'Your organization'}
                readOnly
                hint="You can invite people into your own organization."
                error={errors.organizationId}
              />
            ) : (
              <SelectField
                label="Organization"
                value={values.organizationId}
                onChange={(event) => set('organizationId', event.target.value)}
                error={
                  errors.organizationId ??
                  (organizations.isError
                    ? `Organizations couldn't be loaded: ${organizations.error.message}`
                    : undefined)
                }
                disabled={pending || organizations.isPending}
              >
                <option value="">
                  {organizations.isPending ? 'Loading organizations…' : 'Choose an organization'}
                </option>
                {organizationOptions.map((organization) => (
                  <option key={organization.organizationId} value={organization.organizationId}>
                    {organization.name}
                  </option>
                ))}
              </SelectField>
            )}
            <SelectField
              label="Account type"
              value={values.accountType}
              onChange={(event) => set('accountType', event.target.value as AccountType)}
              error={errors.accountType}
              disabled={pending}
            >
              {accountTypes.map(({ value, label }) => (
                <option key={value} value={value}>
                  {label}
                </option>
              ))}
            </SelectField>
          </div>
          {failure && (
            <p className="cw-alert" role="alert">
              {failure}
            </p>
          )}
        </form>
      )}
    </Dialog>
  );
}

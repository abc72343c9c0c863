import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Building2, Camera, CircleAlert, CircleCheck, LoaderCircle, Mail, RefreshCw, Save, X } from 'lucide-react';
import type { ChangeEvent, FormEvent } from 'react';
import { useEffect, useId, useRef, useState } from 'react';
import type { UpdateOwnProfileBody } from '@causeway/core/contracts/people.contract';
import type { SessionUser, UserProfile } from '@causeway/core/users/user.entity';
import { ApiError } from '@causeway/shells/shared/http';
import { roleLabel, sessionRole } from '@causeway/shells/shared/roles';
import { ProgressBar } from '@causeway/shells/shared/ui/progress-bar';
import { refreshSession } from '../session/use-session';
import { AVATAR_MAX_BYTES, AVATAR_TYPES, avatarProblem, formatBytes } from './avatar-file';
import { fetchOwnProfile, updateOwnProfile, UploadCancelled, uploadAvatar, type Upload } from './profile.api';
import './profile.css';

export const ownProfileQueryKey = ['profile', 'me'] as const;

type Draft = { FirstName: string; LastName: string; Title: string; Description: string };

const draftOf = (profile: UserProfile): Draft => ({
  FirstName: profile.FirstName,
  LastName: profile.LastName,
  Title: profile.Title ?? '',
  Description: profile.Description ?? '',
});

/** Only what changed is sent; cleared optional texts are sent as null. */
function changesOf(profile: UserProfile, draft: Draft): UpdateOwnProfileBody {
  const saved = draftOf(profile);
  const changes: UpdateOwnProfileBody = {};
  if (draft.FirstName.trim() !== saved.FirstName) changes.FirstName = draft.FirstName.trim();
  if (draft.LastName.trim() !== saved.LastName) changes.LastName = draft.LastName.trim();
  if (draft.Title.trim() !== saved.Title) changes.Title = draft.Title.trim() === '' ? null : draft.Title.trim();
  if (draft.Description.trim() !== saved.Description)
    changes.Description = draft.Description.trim() === '' ? null : draft.Description.trim();
  return changes;
}

function initialsOf(profile: Pick<UserProfile, 'FirstName' | 'LastName' | 'Email'>): string {
  const letters = `${profile.FirstName.charAt(0)}${profile.LastName.charAt(0)}`.trim();
  return (letters === '' ? profile.Email.charAt(0) : letters).toUpperCase();
}

function AvatarCard({ profile, user }: { profile: UserProfile; user: SessionUser }) {
  const queryClient = useQueryClient();
  const inputRef = useRef<HTMLInputElement>(null);
  const upload = useRef<Upload<UserProfile> | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [preview, setPreview] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [saved, setSaved] = useState(false);
  // A photo that cannot be loaded (moved, offline) falls back to the initials.
  const [brokenImage, setBrokenImage] = useState<string | null>(null);
  const hintId = useId();
  const name = `${profile.FirstName} ${profile.LastName}`.trim() || profile.Email;

  useEffect(() => () => upload.current?.abort(), []);
  useEffect(() => () => (preview ? URL.revokeObjectURL(preview) : undefined), [preview]);

  const onChoose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setSaved(false);
    const reason = avatarProblem(file);
    setProblem(reason);
    if (reason) return;
    setPreview(URL.createObjectURL(file));
    setProgress(0);
    upload.current = uploadAvatar(file, setProgress);
    try {
      const updated = await upload.current.result;
      queryClient.setQueryData(ownProfileQueryKey, updated);
      await refreshSession(queryClient);
      setSaved(true);
    } catch (error) {
      if (!(error instanceof UploadCancelled)) setProblem((error as Error).message);
    } finally {
      upload.current = null;
      setProgress(null);
      setPreview(null);
    }
  };

  const shown = preview ?? profile.avatar;
  const uploading = progress !== null;
  const showImage = shown !== null && shown !== brokenImage;
  return (
    <section className="cw-card cw-profile__identity" aria-label="Profile photo and account">
      <div className={`cw-profile__avatar${uploading ? ' is-uploading' : ''}`}>
        {showImage ? (
          <img src={shown} alt={`Profile photo of ${name}`} onError={() => setBrokenImage(shown)} />
        ) : (
          <span aria-hidden="true">{initialsOf(profile)}</span>
        )}
      </div>
      <h2 className="cw-profile__name">{name}</h2>
      {profile.Title && profile.Title.toLowerCase() !== roleLabel(sessionRole(user)).toLowerCase() && (
        <p className="cw-profile__title">{profile.Title}</p>
      )}
      <p className="cw-profile__role">
        {roleLabel(sessionRole(user))}
        {user.demoUser && <span className="cw-badge cw-badge--demo">Demo</span>}
      </p>

      {uploading ? (
        <div className="cw-profile__upload">
          <ProgressBar percent={progress * 100} label="Uploading your photo" figure={false} />
          <div className="cw-profile__upload-row">
            <span>{progress < 1 ? `Uploading… ${Math.round(progress * 100)}%` : 'Saving…'}</span>
            <button type="button" className="cw-button cw-button--ghost" onClick={() => upload.current?.abort()}>
              <X size={16} aria-hidden="true" />
              Cancel
            </button>
          </div>
        </div>
      ) : (
        <>
          <input
            ref={inputRef}
            className="cw-visually-hidden"
            type="file"
            accept={Object.keys(AVATAR_TYPES).join(',')}
            onChange={(event) => void onChoose(event)}
            tabIndex={-1}
            aria-hidden="true"
          />
          <button
            type="button"
            className="cw-button cw-button--secondary"
            onClick={() => inputRef.current?.click()}
            aria-describedby={hintId}
          >
            <Camera size={16} aria-hidden="true" />
            {profile.avatar ? 'Change photo' : 'Add a photo'}
          </button>
          <p id={hintId} className="cw-profile__hint">
            {Object.values(AVATAR_TYPES).join(', ')} · up to {formatBytes(AVATAR_MAX_BYTES)}
          </p>
        </>
      )}
      <div aria-live="polite" className="cw-profile__status">
        {problem && (
          <p className="cw-alert" role="alert">
            <CircleAlert size={18} aria-hidden="true" />
            <span>{problem}</span>
          </p>
        )}
        {saved && (
          <p className="cw-profile__saved">
            <CircleCheck size={16} aria-hidden="true" />
            Your new photo is saved.
          </p>
        )}
      </div>

      <dl className="cw-profile__facts">
        <div>
          <dt>
            <Mail size={15} aria-hidden="true" />
            <span className="cw-visually-hidden">E-mail</span>
          </dt>
          <dd>{profile.Email}</dd>
        </div>
        <div>
          <dt>
            <Building2 size={15} aria-hidden="true" />
            <span className="cw-visually-hidden">Organization</span>
          </dt>
          <dd>{user.orgName ?? 'No organization'}</dd>
        </div>
      </dl>
    </section>
  );
}

function DetailsForm({ profile }: { profile: UserProfile }) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState<Draft>(() => draftOf(profile));
  const ids = {
    title: useId(),
    FirstName: useId(),
    LastName: useId(),
    Title: useId(),
    Description: useId(),
  };
  const save = useMutation({
    mutationFn: updateOwnProfile,
    onSuccess: async (updated) => {
      queryClient.setQueryData(ownProfileQueryKey, updated);
      setDraft(draftOf(updated));
      await refreshSession(queryClient);
    },
  });
  const changes = changesOf(profile, draft);
  const dirty = Object.keys(changes).length > 0;
  const fieldErrors = save.error instanceof ApiError ? save.error.fields : {};
  const firstNameMissing = draft.FirstName.trim() === '';

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!dirty || firstNameMissing) return;
    save.mutate(changes);
  };
  const set = (field: keyof Draft) => (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    if (save.isSuccess || save.isError) save.reset();
    setDraft((current) => ({ ...current, [field]: event.target.value }));
  };
  const errorOf = (field: keyof Draft) =>
    fieldErrors[field] ?? (field === 'FirstName' && firstNameMissing ? 'Enter your first name.' : undefined);
  const field = (
    name: keyof Draft,
    label: string,
    options: { multiline?: boolean; maxLength: number; hint?: string },
  ) => {
    const error = errorOf(name);
    const errorId = `${ids[name]}-error`;
    const props = {
      id: ids[name],
      className: options.multiline ? 'cw-input cw-textarea' : 'cw-input',
      value: draft[name],
      maxLength: options.maxLength,
      onChange: set(name),
      'aria-invalid': error ? true : undefined,
      'aria-describedby': error ? errorId : undefined,
    };
    return (
      <div className="cw-field">
        <label className="cw-field__label" htmlFor={ids[name]}>
          {label}
          {options.hint && <span className="cw-field__hint"> {options.hint}</span>}
        </label>
        {options.multiline ? <textarea {...props} rows={5} /> : <input {...props} type="text" />}
        {error && (
          <p id={errorId} className="cw-field__error">
            {error}
          </p>
        )}
      </div>
    );
  };

  return (
    <section className="cw-card" aria-labelledby={ids.title}>
      <h2 id={ids.title} className="cw-card__title">
        Your details
      </h2>
      <form className="cw-form" onSubmit={onSubmit} noValidate>
        <div className="cw-profile__row">
          {field('FirstName', 'First name', { maxLength: 100 })}
          {field('LastName', 'Last name', { maxLength: 100 })}
        </div>
        {field('Title', 'Title', { maxLength: 200, hint: '(optional, e.g. Volunteer coordinator)' })}
        {field('Description', 'About you', { multiline: true, maxLength: 5000, hint: '(optional)' })}
        <div className="cw-profile__actions" aria-live="polite">
          {save.isError && !Object.keys(fieldErrors).length && (
            <p className="cw-alert" role="alert">
              <CircleAlert size={18} aria-hidden="true" />
              <span>{save.error.message}</span>
            </p>
          )}
          {save.isSuccess && !dirty && (
            <p className="cw-profile__saved">
              <CircleCheck size={16} aria-hidden="true" />
              Your profile is saved.
            </p>
          )}
          <button
            type="submit"
            className="cw-button cw-button--primary"
            disabled={!dirty || firstNameMissing || save.isPending}
          >
            {save.isPending ? (
              <LoaderCircle className="cw-spin" size={16} aria-hidden="true" />
            ) : (
              <Save size={16} aria-hidden="true" />
            )}
            {save.isPending ? 'Saving…' : 'Save changes'}
          </button>
        </div>
      </form>
    </section>
  );
}

/** The signed-in user's own profile: their photo, name, title and description. */
export function ProfilePage({ user }: { user: SessionUser }) {
  const profile = useQuery({ queryKey: ownProfileQueryKey, queryFn: fetchOwnProfile });
  return (
    <div className="cw-profile">
      <header className="cw-profile__header">
        <p className="cw-eyebrow">Account</p>
        <h1 className="cw-landing__title">Your profile</h1>
        <p className="cw-landing__intro">How you appear to your organization and on Causeway.</p>
      </header>
      {profile.isPending ? (
        <div className="cw-profile__grid" aria-busy="true">
          <span className="cw-visually-hidden" role="status">
            Loading your profile…
          </span>
          <div className="cw-skeleton__block" />
          <div className="cw-skeleton__block" />
        </div>
      ) : profile.isError ? (
        <section className="cw-card cw-notice cw-notice--error" role="alert">
          <CircleAlert className="cw-notice__icon" size={22} aria-hidden="true" />
          <div>
            <h2 className="cw-notice__title">We couldn't load your profile</h2>
            <p className="cw-notice__text">{profile.error.message}</p>
            <button type="button" className="cw-button cw-button--secondary" onClick={() => void profile.refetch()}>
              <RefreshCw size={16} aria-hidden="true" />
              Try again
            </button>
          </div>
        </section>
      ) : (
        <div className="cw-profile__grid">
          <AvatarCard profile={profile.data} user={user} />
          <DetailsForm key={profile.data.uid} profile={profile.data} />
        </div>
      )}
    </div>
  );
}

import { ImageUp, LoaderCircle, Trash2 } from 'lucide-react';
import type { DragEvent } from 'react';
import { useEffect, useId, useRef, useState } from 'react';
import type { Organization } from '@causeway/core/organizations/organization.entity';
import { ApiError } from '@causeway/shells/shared/http';
import { ProgressBar } from '@causeway/shells/shared/ui/progress-bar';
import { type OrganizationImageKind, uploadOrganizationImage } from '../api/organizations.api';
import { ACCEPTED_IMAGE_TYPES, formatBytes, imageFileProblem } from '../model/image-file';

type ImageUploadProps = {
  label: string;
  description: string;
  kind: OrganizationImageKind;
  /** The saved image. */
  currentUrl: string | null;
  /** Set once the organization exists: a chosen image is uploaded straight away. */
  organizationId: string | null;
  /** Before the organization exists the chosen image waits here and is uploaded after it is created. */
  pendingFile?: File | null;
  onPendingChange?: (file: File | null) => void;
  onUploaded?: (organization: Organization | null) => void;
  onUploadFailed?: (message: string) => void;
  disabled?: boolean;
  /** Wide (login background) or square (logo) preview. */
  shape: 'square' | 'wide';
};

type Status = { state: 'idle' } | { state: 'uploading'; percent: number } | { state: 'failed'; message: string };

/** Picks, checks, previews and uploads an organization image, showing the upload's progress. */
export function ImageUpload({
  label,
  description,
  kind,
  currentUrl,
  organizationId,
  pendingFile = null,
  onPendingChange,
  onUploaded,
  onUploadFailed,
  disabled = false,
  shape,
}: ImageUploadProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const id = useId();
  const [chosen, setChosen] = useState<File | null>(pendingFile);
  const [previewUrl, setPreviewUrl] = useState<string | null>(null);
  const [status, setStatus] = useState<Status>({ state: 'idle' });
  const [problem, setProblem] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);

  useEffect(() => {
    if (chosen === null) {
      setPreviewUrl(null);
      return;
    }
    const url = URL.createObjectURL(chosen);
    setPreviewUrl(url);
    return () => URL.revokeObjectURL(url);
  }, [chosen]);

  const upload = async (file: File, organization: string) => {
    setStatus({ state: 'uploading', percent: 0 });
    try {
      const saved = await uploadOrganizationImage(organization, kind, file, ({ loaded, total }) =>
        setStatus({ state: 'uploading', percent: Math.round((loaded / total) * 100) }),
      );
      setStatus({ state: 'idle' });
      onUploaded?.(saved);
    } catch (error) {
      const message = error instanceof Error ? error.message : 'The upload failed. Please try again.';
      // A file the API refused would be refused again: show the saved image, not the refused one, and
      // keep "Try again" for failures of the connection or the server.
      if (error instanceof ApiError && error.status < 500) setChosen(null);
      setStatus({ state: 'failed', message });
      onUploadFailed?.(message);
    }
  };

  const choose = (file: File | undefined) => {
    if (!file) return;
    const wrong = imageFileProblem(file);
    setProblem(wrong);
    if (wrong) return;
    setChosen(file);
    setStatus({ state: 'idle' });
    if (organizationId === null) onPendingChange?.(file);
    else void upload(file, organizationId);
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    if (!disabled && status.state !== 'uploading') choose(event.dataTransfer.files[0]);
  };

  const shown = previewUrl ?? currentUrl;
  const uploading = status.state === 'uploading';
  const message = problem ?? (status.state === 'failed' ? status.message : null);

  return (
    <div className="cw-admin-upload">
      <p className="cw-field__label" id={`${id}-label`}>
        {label}
      </p>
      <div
        className={`cw-admin-upload__zone cw-admin-upload__zone--${shape}${dragging ? ' is-dragging' : ''}`}
        onDragOver={(event) => {
          event.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <div className={`cw-admin-upload__preview cw-admin-upload__preview--${shape}`}>
          {shown ? (
            <img src={shown} alt={`${label} preview`} />
          ) : (
            <ImageUp size={24} aria-hidden="true" className="cw-admin-upload__placeholder" />
          )}
          {uploading && (
            <span className="cw-admin-upload__veil" aria-hidden="true">
              <LoaderCircle className="cw-spin" size={20} />
            </span>
          )}
        </div>
        <div className="cw-admin-upload__text">
          <p className="cw-admin-upload__description" id={`${id}-description`}>
            {description}
          </p>
          <p className="cw-admin-hint">PNG, JPEG, GIF, WebP or SVG, up to 2 MB. You can also drop a file here.</p>
          {chosen && organizationId === null && (
            <p className="cw-admin-upload__pending">
              {chosen.name} ({formatBytes(chosen.size)}) will be uploaded when you create the organization.
            </p>
          )}
          <div className="cw-admin-upload__actions">
            <button
              type="button"
              className="cw-button cw-button--secondary"
              onClick={() => inputRef.current?.click()}
              disabled={disabled || uploading}
              aria-describedby={`${id}-description`}
            >
              <ImageUp size={16} aria-hidden="true" />
              {shown ? `Replace ${label.toLowerCase()}` : `Upload ${label.toLowerCase()}`}
            </button>
            {chosen && organizationId === null && (
              <button
                type="button"
                className="cw-button cw-button--ghost"
                onClick={() => {
                  setChosen(null);
                  onPendingChange?.(null);
                }}
              >
                <Trash2 size={16} aria-hidden="true" />
                Remove
              </button>
            )}
            {status.state === 'failed' && chosen && organizationId !== null && (
              <button
                type="button"
                className="cw-button cw-button--ghost"
                onClick={() => void upload(chosen, organizationId)}
              >
                Try again
              </button>
            )}
          </div>
          {uploading && <ProgressBar percent={status.percent} label={`Uploading ${label.toLowerCase()}`} />}
          {message && (
            <p className="cw-field__error" role="alert">
              {message}
            </p>
          )}
        </div>
      </div>
      <input
        ref={inputRef}
        type="file"
        accept={ACCEPTED_IMAGE_TYPES.join(',')}
        hidden
        aria-labelledby={`${id}-label`}
        onChange={(event) => {
          choose(event.target.files?.[0]);
          event.target.value = '';
        }}
      />
    </div>
  );
}

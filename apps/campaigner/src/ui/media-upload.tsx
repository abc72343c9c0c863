import { Film, ImageUp, Trash2 } from 'lucide-react';
import type { DragEvent } from 'react';
import { useId, useRef, useState } from 'react';
import { sizeText } from '@causeway/core/campaigns/upload.rules';
import type { StoredFileView, UploadPurpose } from '@causeway/core/contracts/campaigns.contract';
import { FieldErrors } from '@causeway/shells/shared/ui/field';
import { uploadDraftFile, uploadErrorText } from '../api/upload';
import type { FieldMessage } from '../model/wizard-form';
import { ProgressBar } from '@causeway/shells/shared/ui/progress-bar';

type Status =
  { state: 'idle' } | { state: 'uploading'; percent: number; name: string } | { state: 'failed'; message: string };

type MediaUploadProps = {
  label: string;
  /** What the file is for and what it must be. */
  description: string;
  purpose: UploadPurpose;
  kind: 'image' | 'video';
  /** The draft the file belongs to (made first when it is not stored yet). */
  draftId: () => Promise<string>;
  /** The saved file's address. */
  url: string | null;
  onUploaded: (file: StoredFileView) => void;
  onRemove: () => void;
  messages?: readonly FieldMessage[];
  disabled?: boolean;
  optional?: boolean;
};

const IMAGE_TYPES = 'image/png,image/jpeg,image/webp,image/gif';
const VIDEO_TYPES = 'video/mp4,video/webm';

/** What the platform read from an upload: "1200×630 pixels · 245 KB", "640×360 · 15 s · 1.2 MB". */
export function storedFileFacts(
  file: Pick<StoredFileView, 'width' | 'height' | 'sizeBytes' | 'durationSeconds'>,
): string {
  const pixels = file.width && file.height ? `${file.width}×${file.height} pixels` : null;
  const length = file.durationSeconds ? `${Math.round(file.durationSeconds)} s` : null;
  return [pixels, length, sizeText(file.sizeBytes)].filter(Boolean).join(' · ');
}

/**
 * Uploads one picture or video of a draft (cover, header, footer): the upload's progress, a preview,
 * the size the platform read from the file, and the platform's refusal where the file cannot be used.
 */
export function MediaUpload({
  label,
  description,
  purpose,
  kind,
  draftId,
  url,
  onUploaded,
  onRemove,
  messages = [],
  disabled = false,
  optional = false,
}: MediaUploadProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [status, setStatus] = useState<Status>({ state: 'idle' });
  const [uploaded, setUploaded] = useState<StoredFileView | null>(null);
  const [natural, setNatural] = useState<{ url: string; width: number; height: number } | null>(null);
  const [dragging, setDragging] = useState(false);
  const uploading = status.state === 'uploading';

  const upload = async (file: File | undefined) => {
    if (!file || disabled || uploading) return;
    setStatus({ state: 'uploading', percent: 0, name: file.name });
    try {
      const stored = await uploadDraftFile(await draftId(), purpose, file, {
        onProgress: ({ loaded, total }) =>
          setStatus({ state: 'uploading', percent: Math.round((loaded / total) * 100), name: file.name }),
      });
      setUploaded(stored);
      setStatus({ state: 'idle' });
      onUploaded(stored);
    } catch (error) {
      setStatus({ state: 'failed', message: uploadErrorText(error) });
    }
  };

  const onDrop = (event: DragEvent<HTMLDivElement>) => {
    event.preventDefault();
    setDragging(false);
    void upload(event.dataTransfer.files[0]);
  };

  // The figures the platform read, while they belong to the file shown; else the picture's own size.
  const facts =
    uploaded && uploaded.url === url
      ? storedFileFacts(uploaded)
      : natural && natural.url === url
        ? `${natural.width}×${natural.height} pixels`
        : null;
  const refusal: FieldMessage[] = status.state === 'failed' ? [{ path: 'file', message: status.message }] : [];
  const shownMessages = [...refusal, ...messages];
  const Icon = kind === 'video' ? Film : ImageUp;

  return (
    <div className="cw-camp-upload" data-testid={`upload-${purpose}`}>
      <p className="cw-field__label" id={`${id}-label`}>
        {label}
        {optional && <span className="cw-field__optional"> (optional)</span>}
      </p>
      <div
        className={`cw-camp-upload__zone${dragging ? ' is-dragging' : ''}${shownMessages.length > 0 ? ' is-invalid' : ''}`}
        onDragOver={(event) => {
          event.preventDefault();
          if (!disabled) setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
      >
        <div className={`cw-camp-upload__preview cw-camp-upload__preview--${kind}`}>
          {url ? (
            kind === 'video' ? (
              <video src={url} muted controls preload="metadata" aria-label={`${label} preview`} />
            ) : (
              <img
                src={url}
                alt={`${label} preview`}
                onLoad={(event) =>
                  setNatural({
                    url,
                    width: event.currentTarget.naturalWidth,
                    height: event.currentTarget.naturalHeight,
                  })
                }
              />
            )
          ) : (
            <Icon size={24} aria-hidden="true" className="cw-camp-upload__placeholder" />
          )}
        </div>
        <div className="cw-camp-upload__text">
          <p className="cw-camp-hint" id={`${id}-description`}>
            {description}
          </p>
          {facts && (
            <p className="cw-camp-upload__facts" data-testid="upload-facts">
              {facts}
            </p>
          )}
          <div className="cw-camp-upload__actions">
            <button
              type="button"
              className="cw-button cw-button--secondary"
              onClick={() => input.current?.click()}
              disabled={disabled || uploading}
              aria-describedby={`${id}-description`}
            >
              <Icon size={16} aria-hidden="true" />
              {url ? `Replace ${label.toLowerCase()}` : `Upload ${label.toLowerCase()}`}
            </button>
            {url && (
              <button
                type="button"
                className="cw-button cw-button--ghost"
                onClick={() => {
                  setStatus({ state: 'idle' });
                  onRemove();
                }}
                disabled={disabled || uploading}
              >
                <Trash2 size={16} aria-hidden="true" />
                Remove<span className="cw-visually-hidden"> {label.toLowerCase()}</span>
              </button>
            )}
          </div>
          {uploading && <ProgressBar percent={status.percent} label={`Uploading ${status.name}`} />}
          <div role="alert">
            <FieldErrors id={`${id}-error`} messages={shownMessages} />
          </div>
        </div>
      </div>
      <input
        ref={input}
        type="file"
        accept={kind === 'video' ? VIDEO_TYPES : IMAGE_TYPES}
        hidden
        aria-label={`${label} file`}
        disabled={disabled}
        onChange={(event) => {
          void upload(event.target.files?.[0]);
          event.target.value = '';
        }}
      />
    </div>
  );
}

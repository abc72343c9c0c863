import { CircleAlert, Film, ImagePlus, Trash2, X } from 'lucide-react';
import { useRef, useState } from 'react';
import type { CampaignAdFile } from '@causeway/core/campaigns/campaign.entity';
import { CAMPAIGN_LIMITS } from '@causeway/core/campaigns/campaign-options';
import { IAB_DISPLAY_SIZES } from '@causeway/core/campaigns/upload.rules';
import type { StoredFileView } from '@causeway/core/contracts/campaigns.contract';
import { Link } from '@causeway/shells/shared/router';
import { Section } from '@causeway/shells/shared/ui/page-header';
import { FieldErrors } from '@causeway/shells/shared/ui/field';
import { uploadDraftFile, uploadErrorText } from '../../api/upload';
import { acceptedTypesOf, describeAdFile, VIDEO_AD_TEXT } from '../../model/ad-files';
import { campaignerPaths } from '../../model/campaigner-routes';
import { ProgressBar } from '@causeway/shells/shared/ui/progress-bar';
import type { StepProps } from './step-props';

type Attempt =
  | { key: number; name: string; state: 'uploading'; percent: number }
  | { key: number; name: string; state: 'refused'; message: string };

type ShownFile = {
  path: string;
  name: string;
  url: string | null;
  typeFormat: 'display' | 'video';
  width: number | null;
  height: number | null;
  sizeBytes: number | null;
  durationSeconds: number | null;
};

function AcceptedSizes({ channel }: { channel: string }) {
  if (channel === 'video') {
    return <p className="cw-camp-hint">Video ads: {VIDEO_AD_TEXT}.</p>;
  }
  return (
    <div className="cw-camp-sizes">
      <p className="cw-camp-hint">
        Display ads must be PNG, JPEG or GIF in one of these standard sizes, within its weight:
      </p>
      <ul className="cw-camp-sizes__list" aria-label="Accepted banner sizes">
        {IAB_DISPLAY_SIZES.map((size) => (
          <li key={`${size.width}x${size.height}`}>
            <strong>
              {size.width}×{size.height}
            </strong>{' '}
            {size.name} <span className="cw-camp-muted">up to {size.maxKb} KB</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

export function AdFilesStep({ editor, view }: StepProps) {
  const { values, updateField, messagesOf, editable, ensureDraft } = editor;
  const draft = view.preCampaign;
  const channel = values.campaignChannel;
  const input = useRef<HTMLInputElement>(null);
  const nextKey = useRef(1);
  const [attempts, setAttempts] = useState<Attempt[]>([]);
  // What the platform read of this page's uploads (a video's length is not kept with the draft).
  const [uploads, setUploads] = useState<Record<string, StoredFileView>>({});

  const saved = new Map<string, CampaignAdFile>(
    draft.adFiles.flatMap((file) => (file.path ? [[file.path, file]] : [])),
  );
  const files: ShownFile[] = values.adFiles.map((ref) => {
    const fromDraft = saved.get(ref.path);
    const fromUpload = uploads[ref.path];
    return {
      path: ref.path,
      name: ref.name,
      url: fromUpload?.url ?? fromDraft?.url ?? null,
      typeFormat: fromUpload?.typeFormat ?? fromDraft?.typeFormat ?? 'display',
      width: fromUpload?.width ?? fromDraft?.width ?? null,
      height: fromUpload?.height ?? fromDraft?.height ?? null,
      sizeBytes: fromUpload?.sizeBytes ?? fromDraft?.sizeBytes ?? null,
      durationSeconds: fromUpload?.durationSeconds ?? null,
    };
  });
  const room = CAMPAIGN_LIMITS.adFilesMax - files.length;
  const busy = attempts.some((attempt) => attempt.state === 'uploading');

  const update = (key: number, attempt: Attempt | null) =>
    setAttempts((list) =>
      attempt === null
        ? list.filter((item) => item.key !== key)
        : list.map((item) => (item.key === key ? attempt : item)),
    );

  const uploadAll = async (chosen: File[]) => {
    const batch = chosen.slice(0, Math.max(0, room)).map((file) => ({ file, key: nextKey.current++ }));
    setAttempts((list) => [
      ...list.filter((item) => item.state === 'uploading'),
      ...batch.map(({ file, key }) => ({ key, name: file.name, state: 'uploading' as const, percent: 0 })),
    ]);
    // One after the other: each shows its own progress, and the draft's list grows in the order chosen.
    for (const { file, key } of batch) {
      try {
        const stored = await uploadDraftFile(await ensureDraft(), 'ad-file', file, {
          onProgress: ({ loaded, total }) =>
            update(key, { key, name: file.name, state: 'uploading', percent: Math.round((loaded / total) * 100) }),
        });
        setUploads((known) => ({ ...known, [stored.path]: stored }));
        update(key, null);
        updateField(
          'adFiles',
          (list) => [...list.filter((item) => item.path !== stored.path), { path: stored.path, name: stored.name }],
          { now: true },
        );
      } catch (error) {
        update(key, { key, name: file.name, state: 'refused', message: uploadErrorText(error) });
      }
    }
  };

  const remove = (path: string) =>
    updateField('adFiles', (list) => list.filter((item) => item.path !== path), { now: true });

  const listMessages = messagesOf('adFiles');

  return (
    <Section
      headingLevel={3}
      title="Ad files"
      description={`The ads people will see. Upload up to ${CAMPAIGN_LIMITS.adFilesMax}; the platform checks each file's size, weight and format.`}
      actions={undefined}
    >
      {channel === '' ? (
        <p className="cw-camp-note">
          <CircleAlert size={16} aria-hidden="true" />
          <span>
            Choose display or video ads in <Link to={campaignerPaths.draft(draft.id, 'basics')}>Basics</Link> first, so
            the files fit the campaign.
          </span>
        </p>
      ) : null}
      <AcceptedSizes channel={channel} />
      <div className="cw-camp-upload__actions">
        <button
          type="button"
          className="cw-button cw-button--primary"
          onClick={() => input.current?.click()}
          disabled={!editable || channel === '' || room <= 0}
        >
          {channel === 'video' ? <Film size={16} aria-hidden="true" /> : <ImagePlus size={16} aria-hidden="true" />}
          {channel === 'video' ? 'Upload videos' : 'Upload banners'}
        </button>
        {room <= 0 && (
          <span className="cw-camp-hint">That is the most a campaign can use; remove one to add another.</span>
        )}
        {busy && <span className="cw-camp-hint">Uploading…</span>}
      </div>
      <input
        ref={input}
        type="file"
        multiple
        hidden
        accept={acceptedTypesOf(channel)}
        aria-label="Ad files to upload"
        disabled={!editable || channel === ''}
        onChange={(event) => {
          void uploadAll([...(event.target.files ?? [])]);
          event.target.value = '';
        }}
      />
      {attempts.length > 0 && (
        <ul className="cw-camp-attempts" aria-label="Uploads">
          {attempts.map((attempt) => (
            <li key={attempt.key} className={`cw-camp-attempt cw-camp-attempt--${attempt.state}`}>
              <span className="cw-camp-attempt__name">{attempt.name}</span>
              {attempt.state === 'uploading' ? (
                <ProgressBar percent={attempt.percent} label={`Uploading ${attempt.name}`} />
              ) : (
                <>
                  <p className="cw-field__error" role="alert">
                    {attempt.message}
                  </p>
                  <button
                    type="button"
                    className="cw-button cw-button--ghost cw-camp-attempt__dismiss"
                    onClick={() => update(attempt.key, null)}
                    aria-label={`Dismiss the message about ${attempt.name}`}
                  >
                    <X size={16} aria-hidden="true" />
                  </button>
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      {files.length === 0 ? (
        <p className="cw-camp-empty-line">
          No ad files yet. A campaign needs at least one before it can be sent for approval.
        </p>
      ) : (
        <ul className="cw-camp-adfiles" aria-label="Ad files of this campaign">
          {files.map((file) => {
            const description = describeAdFile(file);
            const wrongKind = channel !== '' && file.typeFormat !== channel;
            return (
              <li key={file.path} className={`cw-camp-adfile${wrongKind || description.tooHeavy ? ' is-invalid' : ''}`}>
                <div className="cw-camp-adfile__thumb">
                  {file.url ? (
                    file.typeFormat === 'video' ? (
                      <video src={file.url} muted preload="metadata" aria-hidden="true" />
                    ) : (
                      <img src={file.url} alt="" />
                    )
                  ) : null}
                </div>
                <div className="cw-camp-adfile__text">
                  <p className="cw-camp-adfile__name">{file.name}</p>
                  <p className="cw-camp-adfile__facts">
                    <strong>{description.title}</strong>
                    {description.detail && <span> · {description.detail}</span>}
                  </p>
                  {wrongKind && (
                    <p className="cw-field__error">
                      This is a {file.typeFormat} ad, but the campaign runs {channel} ads. Remove it, or change the ad
                      type in Basics.
                    </p>
                  )}
                </div>
                <button
                  type="button"
                  className="cw-button cw-button--ghost"
                  onClick={() => remove(file.path)}
                  disabled={!editable}
                >
                  <Trash2 size={16} aria-hidden="true" />
                  Remove<span className="cw-visually-hidden"> {file.name}</span>
                </button>
              </li>
            );
          })}
        </ul>
      )}
      <FieldErrors id="cw-camp-adfiles-error" messages={listMessages} />
    </Section>
  );
}

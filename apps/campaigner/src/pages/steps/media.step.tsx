import { UPLOAD_RULES, sizeText } from '@causeway/core/campaigns/upload.rules';
import type { UploadPurpose } from '@causeway/core/contracts/campaigns.contract';
import { Section } from '@causeway/shells/shared/ui/page-header';
import { TextField } from '@causeway/shells/shared/ui/field';
import { DRAFT_MAX_LENGTH, type WizardValues } from '../../model/wizard-form';
import { MediaUpload } from '../../ui/media-upload';
import type { StepProps } from './step-props';

/** "PNG, JPEG, WebP or GIF, at least 600×315 pixels, up to 5 MB." from the platform's own rules. */
function rulesText(purpose: UploadPurpose): string {
  const rule = UPLOAD_RULES[purpose];
  const formats = [...(rule.images ?? []), ...(rule.videos ?? [])].map(
    (name) => ({ jpg: 'JPEG', webp: 'WebP', webm: 'WebM' })[name] ?? name.toUpperCase(),
  );
  const list = formats.length > 1 ? `${formats.slice(0, -1).join(', ')} or ${formats[formats.length - 1]}` : formats[0];
  const parts = [list];
  if (rule.minWidth) parts.push(`at least ${rule.minWidth}×${rule.minHeight ?? 0} pixels`);
  if (rule.maxSeconds) parts.push(`up to ${rule.maxSeconds / 60} minutes long`);
  parts.push(`up to ${sizeText(rule.maxBytes)}`);
  return `${parts.join(', ')}.`;
}

type Banner = {
  image: keyof WizardValues & `${'header' | 'footer'}Image${'Desktop' | 'Mobile'}`;
  link: keyof WizardValues & `${'header' | 'footer'}Url${'Desktop' | 'Mobile'}`;
  label: string;
  purpose: 'header-image' | 'footer-image';
};

const HEADERS: Banner[] = [
  { image: 'headerImageDesktop', link: 'headerUrlDesktop', label: 'Desktop header', purpose: 'header-image' },
  { image: 'headerImageMobile', link: 'headerUrlMobile', label: 'Mobile header', purpose: 'header-image' },
];
const FOOTERS: Banner[] = [
  { image: 'footerImageDesktop', link: 'footerUrlDesktop', label: 'Desktop footer', purpose: 'footer-image' },
  { image: 'footerImageMobile', link: 'footerUrlMobile', label: 'Mobile footer', purpose: 'footer-image' },
];

export function MediaStep({ editor }: StepProps) {
  const { values, setField, messagesOf, editable } = editor;

  const banner = ({ image, link, label, purpose }: Banner) => (
    <div key={image} className="cw-camp-banner-pair">
      <MediaUpload
        label={`${label} image`}
        description={`${purpose === 'header-image' ? 'Shown above' : 'Shown below'} the campaign on ${
          image.endsWith('Desktop') ? 'wide screens' : 'phones'
        }. ${rulesText(purpose)}`}
        purpose={purpose}
        kind="image"
        draftId={editor.ensureDraft}
        url={values[image]}
        onUploaded={(file) => setField(image, file.url, { now: true })}
        onRemove={() => setField(image, null, { now: true })}
        messages={messagesOf(image)}
        disabled={!editable}
        optional
      />
      <TextField
        label={`${label} link`}
        hint="Where a click on this image goes."
        type="url"
        inputMode="url"
        placeholder="https://"
        value={values[link]}
        maxLength={DRAFT_MAX_LENGTH[link]}
        onChange={(event) => setField(link, event.target.value)}
        messages={messagesOf(link)}
        optional
      />
    </div>
  );

  return (
    <>
      <Section
        headingLevel={3}
        title="Cover"
        description="The cover heads the campaign page and every link people share. A video plays on the page instead, when you add one."
      >
        <MediaUpload
          label="Cover image"
          description={`Required. ${rulesText('cover-image')}`}
          purpose="cover-image"
          kind="image"
          draftId={editor.ensureDraft}
          url={values.campaignCoverImage}
          onUploaded={(file) => setField('campaignCoverImage', file.url, { now: true })}
          onRemove={() => setField('campaignCoverImage', null, { now: true })}
          messages={messagesOf('campaignCoverImage')}
          disabled={!editable}
        />
        <MediaUpload
          label="Cover video"
          description={rulesText('cover-video')}
          purpose="cover-video"
          kind="video"
          draftId={editor.ensureDraft}
          url={values.campaignCoverVideo}
          onUploaded={(file) => setField('campaignCoverVideo', file.url, { now: true })}
          onRemove={() => setField('campaignCoverVideo', null, { now: true })}
          messages={messagesOf('campaignCoverVideo')}
          disabled={!editable}
          optional
        />
      </Section>
      <Section
        headingLevel={3}
        title="Header and footer"
        description="Optional banners of your organization above and below the campaign, each with its own link. Give phones their own narrower version."
      >
        <div className="cw-camp-grid-2 cw-camp-grid-2--wide-gap">{HEADERS.map(banner)}</div>
        <div className="cw-camp-grid-2 cw-camp-grid-2--wide-gap">{FOOTERS.map(banner)}</div>
      </Section>
    </>
  );
}

import { Check, Copy } from 'lucide-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { PublicCampaign } from '@causeway/core/contracts/payments.contract';
import { CAMPAIGN_PATHS } from '@causeway/core/contracts/campaign-screens';
import { Section } from '@causeway/shells/shared/ui/page-header';
import { copyText } from '@causeway/shells/shared/ui/copy-text';
import { useDonateFormSites } from '../api/publishing.api';
import { DONATE_FORM_HEIGHT_MESSAGE, donateFormSnippetsOf } from '../model/donate-form-snippets';

type SnippetKind = 'button' | 'frame';

const SNIPPET_LABELS: Record<SnippetKind, { title: string; text: string }> = {
  button: {
    title: 'A Donate button',
    text: 'One line: a Donate button that opens the form over the page.',
  },
  frame: { title: 'The form in the page', text: 'The form itself, where you paste it.' },
};

function Snippet({ kind, code }: { kind: SnippetKind; code: string }) {
  const [copied, setCopied] = useState<boolean | null>(null);
  useEffect(() => {
    if (copied === null) return;
    const timer = window.setTimeout(() => setCopied(null), 4000);
    return () => window.clearTimeout(timer);
  }, [copied]);
  const id = `cw-donate-snippet-${kind}`;
  return (
    <div className="cw-embed-snippet" data-snippet={kind}>
      <label htmlFor={id} className="cw-embed-snippet__label">
        <strong>{SNIPPET_LABELS[kind].title}</strong> <span>{SNIPPET_LABELS[kind].text}</span>
      </label>
      <div className="cw-embed-snippet__row">
        <textarea
          id={id}
          className="cw-input cw-embed-snippet__code"
          readOnly
          rows={kind === 'button' ? 2 : 4}
          value={code}
          onFocus={(event) => event.currentTarget.select()}
        />
        <button
          type="button"
          className="cw-button cw-button--secondary"
          onClick={async () => setCopied(await copyText(code))}
          aria-label={`Copy the code of ${SNIPPET_LABELS[kind].title.toLowerCase()}`}
        >
          {copied ? <Check size={16} aria-hidden="true" /> : <Copy size={16} aria-hidden="true" />}
          {copied ? 'Copied' : 'Copy'}
        </button>
      </div>
      {copied === false && (
        <p className="cw-camp-note cw-camp-note--info" role="status">
          The code couldn’t be copied here: select it and copy it by hand.
        </p>
      )}
    </div>
  );
}

/** The form as donors will see it on the organization's site, sized to its content as the button does. */
function Preview({ campaignId, title }: { campaignId: string; title: string }) {
  const frame = useRef<HTMLIFrameElement>(null);
  const [height, setHeight] = useState(600);
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== window.location.origin || event.source !== frame.current?.contentWindow) return;
      const data = event.data as { type?: unknown; height?: unknown } | null;
      if (data?.type === DONATE_FORM_HEIGHT_MESSAGE && typeof data.height === 'number') {
        setHeight(Math.max(200, Math.min(Math.ceil(data.height), 2000)));
      }
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, []);
  return (
    <figure className="cw-embed-preview">
      <figcaption className="cw-embed-snippet__label">
        <strong>Preview</strong> <span>as it opens on your site (gifts made here are real gifts).</span>
      </figcaption>
      <iframe
        ref={frame}
        className="cw-embed-preview__frame"
        src={CAMPAIGN_PATHS.donateForm(campaignId)}
        title={`Preview of the donate form: ${title}`}
        style={{ height }}
        data-testid="donate-form-preview"
      />
    </figure>
  );
}

/** Where the snippets work: the sites the organization lists, or a word that it lists none yet. */
function ListedSites({ organizationId }: { organizationId: string | null }) {
  const sites = useDonateFormSites(organizationId);
  if (!sites.data) return null;
  return sites.data.length === 0 ? (
    <p className="cw-camp-note cw-camp-note--info" role="note" data-testid="donate-form-sites">
      Your organization lists no site yet, so browsers show the form on none: ask your organization’s admin to add your
      website under Admin → Organizations.
    </p>
  ) : (
    <p className="cw-embed__sites" data-testid="donate-form-sites">
      Works on {sites.data.length === 1 ? 'this site' : 'these sites'}:{' '}
      {sites.data.map((site, index) => (
        <span key={site}>
          {index > 0 && ', '}
          <code>{site}</code>
        </span>
      ))}
    </p>
  );
}

/** What the organization pastes into its own website to take gifts there, with a preview. */
export function DonateFormSection({ campaign }: { campaign: PublicCampaign }) {
  const title = campaign.title || campaign.name;
  const snippets = useMemo(
    () => donateFormSnippetsOf(window.location.origin, campaign.campaignId, title),
    [campaign.campaignId, title],
  );
  return (
    <Section
      headingLevel={3}
      id="cw-donate-form"
      title="Donate form on your site"
      description={
        <>
          Paste one of these into your organization’s website. Only the sites your organization lists (Admin →
          Organizations, “Donate form on your sites”) may show it; donors enter their card on the secure payment page,
          and afterwards the thank-you page leads them back to your page.
        </>
      }
    >
      <ListedSites organizationId={campaign.organization?.organizationId ?? null} />
      <div className="cw-embed">
        <div className="cw-embed__snippets">
          <Snippet kind="button" code={snippets.button} />
          <Snippet kind="frame" code={snippets.frame} />
        </div>
        <Preview campaignId={campaign.campaignId} title={title} />
      </div>
    </Section>
  );
}

import { Section } from '@causeway/shells/shared/ui/page-header';
import { QrCodeDownloads } from '@causeway/shells/shared/ui/qr-code';

/** The live campaign's own QR code, to print: a scan opens its page and counts under QR code. */
export function QrCodeSection({ campaignId }: { campaignId: string }) {
  const path = `/q/${encodeURIComponent(campaignId)}`;
  return (
    <Section
      id="qr-code"
      headingLevel={3}
      title="QR code"
      description="For flyers, posters and table cards at events: a scan opens the campaign page."
    >
      <QrCodeDownloads
        imagePath={`/api/campaigns/${encodeURIComponent(campaignId)}/qr`}
        opens="the campaign page"
        link={`${window.location.origin}${path}`}
        note="Each scan counts as a click under QR code in Shares, and the gifts made after it show under QR code in the campaign report."
      />
    </Section>
  );
}

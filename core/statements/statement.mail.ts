import { MY_GIFTS_PATH } from '../contracts/donor-gifts-paths';
import { escapeHtml, mailHtml } from '../email/link-mail';
import type { OutgoingMail } from '../ports/mailer.port';

export interface StatementMailInput {
  to: string;
  organizationName: string;
  year: number;
  /** The statement's net total, written out. */
  netTotal: string;
  pdf: Uint8Array;
  fileName: string;
  /** Where the platform is reached, without a trailing slash. */
  publicUrl: string;
}

/** A donor's year-end statement from an organization, its PDF attached. */
export function statementMail(input: StatementMailInput): OutgoingMail {
  const subject = `Your ${input.year} giving statement from ${input.organizationName}`;
  const lead = `Thank you for your gifts to ${input.organizationName} in ${input.year}. Your giving statement for the year is attached as a PDF: it lists each gift, any refund, and the total given net of refunds, ${input.netTotal}, with ${input.organizationName}'s tax id for your records.`;
  const note = 'Years are calendar years in UTC.';
  const gifts = `Your gifts are also listed, with their receipts, at ${input.publicUrl.replace(/\/+$/, '')}${MY_GIFTS_PATH}`;
  const text = ['Hello,', '', lead, '', note, '', gifts, '', '— Causeway'].join('\n');
  const html = mailHtml(
    subject,
    `<p style="margin:0 0 16px;font-size:15px;line-height:1.5;">Hello,</p>
<p style="margin:0 0 16px;font-size:15px;line-height:1.5;">${escapeHtml(lead)}</p>
<p style="margin:0 0 16px;font-size:14px;line-height:1.5;color:#5b636d;">${escapeHtml(note)}</p>
<p style="margin:0;font-size:13px;line-height:1.5;color:#5b636d;">${escapeHtml(gifts)}</p>
`,
  );
  return {
    to: input.to,
    subject,
    text,
    html,
    kind: 'statement',
    attachments: [{ filename: input.fileName, contentType: 'application/pdf', content: input.pdf }],
  };
}

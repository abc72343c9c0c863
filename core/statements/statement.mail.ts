import { MY_GIFTS_PATH } from '../contracts/donor-gifts-paths';
import { escapeHtml } from '../email/link-mail';
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
  const html = `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(subject)}</title>
</head>
<body style="margin:0;padding:24px;background:#f6f7f9;font-family:Inter,Segoe UI,Roboto,Helvetica,Arial,sans-serif;color:#16191d;">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="max-width:560px;margin:0 auto;background:#ffffff;border:1px solid #e3e6ea;border-radius:16px;">
<tr><td style="padding:32px;">
<p style="margin:0 0 24px;font-size:18px;font-weight:700;color:#0f766e;">Causeway</p>
<p style="margin:0 0 16px;font-size:15px;line-height:1.5;">Hello,</p>
<p style="margin:0 0 16px;font-size:15px;line-height:1.5;">${escapeHtml(lead)}</p>
<p style="margin:0 0 16px;font-size:14px;line-height:1.5;color:#5b636d;">${escapeHtml(note)}</p>
<p style="margin:0;font-size:13px;line-height:1.5;color:#5b636d;">${escapeHtml(gifts)}</p>
</td></tr>
</table>
</body>
</html>
`;
  return {
    to: input.to,
    subject,
    text,
    html,
    kind: 'statement',
    attachments: [{ filename: input.fileName, contentType: 'application/pdf', content: input.pdf }],
  };
}

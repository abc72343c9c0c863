import { describe, expect, it } from 'vitest';
import type { DeliveredMail } from '@causeway/core/ports/mailer.port';
import { attachmentPath, htmlVersionPath, linkified, renderDevMailbox } from './dev-mailbox.page';

const mail = (overrides: Partial<DeliveredMail> = {}): DeliveredMail => ({
  to: 'ada@example.org',
  from: 'Causeway <no-reply@causeway.local>',
  subject: 'Welcome',
  text: 'Hello',
  kind: 'invitation',
  messageId: '<m-1@causeway.local>',
  sentAt: '2026-03-02T09:30:00.000Z',
  ...overrides,
});

describe('the dev mailbox page', () => {
  it('makes web addresses links and escapes everything else', () => {
    expect(linkified('Open https://give.example/sign-up?email=a%40b.org&token=x_1.\nThanks <b>')).toBe(
      'Open <a href="https://give.example/sign-up?email=a%40b.org&amp;token=x_1">' +
        'https://give.example/sign-up?email=a%40b.org&amp;token=x_1</a>.\nThanks &lt;b&gt;',
    );
    expect(linkified('javascript:alert(1) and http://x.example/"onmouseover="alert(1)')).toBe(
      'javascript:alert(1) and <a href="http://x.example/">http://x.example/</a>&quot;onmouseover=&quot;alert(1)',
    );
  });

  it('lists each mail in a details element with its recipient, subject and time, all escaped', () => {
    const page = renderDevMailbox(
      [
        mail({
          subject: '<script>alert(1)</script>',
          to: 'eve"@example.org',
          html: '<p>hi</p>',
          text: 'Go to https://give.example/a',
        }),
      ],
      { to: '"><script>' },
    );
    expect(page).toMatch(/^<!DOCTYPE html>/);
    expect(page).not.toContain('<script>');
    expect(page).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(page).toContain('To eve&quot;@example.org');
    expect(page).toContain('value="&quot;&gt;&lt;script&gt;"');
    expect(page).toContain('Mar 2, 2026, 9:30:00 AM UTC');
    expect(page.match(/<details>/g)).toHaveLength(1);
    expect(page).toContain('<a href="https://give.example/a">https://give.example/a</a>');
    expect(page).toContain(`href="${htmlVersionPath('<m-1@causeway.local>')}"`);
  });

  it('links each attachment for download, with its name and size', () => {
    const page = renderDevMailbox(
      [
        mail({
          attachments: [
            { filename: 'statement "2026".pdf', contentType: 'application/pdf', content: new Uint8Array(2_048) },
          ],
        }),
        mail({ messageId: '<m-2@causeway.local>' }),
      ],
      {},
    );
    expect(page).toContain(
      `Attached: <a href="${attachmentPath('<m-1@causeway.local>', 0).replaceAll('&', '&amp;')}" download="statement &quot;2026&quot;.pdf">statement &quot;2026&quot;.pdf</a> (2 kB)`,
    );
    expect(page.match(/Attached:/g)).toHaveLength(1);
  });

  it('says when there is no mail yet', () => {
    expect(renderDevMailbox([], {})).toContain('No mail yet.');
    expect(renderDevMailbox([], { to: 'ada@example.org' })).toContain('No mail to ada@example.org yet.');
  });
});

import { beforeEach, describe, expect, it } from 'vitest';
import { createMemoryMailer } from '@causeway/adapters/memory/mailer.fake';
import { ManualClock } from '@causeway/adapters/memory/manual-clock';
import type { Mailbox, Mailer, OutgoingMail } from '@causeway/core/ports/mailer.port';

interface Subject {
  mailer: Mailer;
  mailbox: Mailbox;
  clock: ManualClock;
  from: string;
}

const implementations: { name: string; create: () => Subject }[] = [
  {
    name: 'memory',
    create: () => {
      const clock = new ManualClock('2026-04-01T09:00:00.000Z');
      const from = 'Causeway <hello@causeway.test>';
      const mailer = createMemoryMailer(clock, { from });
      return { mailer, mailbox: mailer, clock, from };
    },
  },
];

const mail = (to: string, subject = 'Welcome'): OutgoingMail => ({
  to,
  subject,
  text: `Hello ${to}`,
  html: `<p>Hello ${to}</p>`,
  kind: 'invitation',
});

describe.each(implementations)('Mailer and Mailbox ($name)', ({ create }) => {
  let subject: Subject;

  beforeEach(() => {
    subject = create();
  });

  it('sends a mail and answers a unique message id', async () => {
    const first = await subject.mailer.send(mail('ada@example.org'));
    const second = await subject.mailer.send(mail('ada@example.org'));
    expect(first.messageId).not.toBe('');
    expect(second.messageId).not.toBe(first.messageId);
  });

  it('keeps each sent mail with its message id, sender and time', async () => {
    const { messageId } = await subject.mailer.send(mail('ada@example.org'));
    expect(await subject.mailbox.list()).toEqual([
      { ...mail('ada@example.org'), messageId, from: subject.from, sentAt: '2026-04-01T09:00:00.000Z' },
    ]);
  });

  it('throws instead of sending to something that is not an address', async () => {
    await expect(subject.mailer.send(mail('not an address'))).rejects.toMatchObject({ code: 'invalid' });
    expect(await subject.mailbox.list()).toEqual([]);
  });

  it('lists mail newest first', async () => {
    await subject.mailer.send(mail('ada@example.org', 'first'));
    subject.clock.advance(1_000);
    await subject.mailer.send(mail('ada@example.org', 'second'));
    await subject.mailer.send(mail('ada@example.org', 'third'));
    expect((await subject.mailbox.list()).map((m) => m.subject)).toEqual(['third', 'second', 'first']);
  });

  it('lists the mail of one recipient, whatever the case of the address', async () => {
    await subject.mailer.send(mail('ada@example.org', 'for ada'));
    await subject.mailer.send(mail('bob@example.org', 'for bob'));
    expect((await subject.mailbox.list({ to: 'ADA@example.org' })).map((m) => m.subject)).toEqual(['for ada']);
  });

  it('answers copies: changing a listed mail changes nothing kept', async () => {
    await subject.mailer.send(mail('ada@example.org'));
    const [listed] = await subject.mailbox.list();
    listed!.subject = 'changed';
    expect((await subject.mailbox.list())[0]?.subject).toBe('Welcome');
  });

  it('clears the mailbox', async () => {
    await subject.mailer.send(mail('ada@example.org'));
    await subject.mailbox.clear();
    expect(await subject.mailbox.list()).toEqual([]);
  });
});

describe('the memory mailbox', () => {
  it('keeps only the newest mails beyond its limit', async () => {
    const mailbox = createMemoryMailer(new ManualClock(), { keep: 2 });
    for (const subject of ['first', 'second', 'third']) await mailbox.send(mail('ada@example.org', subject));
    expect((await mailbox.list()).map((m) => m.subject)).toEqual(['third', 'second']);
  });
});

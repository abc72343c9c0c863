import type { AddressInfo } from 'node:net';
import { SMTPServer, type SMTPServerAuthentication, type SMTPServerSession } from 'smtp-server';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { OutgoingMail } from '@causeway/core/ports/mailer.port';
import { createSmtpMailer, type SmtpMailer } from './smtp.mailer';

interface Received {
  from: string | undefined;
  to: string[];
  user: string | undefined;
  raw: string;
}

const FROM = 'Causeway <no-reply@causeway.test>';
const REFUSED = 'nobody@refused.example';

/** An SMTP server in this process that keeps what it is given and refuses one address. */
async function startSmtpServer() {
  const received: Received[] = [];
  const server = new SMTPServer({
    // Plain text on a loopback socket: the transport must still authenticate with the URL's user.
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    authMethods: ['PLAIN', 'LOGIN'],
    logger: false,
    onAuth(auth: SMTPServerAuthentication, _session: SMTPServerSession, callback) {
      if (auth.username === 'mailer' && auth.password === 's3cret') return callback(null, { user: auth.username });
      return callback(new Error('Invalid username or password'));
    },
    onRcptTo(address, _session, callback) {
      if (address.address === REFUSED) {
        return callback(Object.assign(new Error('No such mailbox'), { responseCode: 550 }));
      }
      return callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : undefined,
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          user: typeof session.user === 'string' ? session.user : undefined,
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    port,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The message with quoted-printable soft breaks and escapes undone (enough for these ASCII bodies). */
const quotedPrintableDecoded = (raw: string): string =>
  raw
    .replace(/=\r?\n/g, '')
    .replace(/=([0-9A-F]{2})/g, (_match, hex: string) => String.fromCharCode(parseInt(hex, 16)));

const mail = (to: string): OutgoingMail => ({
  to,
  subject: 'You are invited to Harbor Light',
  text: 'Hello Ada,\nCreate your account: https://give.example/sign-up?token=abc\n',
  html: '<p>Hello Ada,</p><p><a href="https://give.example/sign-up?token=abc">Create your account</a></p>',
  kind: 'invitation',
});

describe('the SMTP mailer', () => {
  let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
  let mailer: SmtpMailer;

  beforeEach(async () => {
    smtp = await startSmtpServer();
    mailer = createSmtpMailer({ url: `smtp://mailer:s3cret@127.0.0.1:${smtp.port}`, from: FROM, timeoutMs: 2_000 });
  });
  afterEach(async () => {
    mailer.close();
    await smtp.close();
  });

  it('delivers the mail with its envelope, subject, both bodies and the message id it answers', async () => {
    const { messageId } = await mailer.send(mail('ada@example.org'));
    expect(messageId).toMatch(/^<.+@causeway\.test>$/);
    expect(smtp.received).toHaveLength(1);
    const [message] = smtp.received;
    expect(message).toMatchObject({ from: 'no-reply@causeway.test', to: ['ada@example.org'], user: 'mailer' });
    expect(message?.raw).toContain(`Message-ID: ${messageId}`);
    expect(message?.raw).toContain('Subject: You are invited to Harbor Light');
    expect(message?.raw).toContain('From: Causeway <no-reply@causeway.test>');
    expect(message?.raw).toContain('To: ada@example.org');
    expect(message?.raw).toContain('X-Causeway-Kind: invitation');
    expect(message?.raw).toContain('Content-Type: multipart/alternative');
    expect(message?.raw).toContain('Create your account: https://give.example/sign-up?token=abc');
    expect(quotedPrintableDecoded(message?.raw ?? '')).toContain(
      '<p>Hello Ada,</p><p><a href="https://give.example/sign-up?token=abc">Create your account</a></p>',
    );
  });

  it('sends attachments as parts of the mail, their content in base64', async () => {
    const pdf = new TextEncoder().encode('%PDF-1.7 a statement');
    await mailer.send({
      ...mail('ada@example.org'),
      attachments: [{ filename: 'giving-statement-2026.pdf', contentType: 'application/pdf', content: pdf }],
    });
    const raw = smtp.received[0]?.raw ?? '';
    expect(raw).toContain('Content-Type: multipart/mixed');
    expect(raw).toMatch(/Content-Type: application\/pdf; name="?giving-statement-2026\.pdf"?/);
    expect(raw).toMatch(/Content-Disposition: attachment; filename="?giving-statement-2026\.pdf"?/);
    expect(raw).toContain(Buffer.from(pdf).toString('base64'));
  });

  it('throws when the server refuses the recipient, and delivers nothing', async () => {
    await expect(mailer.send(mail(REFUSED))).rejects.toThrow(/550|No such mailbox|refused/i);
    expect(smtp.received).toEqual([]);
    // The transport still works for the next mail.
    await mailer.send(mail('ada@example.org'));
    expect(smtp.received.map((message) => message.to)).toEqual([['ada@example.org']]);
  });

  it('throws when the credentials are refused', async () => {
    const wrong = createSmtpMailer({ url: `smtp://mailer:wrong@127.0.0.1:${smtp.port}`, from: FROM, timeoutMs: 2_000 });
    try {
      await expect(wrong.send(mail('ada@example.org'))).rejects.toThrow(/Invalid username or password|auth/i);
    } finally {
      wrong.close();
    }
    expect(smtp.received).toEqual([]);
  });

  it('throws when the server is down', async () => {
    await smtp.close();
    await expect(mailer.send(mail('ada@example.org'))).rejects.toThrow(/ECONNREFUSED|connect/i);
  });
});

// A real SMTP server on loopback that keeps every message in memory for the tests.
import { SMTPServer } from 'smtp-server';
import { parseMail, type ParsedMail } from './mime';

export interface ReceivedMail extends ParsedMail {
  to: string[];
  from: string;
  raw: string;
  /** Every http(s) link in the message. */
  links: string[];
}

export class Mailbox {
  readonly messages: ReceivedMail[] = [];

  add(mail: ReceivedMail): void {
    this.messages.push(mail);
  }

  /** Waits for a message to `to` that matches, newest first. */
  async waitFor(
    to: string,
    match: (mail: ReceivedMail) => boolean = () => true,
    { timeoutMs = 30_000, after = 0 }: { timeoutMs?: number; after?: number } = {},
  ): Promise<ReceivedMail> {
    const deadline = Date.now() + timeoutMs;
    const wanted = to.toLowerCase();
    for (;;) {
      const found = this.messages
        .slice(after)
        .reverse()
        .find((m) => m.to.some((t) => t.toLowerCase() === wanted) && match(m));
      if (found) return found;
      if (Date.now() > deadline) {
        const seen = this.messages.map((m) => `${m.to.join(',')}: ${m.subject}`).join('\n  ');
        throw new Error(`no email to ${to} within ${timeoutMs} ms; mailbox has:\n  ${seen || '(nothing)'}`);
      }
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }

  count(): number {
    return this.messages.length;
  }
}

export interface SmtpSink {
  port: number;
  mailbox: Mailbox;
  close: () => Promise<void>;
}

function linksIn(mail: ParsedMail): string[] {
  const links = new Set<string>();
  for (const part of mail.parts) {
    for (const match of part.text.matchAll(/https?:\/\/[^\s"'<>]+/g)) {
      links.add(match[0].replace(/&amp;/g, '&').replace(/[.,;)]+$/, ''));
    }
  }
  return [...links];
}

export async function startSmtpSink(port: number): Promise<SmtpSink> {
  const mailbox = new Mailbox();
  const server = new SMTPServer({
    secure: false,
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    banner: 'vitalog e2e sink',
    onAuth(_auth, _session, callback) {
      callback(null, { user: 'test' });
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        const parsed = parseMail(raw);
        mailbox.add({
          ...parsed,
          raw,
          to: session.envelope.rcptTo.map((r) => r.address),
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          links: linksIn(parsed),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return {
    port,
    mailbox,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

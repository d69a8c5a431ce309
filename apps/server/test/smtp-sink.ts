import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export type ReceivedMail = {
  envelopeTo: string[];
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string | false;
  attachments: Array<{ filename: string | undefined; contentType: string; content: Buffer }>;
};

/** A real SMTP server on 127.0.0.1 (random port) that keeps what it receives, parsed. */
export type SmtpSink = {
  url: string;
  received: ReceivedMail[];
  /** Resolves once `count` messages in all have arrived (no polling, no sleeping). */
  waitFor(count: number): Promise<ReceivedMail[]>;
  close(): Promise<void>;
};

export async function startSmtpSink(): Promise<SmtpSink> {
  const received: ReceivedMail[] = [];
  const waiters: Array<{ count: number; resolve: (mails: ReceivedMail[]) => void }> = [];
  const server = new SMTPServer({
    secure: false,
    hideSTARTTLS: true,
    authOptional: true,
    disableReverseLookup: true,
    logger: false,
    onData(stream, session, callback) {
      simpleParser(stream)
        .then((mail: ParsedMail) => {
          received.push({
            envelopeTo: session.envelope.rcptTo.map((r) => r.address),
            from: mail.from?.text ?? '',
            to: [mail.to ?? []]
              .flat()
              .map((a) => a.text)
              .join(', '),
            subject: mail.subject ?? '',
            text: mail.text ?? '',
            html: mail.html,
            attachments: mail.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, content: a.content })),
          });
          for (const w of waiters.filter((w) => received.length >= w.count)) {
            waiters.splice(waiters.indexOf(w), 1);
            w.resolve([...received]);
          }
          callback();
        })
        .catch((error: Error) => callback(error));
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.server.address();
  if (!address || typeof address !== 'object') throw new Error('SMTP sink has no port');
  return {
    url: `smtp://127.0.0.1:${address.port}`,
    received,
    waitFor: (count) =>
      received.length >= count ? Promise.resolve([...received]) : new Promise((resolve) => waiters.push({ count, resolve })),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

import { createTransport } from 'nodemailer';
import { z } from 'zod';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { enqueueJob, PermanentJobError, type JobSubject, type OutboxJob } from '../outbox/service.ts';
import { deleteDevMailAbout, deleteDevMailBefore, findDevMail, insertDevMail, listDevMail, moveDevMailToCandidate } from './repository.ts';

export const MAIL_JOB_KIND = 'mail';

const MAX_ATTACHMENT_BASE64 = 8 * 1024 * 1024;

/** One mail as the outbox keeps it. Attachments travel as base64 so the payload is plain JSON. */
export const mailMessage = z.object({
  to: z.string().trim().min(3).max(320),
  /**
   * The organisation member the mail is for, when it is a member's (a notification's e-mail): it is
   * sent only while they still are one (checked at delivery, docs/security.md "Removing a member").
   */
  member: z.object({ user_id: z.string(), organisation_id: z.string() }).optional(),
  subject: z.string().trim().min(1).max(300),
  text: z.string().min(1),
  html: z.string().min(1).optional(),
  attachments: z
    .array(
      z.object({
        filename: z.string().min(1).max(200),
        contentType: z.string().min(1).max(200),
        content: z.string().max(MAX_ATTACHMENT_BASE64),
      }),
    )
    .max(10)
    .optional(),
});
export type MailMessage = z.infer<typeof mailMessage>;

/**
 * Queues a mail in the caller's transaction: it is sent only if the change that causes it
 * commits, and a restart loses nothing (the outbox worker delivers it with retries). A mail to a
 * candidate or naming one passes `subject.candidateId`: erasing the candidate deletes it.
 */
export async function enqueueMail(db: Db, mail: MailMessage, subject: JobSubject = {}): Promise<OutboxJob> {
  return enqueueJob(db, MAIL_JOB_KIND, mailMessage.parse(mail), subject);
}

export type MailTransport = {
  /** `smtp`, or `dev-mailbox` outside production without SMTP_URL, or `none` (production without SMTP_URL). */
  readonly kind: 'smtp' | 'dev-mailbox' | 'none';
  send(message: MailMessage, subject?: JobSubject): Promise<void>;
  close(): void;
};

/** SMTP when SMTP_URL is set; otherwise (not in production) the development mailbox at /dev/mailbox. */
export function createMailTransport(db: Db, config: Pick<Config, 'env' | 'mail'>): MailTransport {
  const from = config.mail.from;
  if (config.mail.smtpUrl) {
    const smtp = createTransport({
      url: config.mail.smtpUrl,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    });
    return {
      kind: 'smtp',
      async send(message) {
        await smtp.sendMail({
          from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          ...(message.html ? { html: message.html } : {}),
          attachments: (message.attachments ?? []).map((a) => ({
            filename: a.filename,
            contentType: a.contentType,
            content: Buffer.from(a.content, 'base64'),
          })),
        });
      },
      close: () => smtp.close(),
    };
  }
  if (config.env === 'production') {
    return {
      kind: 'none',
      async send() {
        throw new Error('SMTP_URL is not set: mail cannot be delivered. Set SMTP_URL and restart; queued mail is kept and retried.');
      },
      close: () => undefined,
    };
  }
  return {
    kind: 'dev-mailbox',
    async send(message, subject) {
      await insertDevMail(db, {
        candidateId: subject?.candidateId ?? null,
        organisationId: subject?.organisationId ?? null,
        to: message.to,
        from,
        subject: message.subject,
        text: message.text,
        html: message.html ?? null,
        attachments: message.attachments ?? [],
      });
    },
    close: () => undefined,
  };
}

/** Whether a member's mail may still go: they still belong to the organisation. */
export type MemberCheck = (member: { user_id: string; organisation_id: string }) => Promise<boolean>;

/**
 * Delivers one outbox mail job; throws when the payload is unusable or the transport fails. A
 * member's mail to someone who no longer is one is not sent (the job ends): 'withdrawn'.
 */
export async function deliverMailJob(
  transport: MailTransport,
  payload: unknown,
  subject: JobSubject = {},
  stillMember?: MemberCheck,
): Promise<'sent' | 'withdrawn'> {
  const parsed = mailMessage.safeParse(payload);
  if (!parsed.success) throw new PermanentJobError(`invalid mail payload: ${parsed.error.issues.map((i) => i.path.join('.')).join(', ')}`);
  const { member, ...message } = parsed.data;
  if (member && stillMember && !(await stillMember(member))) return 'withdrawn';
  await transport.send(message, subject);
  return 'sent';
}

export const devMailboxPage = (db: Db, page: number, perPage: number) => listDevMail(db, page, perPage);
export const devMail = (db: Db, id: string) => findDevMail(db, id);

/** Candidate erasure (features/candidates/service.ts): the development mailbox's mail about or to the person. */
export const eraseCandidateDevMail = (db: Db, _organisationId: string, person: { id: string; name: string; email: string | null }) =>
  deleteDevMailAbout(db, person);

/** Candidate merge: development mail about the source concerns the target. */
export const moveCandidateDevMail = (db: Db, sourceId: string, targetId: string) => moveDevMailToCandidate(db, sourceId, targetId);

/** Retention: development mailbox mail received before `before` is deleted. Returns how many. */
export const purgeDevMail = (db: Db, before: Date) => deleteDevMailBefore(db, before);

import type { EntityManager } from '@mikro-orm/postgresql';
import type { DbHandles } from '../../db/db-handles';
import { prepared, sql } from '../../db/sql';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../../config';
import type { Logger } from '../../logger';
import { OutboxEmail } from './outbox-email.entity';

export interface Email {
  to: string;
  subject: string;
  text: string;
  /** The same content as HTML; sent as the alternative to the text part. */
  html?: string;
  /** Where replies go (e.g. the customer who wrote through the contact form). */
  replyTo?: string;
  /** Further headers, e.g. List-Unsubscribe. */
  headers?: Record<string, string>;
  /** What the email is about, e.g. 'order-confirmation'. */
  kind: string;
}

/** What the delivery job reads of an outbox email. */
interface OutboxRow {
  id: number;
  toAddress: string;
  subject: string;
  text: string;
  html: string | null;
  replyTo: string | null;
  headers: Record<string, string> | null;
  kind: string;
  sent: boolean;
  /** Its creation time in milliseconds (a bigint, so text). */
  createdAtMs: string;
}

/** What the delivery job knows of its own run (graphile-worker's job attempts). */
export interface DeliveryAttempt {
  attempt: number;
  maxAttempts: number;
}

// An SMTP server that does not answer is given up on for this attempt after this long (then retried later).
const SMTP_TIMEOUT_MS = 15_000;
const OUTBOX_ONLY = "emails are only kept in the outbox (the admin's Emails tab), not sent to customers or to you.";

/**
 * The shop's email (D14). Every email is first written to the outbox table, in the caller's transaction when
 * it has one, so an email exists exactly when what it tells of was committed; the outbox's trigger queues its
 * delivery job in that same transaction. The job (deliver) sends it with nothing locked and no transaction open.
 * Without SMTP_URL emails stay in the outbox, where the admin shows them.
 */
export class MailService {
  private readonly transport: Transporter | undefined;

  constructor(
    private readonly config: Config,
    private readonly logger: Logger,
  ) {
    this.transport = config.SMTP_URL
      ? nodemailer.createTransport(config.SMTP_URL, {
          connectionTimeout: SMTP_TIMEOUT_MS,
          greetingTimeout: SMTP_TIMEOUT_MS,
          socketTimeout: SMTP_TIMEOUT_MS,
        })
      : undefined;
    // A production shop without SMTP tells no customer anything: said once at start-up, and on the dashboard.
    if (!this.transport && config.isProduction) logger.warn(`SMTP_URL is not set: ${OUTBOX_ONLY}`);
  }

  /**
   * What the admin dashboard tells the owner of a production shop without SMTP (stats.warnings); nothing in
   * development, where the outbox is where emails are meant to be read.
   */
  get setupWarning(): string | undefined {
    return !this.transport && this.config.isProduction ? `No SMTP server is set (SMTP_URL): ${OUTBOX_ONLY}` : undefined;
  }

  /** Adds the email to the outbox; it is written (and its delivery queued) when `em` is flushed. */
  enqueue(em: EntityManager, email: Email) {
    return em.create(OutboxEmail, {
      toAddress: email.to,
      subject: email.subject,
      text: email.text,
      html: email.html ?? null,
      replyTo: email.replyTo ?? null,
      headers: email.headers ?? null,
      kind: email.kind,
      sentAt: null,
      failedAt: null,
      lastError: null,
    });
  }

  /**
   * The delivery job's work for one outbox email. Sent already: nothing to do (a job retried after its send
   * succeeded never sends twice from here). A failure is recorded and thrown, so the queue retries it later;
   * on the last attempt the email is marked failed, for the owner to retry from the admin.
   */
  async deliver(database: DbHandles, id: number, run: DeliveryAttempt): Promise<void> {
    // A plain row, as the job only reads it: loading the entity was a third of the queue's CPU per email (profiled).
    const [email] = await sql(database.db).query<OutboxRow>(
      prepared(`select id, to_address as "toAddress", subject, text, html, reply_to as "replyTo", headers, kind,
              sent_at is not null as sent, floor(extract(epoch from created_at) * 1000)::bigint as "createdAtMs"
         from outbox_email where id = $1`),
      [id],
    );
    if (!email || email.sent || !this.transport) return;
    try {
      await this.transport.sendMail({
        from: this.config.MAIL_FROM,
        to: email.toAddress,
        subject: email.subject,
        text: email.text,
        ...(email.html ? { html: email.html } : {}),
        ...(email.replyTo ? { replyTo: email.replyTo } : {}),
        headers: email.headers ?? {},
        // One id per outbox email: a receiving server can tell a resend (after a crash mid-send) from a new email.
        messageId: `<outbox-${email.id}.${email.createdAtMs}@${messageIdDomain(this.config.MAIL_FROM)}>`,
      });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const last = run.attempt >= run.maxAttempts;
      await database.em.nativeUpdate(
        OutboxEmail,
        { id },
        { attempts: run.attempt, lastError: message.slice(0, 2000), failedAt: last ? new Date() : null },
      );
      this.logger.warn({ emailId: id, kind: email.kind, attempt: run.attempt, last }, 'email not sent; the queue will retry it');
      throw error;
    }
    await sql(database.db).query(
      'update outbox_email set sent_at = now(), attempts = $2, last_error = null, failed_at = null where id = $1',
      [id, run.attempt],
    );
  }

  /** Queues an email's delivery again (the admin's Retry): a fresh set of attempts. */
  async retry(em: EntityManager, id: number): Promise<boolean> {
    const updated = await em.nativeUpdate(OutboxEmail, { id, sentAt: null }, { failedAt: null, lastError: null });
    if (updated === 0) return false;
    await sql(em).query(
      `select graphile_worker.add_job('deliver_email', json_build_object('id', $1::int), max_attempts := 10, job_key := 'email-' || $1::int)`,
      [id],
    );
    return true;
  }
}

/** The domain of the sender's address, for Message-IDs. */
function messageIdDomain(from: string): string {
  return /@([^>\s]+)/.exec(from)?.[1] ?? 'turnery.local';
}

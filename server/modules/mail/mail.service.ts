import type { EntityManager } from '@mikro-orm/postgresql';
import type { DbHandles } from '../../db/db-handles';
import { prepared, sql, type SqlRunner, type SqlSource } from '../../db/sql';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../../config';
import type { Logger } from '../../logger';
import { renderEmail, type EmailContent, type RenderedEmail } from '../../emails/render-email';
import type { ShopFooter } from '../../emails/layout';
import { OutboxEmail } from './outbox-email.entity';
import type { PageWindow } from '../../contract/list-paging';
import { AppError } from '../../trpc/errors';

/** An email to write to the outbox: who it is for, its subject, and what it is made of (rendered by the delivery job). */
export type Email = EmailContent & {
  to: string;
  subject: string;
  /** Where replies go (e.g. the customer who wrote through the contact form). */
  replyTo?: string;
  /** Further headers, e.g. List-Unsubscribe. */
  headers?: Record<string, string>;
};

/** What the delivery job reads of an outbox email. */
interface OutboxRow {
  id: number;
  toAddress: string;
  subject: string;
  /** Null until the delivery job has rendered the email. */
  text: string | null;
  html: string | null;
  replyTo: string | null;
  headers: Record<string, string> | null;
  kind: string;
  data: unknown;
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
 * The shop's email (D14). Every email is first written to the outbox table as its kind and data, in the caller's
 * transaction when it has one, so an email exists exactly when what it tells of was committed; the outbox's trigger
 * queues its delivery job in that same transaction. No request renders an email: the job (deliver) renders it,
 * stores its text and HTML, and sends it, with nothing locked and no transaction open. Without SMTP_URL emails are
 * rendered and stay in the outbox, where the admin shows them.
 */
export class MailService {
  private readonly transport: Transporter | undefined;
  private readonly shop: ShopFooter;

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
    this.shop = { location: config.SHOP_LOCATION, email: config.SHOP_EMAIL };
    // A production shop without SMTP tells no customer anything: said once at start-up, and on the dashboard.
    if (!this.transport && config.isProduction) logger.warn(`SMTP_URL is not set: ${OUTBOX_ONLY}`);
  }

  /** Whether a mail server is set (SMTP_URL): without one, emails stay in the outbox and are never sent. */
  get sends(): boolean {
    return this.transport !== undefined;
  }

  /**
   * What the admin dashboard tells the owner of a production shop without SMTP (stats.warnings); nothing in
   * development, where the outbox is where emails are meant to be read.
   */
  get setupWarning(): string | undefined {
    return !this.transport && this.config.isProduction ? `No SMTP server is set (SMTP_URL): ${OUTBOX_ONLY}` : undefined;
  }

  /**
   * Writes `emails` to the outbox in one statement of the caller's transaction of statements (`tx`, sqlTransaction's);
   * the outbox's trigger queues their delivery in the same transaction. The one way an email enters the outbox (the
   * checkout's, the ledger's and every other module's): a named statement, as every checkout runs it.
   */
  async write(tx: SqlRunner, emails: readonly Email[]): Promise<void> {
    if (emails.length === 0) return;
    await tx.query(
      prepared(`insert into outbox_email (to_address, subject, reply_to, headers, kind, data, created_at)
       select e.to_address, e.subject, e.reply_to, e.headers, e.kind, e.data, now()
         from jsonb_to_recordset($1::jsonb) as e(to_address text, subject text, reply_to text, headers jsonb, kind text, data jsonb)`),
      [JSON.stringify(outboxRows(emails))],
    );
  }

  /**
   * The delivery job's work for one outbox email: render it (once: its text and HTML are stored), then send it.
   * Sent already: nothing to do (a job retried after its send succeeded never sends twice from here). Without SMTP
   * it is rendered and kept. A failure, to render or to send, is recorded and thrown, so the queue retries it later;
   * on the last attempt the email is marked failed, for the owner to retry from the admin.
   */
  async deliver(database: DbHandles, id: number, run: DeliveryAttempt): Promise<void> {
    // A plain row, as the job only reads it: loading the entity was a third of the queue's CPU per email (profiled).
    const [email] = await sql(database.db).query<OutboxRow>(
      prepared(`select id, to_address as "toAddress", subject, text, html, reply_to as "replyTo", headers, kind, data,
              sent_at is not null as sent, floor(extract(epoch from created_at) * 1000)::bigint as "createdAtMs"
         from outbox_email where id = $1`),
      [id],
    );
    if (!email || email.sent) return;
    let rendered = email.text !== null;
    try {
      const content = email.text !== null ? { text: email.text, html: email.html } : await this.render(database, email);
      rendered = true;
      if (!this.transport) return;
      await this.transport.sendMail({
        from: this.config.MAIL_FROM,
        to: email.toAddress,
        subject: email.subject,
        text: content.text,
        ...(content.html ? { html: content.html } : {}),
        ...(email.replyTo ? { replyTo: email.replyTo } : {}),
        headers: email.headers ?? {},
        // One id per outbox email: a receiving server can tell a resend (after a crash mid-send) from a new email.
        messageId: `<outbox-${email.id}.${email.createdAtMs}@${messageIdDomain(this.config.MAIL_FROM)}>`,
      });
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const last = run.attempt >= run.maxAttempts;
      await sql(database.db).query(
        'update outbox_email set attempts = $2, last_error = $3, failed_at = case when $4::boolean then now() end where id = $1',
        [id, run.attempt, message.slice(0, 2000), last],
      );
      const fields = { emailId: id, kind: email.kind, attempt: run.attempt, last };
      // An email that cannot be rendered is the shop's fault, not the mail server's.
      if (rendered) this.logger.warn(fields, 'email not sent; the queue will retry it');
      else this.logger.error({ ...fields, err: { message } }, 'email not rendered; the queue will retry it');
      throw error;
    }
    await sql(database.db).query(
      'update outbox_email set sent_at = now(), attempts = $2, last_error = null, failed_at = null where id = $1',
      [id, run.attempt],
    );
  }

  /** Renders an outbox email from its kind and data, and stores its text and HTML (what the admin then shows). */
  private async render(database: DbHandles, email: OutboxRow): Promise<RenderedEmail> {
    const content = await renderEmail(email.kind, email.data, this.shop);
    await sql(database.db).query('update outbox_email set text = $2, html = $3 where id = $1', [email.id, content.text, content.html]);
    return content;
  }

  /**
   * An email's text and HTML for the admin: as the delivery job stored them, or, for one it has not rendered yet,
   * rendered now (and not stored: that is the job's). One that cannot be rendered says so in its text.
   */
  async content(email: {
    kind: string;
    data?: unknown;
    text?: string | null;
    html?: string | null;
  }): Promise<{ text: string; html: string | null }> {
    if (email.text != null) return { text: email.text, html: email.html ?? null };
    try {
      return await renderEmail(email.kind, email.data, this.shop);
    } catch (error) {
      return { text: `This email cannot be rendered: ${error instanceof Error ? error.message : String(error)}`, html: null };
    }
  }

  /** Queues an email's delivery again (the admin's Retry): a fresh set of attempts; 404 or 409 when there is none to send. */
  async retry(db: SqlSource, id: number): Promise<void> {
    const retried = await sql(db).query(
      'update outbox_email set failed_at = null, last_error = null where id = $1 and sent_at is null returning id',
      [id],
    );
    if (retried.length === 0) {
      const [email] = await sql(db).query('select 1 from outbox_email where id = $1', [id]);
      if (!email) throw new AppError('NOT_FOUND', 'Email not found');
      throw new AppError('CONFLICT', 'This email was sent already');
    }
    await sql(db).query(
      `select graphile_worker.add_job('deliver_email', json_build_object('id', $1::int), max_attempts := 10, job_key := 'email-' || $1::int)`,
      [id],
    );
  }
}

// The admin's Emails tab filters by what the owner sees: waiting (not sent, not given up), sent, failed.
const STATE_FILTERS = {
  waiting: { sentAt: null, failedAt: null },
  sent: { sentAt: { $ne: null } },
  failed: { sentAt: null, failedAt: { $ne: null } },
} as const;

/** A page of the outbox, newest first (only the emails in `state` when given), with how many match. */
export function outboxPage(em: EntityManager, window: PageWindow, state?: keyof typeof STATE_FILTERS) {
  return em.findAndCount(OutboxEmail, state ? STATE_FILTERS[state] : {}, { orderBy: { createdAt: 'desc', id: 'desc' }, ...window });
}

/** The domain of the sender's address, for Message-IDs. */
function messageIdDomain(from: string): string {
  return /@([^>\s]+)/.exec(from)?.[1] ?? 'turnery.local';
}

/** Emails as outbox rows, a JSON list that write's statement reads with jsonb_to_recordset (and the bench's raw checkout). */
export function outboxRows(emails: readonly Email[]) {
  return emails.map((email) => ({
    to_address: email.to,
    subject: email.subject,
    reply_to: email.replyTo ?? null,
    headers: email.headers ?? null,
    kind: email.kind,
    data: email.data,
  }));
}

import { LockMode } from '@mikro-orm/core';
import type { EntityManager } from '@mikro-orm/postgresql';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../../config';
import type { Logger } from '../../logger';
import { OutboxEmail } from './outbox-email.entity';

export interface Email {
  to: string;
  subject: string;
  text: string;
  /** What the email is about, e.g. 'order-confirmation'. */
  kind: string;
}

/**
 * The shop's email (D14). Every email is first written to the outbox table, in the caller's transaction when
 * it has one, so an email exists exactly when what it tells of was committed. With SMTP_URL set it is then
 * sent and marked sent; without, it stays in the outbox for the owner to see.
 */
export class MailService {
  private readonly transport: Transporter | undefined;

  constructor(
    private readonly config: Config,
    private readonly logger: Logger,
  ) {
    this.transport = config.SMTP_URL ? nodemailer.createTransport(config.SMTP_URL) : undefined;
  }

  /** Adds the email to the outbox; it is written when `em` is flushed. */
  enqueue(em: EntityManager, email: Email) {
    return em.create(OutboxEmail, {
      toAddress: email.to,
      subject: email.subject,
      text: email.text,
      kind: email.kind,
      sentAt: null,
      lastError: null,
    });
  }

  /**
   * Sends what is waiting in the outbox, when SMTP is configured. Failures stay in the outbox with the error.
   * Rows are locked with SKIP LOCKED, so several app instances never send the same email twice.
   */
  async deliverPending(em: EntityManager): Promise<number> {
    if (!this.transport) return 0;
    const transport = this.transport;
    return em.transactional(async (tem) => this.deliverBatch(tem, transport));
  }

  /** Every few seconds, while the server runs (only with SMTP configured). Returns a function that stops it. */
  startDelivery(em: EntityManager, everyMs = 5000): () => void {
    if (!this.transport) return () => {};
    let busy = false;
    const timer = setInterval(() => {
      if (busy) return;
      busy = true;
      this.deliverPending(em.fork())
        .catch((error: unknown) => this.logger.warn({ err: { message: String(error) } }, 'outbox delivery failed'))
        .finally(() => (busy = false));
    }, everyMs);
    timer.unref();
    return () => clearInterval(timer);
  }

  private async deliverBatch(em: EntityManager, transport: Transporter): Promise<number> {
    const pending = await em.find(
      OutboxEmail,
      { sentAt: null },
      { orderBy: { id: 'asc' }, limit: 20, lockMode: LockMode.PESSIMISTIC_PARTIAL_WRITE },
    );
    let sent = 0;
    for (const email of pending) {
      try {
        await transport.sendMail({ from: this.config.MAIL_FROM, to: email.toAddress, subject: email.subject, text: email.text });
        email.sentAt = new Date();
        email.lastError = null;
        sent += 1;
      } catch (error) {
        email.lastError = error instanceof Error ? error.message : String(error);
        this.logger.warn({ emailId: email.id, kind: email.kind }, 'email not sent; it stays in the outbox');
      }
    }
    await em.flush();
    return sent;
  }
}

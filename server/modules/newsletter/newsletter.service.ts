import { sql, sqlTransaction, type SqlSource } from '../../db/sql';
import type { MailService } from '../mail';

/**
 * Subscribes an (already normalised) address. Subscribing twice keeps one row; coming back after
 * unsubscribing reactivates it. Only a first subscription sends the welcome email (written as its data: the
 * delivery job renders it), in the transaction that writes the row: statements, as the outbox is written
 * (MailService.write). Two requests for one new address at once: the second waits for the first's row and finds it.
 */
export function subscribe(
  db: SqlSource,
  mail: MailService,
  email: string,
  welcome: { unsubscribeUrl: string; headers: Record<string, string> },
): Promise<{ created: boolean }> {
  return sqlTransaction(db, async (tx) => {
    const created = await tx.query(
      'insert into newsletter_subscription (email, created_at) values ($1, now()) on conflict (email) do nothing returning id',
      [email],
    );
    if (created.length === 0) {
      await tx.query('update newsletter_subscription set unsubscribed_at = null where email = $1 and unsubscribed_at is not null', [email]);
      return { created: false };
    }
    await mail.write(tx, [
      {
        to: email,
        subject: 'Welcome to the Turnery newsletter',
        headers: welcome.headers,
        kind: 'newsletter-welcome',
        data: { unsubscribeUrl: welcome.unsubscribeUrl },
      },
    ]);
    return { created: true };
  });
}

/** Marks the address unsubscribed. An unknown or already unsubscribed address is fine: the outcome is the same. */
export async function unsubscribe(db: SqlSource, email: string): Promise<void> {
  await sql(db).query('update newsletter_subscription set unsubscribed_at = now() where email = $1 and unsubscribed_at is null', [email]);
}

import { UniqueConstraintViolationException, type EntityManager } from '@mikro-orm/postgresql';
import type { MailService } from '../mail/mail.service';
import { NewsletterSubscription } from './subscription.entity';

/**
 * Subscribes an (already normalised) address. Subscribing twice keeps one row; coming back after
 * unsubscribing reactivates it. Only a first subscription sends the welcome email (written as its data: the
 * delivery job renders it).
 */
export async function subscribe(
  em: EntityManager,
  mail: MailService,
  email: string,
  welcome: { unsubscribeUrl: string; headers: Record<string, string> },
): Promise<{ created: boolean }> {
  const existing = await em.findOne(NewsletterSubscription, { email });
  if (existing) {
    if (existing.unsubscribedAt) {
      existing.unsubscribedAt = null;
      await em.flush();
    }
    return { created: false };
  }
  em.create(NewsletterSubscription, { email, unsubscribedAt: null });
  mail.enqueue(em, {
    to: email,
    subject: 'Welcome to the Turnery newsletter',
    headers: welcome.headers,
    kind: 'newsletter-welcome',
    data: { unsubscribeUrl: welcome.unsubscribeUrl },
  });
  try {
    await em.flush();
  } catch (error) {
    // Two requests for the same new address at once: the other one won, and the address is subscribed.
    if (error instanceof UniqueConstraintViolationException) {
      em.clear();
      return { created: false };
    }
    throw error;
  }
  return { created: true };
}

/** Marks the address unsubscribed. An unknown or already unsubscribed address is fine: the outcome is the same. */
export async function unsubscribe(em: EntityManager, email: string): Promise<void> {
  const subscription = await em.findOne(NewsletterSubscription, { email });
  if (subscription && !subscription.unsubscribedAt) {
    subscription.unsubscribedAt = new Date();
    await em.flush();
  }
}

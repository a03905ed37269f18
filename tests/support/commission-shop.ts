import { signIn } from './admin-client';
import { adminBrowser, type Browser } from './browser';
import { startSmtpReceiver, type SmtpReceiver } from './smtp-receiver';
import { startTestServer, type TestServer } from './test-server';
import { QUICK_WEBHOOK_SETTINGS, registerReceiver } from './webhook-endpoints';
import { startWebhookReceiver, type WebhookReceiver } from './webhook-receiver';

// The shop the commissions' API tests run against: an SMTP receiver for the buyer's and the owner's emails, a webhook
// receiver of `events`, buyers behind a balancer the server trusts (each address another buyer), and the owner's
// browser session.

export interface CommissionShop {
  server: TestServer;
  smtp: SmtpReceiver;
  hooks: WebhookReceiver;
  admin: Browser;
}

export async function startCommissionShop(events: string[]): Promise<CommissionShop> {
  const smtp = await startSmtpReceiver();
  const hooks = await startWebhookReceiver();
  try {
    const server = await startTestServer({
      SMTP_URL: smtp.url,
      OWNER_EMAIL: 'owner@example.com',
      PUBLIC_URL: 'https://shop.example',
      TRUST_PROXY: 'loopback',
      ...QUICK_WEBHOOK_SETTINGS,
    });
    await registerReceiver(server, await signIn(server), hooks, events);
    return { server, smtp, hooks, admin: await adminBrowser(server) };
  } catch (error) {
    // The caller's afterAll knows only what this answered: what was started is stopped here.
    await Promise.all([smtp.close(), hooks.close()]);
    throw error;
  }
}

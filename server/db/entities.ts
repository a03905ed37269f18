import { AdminSession, ServerSetting } from '../modules/admin/admin-session.entity';
import { ApiToken } from '../modules/admin/api-token.entity';
import { BlogPost } from '../modules/blog/blog-post.entity';
import { Commission, CommissionQuote, CommissionUpdate } from '../modules/commissions/commission.entity';
import { ContactMessage } from '../modules/contacts/contact-message.entity';
import { OutboxEmail } from '../modules/mail/outbox-email.entity';
import { Order, OrderItem } from '../modules/orders/order.entity';
import { SitePage } from '../modules/pages/site-page.entity';
import { SandboxPayment } from '../modules/payments/sandbox-payment.entity';
import { Product } from '../modules/products/product.entity';
import { WebhookDelivery, WebhookEndpoint, WebhookEvent } from '../modules/webhooks/webhook.entity';

// Every entity the ORM knows; a new module adds its entity here.
export const entities = [
  Product,
  BlogPost,
  SitePage,
  ContactMessage,
  Order,
  OrderItem,
  OutboxEmail,
  AdminSession,
  ServerSetting,
  ApiToken,
  SandboxPayment,
  WebhookEndpoint,
  WebhookEvent,
  WebhookDelivery,
  Commission,
  CommissionQuote,
  CommissionUpdate,
];

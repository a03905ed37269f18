import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../server/trpc/app-router';

type Admin = inferRouterOutputs<AppRouter>['admin'];

export type AdminProduct = Admin['products']['list'][number];
export type AdminBlogPost = Admin['blog']['all'][number];
export type AdminOrder = Admin['orders']['list'][number];
export type AdminOrderRefunds = Admin['orders']['refunds'];
export type AdminContact = Admin['contacts']['list'][number];
export type Analytics = Admin['dashboard']['analytics'];
export type AdminEmail = Admin['emails']['list']['emails'][number];
export type AdminApiToken = Admin['tokens']['list'][number];
export type AdminWebhookEndpoint = Admin['webhooks']['endpoints'][number];
export type AdminWebhookDelivery = Admin['webhooks']['deliveries']['deliveries'][number];
export type AdminNewsletterSubscriber = Admin['newsletter']['list'][number];

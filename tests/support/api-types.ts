import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../server/trpc/app-router';

/**
 * What each procedure answers, on the REST mirror and on tRPC alike (the same procedure, the same JSON). Tests name
 * the answer they expect with these, so a change to a procedure's output shows up in the type check of its tests.
 */
export type Outputs = inferRouterOutputs<AppRouter>;

export type ProductJson = Outputs['products']['byId'];
export type BlogPostJson = Outputs['blog']['list'][number];
export type PublishedPostJson = Outputs['blog']['byIdOrSlug'];
export type QuoteJson = Outputs['checkout']['quote'];
export type OrderJson = Outputs['orders']['byId'];
export type ContactJson = Outputs['admin']['contacts']['list'][number];

/** Every error answer (D25): a message for people, a code and a stable reason for scripts, plus the reason's details. */
export interface ErrorJson {
  message: string;
  code: string;
  data: {
    code: string;
    httpStatus: number;
    reason: string;
    issues?: { path: string[]; message: string }[];
    paymentCode?: string;
    [detail: string]: unknown;
  };
}

/** A tRPC query's answer over HTTP. */
export interface TrpcJson<T> {
  result: { data: T };
}

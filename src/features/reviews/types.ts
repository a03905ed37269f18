import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../server/trpc/app-router';

type Outputs = inferRouterOutputs<AppRouter>;

/** An approved review as the product page shows it. */
export type Review = Outputs['reviews']['forProduct']['reviews'][number];
/** The review link's page: the product bought and the review already written, if any. */
export type ReviewRequest = Outputs['reviews']['request'];
/** A review in the owner's queue, with its product, order and buyer. */
export type AdminReview = Outputs['admin']['reviews']['list'][number];

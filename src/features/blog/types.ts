import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../server/trpc/app-router';

export type BlogPostSummary = inferRouterOutputs<AppRouter>['blog']['list'][number];
export type PublishedPost = inferRouterOutputs<AppRouter>['blog']['byIdOrSlug'];

import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../server/trpc/app-router';

export type Product = inferRouterOutputs<AppRouter>['products']['featured'][number];

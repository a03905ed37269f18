import type { inferRouterOutputs } from '@trpc/server';
import type { AppRouter } from '../../../server/trpc/app-router';

export type Product = inferRouterOutputs<AppRouter>['products']['featured'][number];

/** What a product card shows: the shop page's products carry no more (products.shopPage). */
export type ProductCardData = inferRouterOutputs<AppRouter>['products']['shopPage']['products'][number];

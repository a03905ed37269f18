import { z } from 'zod';
import { categorySchema } from '../../domain/categories';
import { idInput } from '../../domain/ids';
import { publicProcedure, router } from '../../trpc/init';
import { productOutput, toProductDto } from './product.schema';
import { featuredProducts, liveProduct, shopProducts } from './products.service';

const listInput = z.object({
  search: z.string().trim().max(200).optional(),
  // SPEC.md section 7: the shop sends '' for 'All Categories'; 'all' and no value mean the same.
  category: z.union([categorySchema, z.literal('all'), z.literal('')]).optional(),
});

export const productsRouter = router({
  featured: publicProcedure
    .meta({ openapi: { method: 'GET', path: '/products/featured', tags: ['products'], summary: 'Featured products for Home' } })
    .input(z.void())
    .output(z.array(productOutput))
    .query(async ({ ctx }) => (await featuredProducts(ctx.em)).map(toProductDto)),

  list: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/products',
        tags: ['products'],
        summary: 'The shop: products matching a search text (name or description) and a category; featured first, then newest',
      },
    })
    .input(listInput)
    .output(z.array(productOutput))
    .query(async ({ ctx, input: { search, category } }) => {
      const products = await shopProducts(ctx.em, { search, category: category === 'all' || category === '' ? undefined : category });
      return products.map(toProductDto);
    }),

  byId: publicProcedure
    .meta({ openapi: { method: 'GET', path: '/products/{id}', tags: ['products'], summary: 'One product of the shop' } })
    .input(idInput)
    .output(productOutput)
    .query(async ({ ctx, input }) => toProductDto(await liveProduct(ctx.em, input.id))),
});

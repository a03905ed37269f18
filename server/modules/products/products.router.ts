import { AppError } from '../../trpc/errors';
import { z } from 'zod';
import { categorySchema } from '../../domain/categories';
import { publicProcedure, router } from '../../trpc/init';
import { Product } from './product.entity';
import { productOutput, toProductDto } from './product.schema';
import { escapeLike } from './product-search';

// PostgreSQL's integer column: a larger id would be a database error, not a 404.
const MAX_ID = 2_147_483_647;

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
    .query(async ({ ctx }) => {
      const products = await ctx.em.find(Product, { featured: true, archived: false }, { orderBy: { id: 'asc' } });
      return products.map(toProductDto);
    }),

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
    .query(async ({ ctx, input }) => {
      const query = ctx.em.createQueryBuilder(Product, 'p').where({ archived: false });
      if (input.category && input.category !== 'all') query.andWhere({ category: input.category });
      if (input.search) {
        // The same expression as the trigram index (migration), so PostgreSQL can use it.
        query.andWhere(`lower(p.name || ' ' || p.description) like '%' || lower(?) || '%'`, [escapeLike(input.search)]);
      }
      const products = await query.orderBy({ featured: 'desc', createdAt: 'desc', id: 'desc' }).getResultList();
      return products.map(toProductDto);
    }),

  byId: publicProcedure
    .meta({ openapi: { method: 'GET', path: '/products/{id}', tags: ['products'], summary: 'One product of the shop' } })
    .input(z.object({ id: z.coerce.number().int().positive().max(MAX_ID) }))
    .output(productOutput)
    .query(async ({ ctx, input }) => {
      const product = await ctx.em.findOne(Product, { id: input.id, archived: false });
      if (!product) throw new AppError('NOT_FOUND', `No product with id ${input.id}`);
      return toProductDto(product);
    }),
});

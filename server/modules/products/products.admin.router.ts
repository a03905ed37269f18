import { ForeignKeyConstraintViolationException, type EntityManager } from '@mikro-orm/postgresql';
import { AppError } from '../../trpc/errors';
import { z } from 'zod';
import { adminProcedure, router } from '../../trpc/init';
import { OrderItem } from '../orders/order.entity';
import { productInput } from '../../domain/product-input';
import { Product } from './product.entity';
import { productOutput, toProductDto } from './product.schema';

const idInput = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

async function findLive(ctx: { em: EntityManager }, id: number) {
  const product = await ctx.em.findOne(Product, { id, archived: false });
  if (!product) throw new AppError('NOT_FOUND', `No product with id ${id}`);
  return product;
}

// The owner's catalogue (SPEC.md section 2 Products tab, section 5, D18).
export const productsAdminRouter = router({
  list: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/products',
        tags: ['admin', 'products'],
        summary: 'Every product, out of stock too',
        protect: true,
      },
    })
    .input(z.void())
    .output(z.array(productOutput))
    .query(async ({ ctx }) => {
      const products = await ctx.em.find(Product, { archived: false }, { orderBy: { createdAt: 'desc', id: 'desc' } });
      return products.map(toProductDto);
    }),

  create: adminProcedure
    .meta({ openapi: { method: 'POST', path: '/products', tags: ['admin', 'products'], summary: 'Add a product', protect: true } })
    .input(productInput)
    .output(productOutput)
    .mutation(async ({ ctx, input }) => {
      const product = ctx.em.create(Product, { ...input, archived: false });
      await ctx.em.flush();
      return toProductDto(product);
    }),

  update: adminProcedure
    .meta({ openapi: { method: 'PUT', path: '/products/{id}', tags: ['admin', 'products'], summary: 'Change a product', protect: true } })
    .input(productInput.extend(idInput.shape))
    .output(productOutput)
    .mutation(async ({ ctx, input: { id, ...values } }) => {
      const product = await findLive(ctx, id);
      ctx.em.assign(product, values);
      await ctx.em.flush();
      return toProductDto(product);
    }),

  delete: adminProcedure
    .meta({
      openapi: {
        method: 'DELETE',
        path: '/products/{id}',
        tags: ['admin', 'products'],
        summary: 'Delete a product; one that was ordered is archived instead, so its orders stay whole',
        protect: true,
      },
    })
    .input(idInput)
    .output(z.object({ success: z.literal(true), archived: z.boolean() }))
    .mutation(async ({ ctx, input }) => {
      const product = await findLive(ctx, input.id);
      if ((await ctx.em.count(OrderItem, { product: product.id })) > 0) {
        product.archived = true;
        product.featured = false;
        await ctx.em.flush();
        return { success: true as const, archived: true };
      }
      try {
        await ctx.em.removeAndFlush(product);
        return { success: true as const, archived: false };
      } catch (error) {
        // An order for it was placed a moment ago: archive it after all.
        if (!(error instanceof ForeignKeyConstraintViolationException)) throw error;
        ctx.em.clear();
        await ctx.em.nativeUpdate(Product, { id: input.id }, { archived: true, featured: false });
        return { success: true as const, archived: true };
      }
    }),
});

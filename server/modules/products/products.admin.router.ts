import { z } from 'zod';
import { idInput } from '../../domain/ids';
import { productInput } from '../../domain/product-input';
import { adminProcedure, router } from '../../trpc/init';
import { adminProductOutput, toAdminProductDto } from './product.schema';
import { createProduct, deleteProduct, ownerProducts, updateProduct } from './products.service';

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
    .output(z.array(adminProductOutput))
    .query(async ({ ctx }) => (await ownerProducts(ctx.em)).map(toAdminProductDto)),

  create: adminProcedure
    .meta({ openapi: { method: 'POST', path: '/products', tags: ['admin', 'products'], summary: 'Add a product', protect: true } })
    .input(productInput)
    .output(adminProductOutput)
    .mutation(async ({ ctx, input }) => toAdminProductDto(await createProduct(ctx.em, input))),

  update: adminProcedure
    .meta({ openapi: { method: 'PUT', path: '/products/{id}', tags: ['admin', 'products'], summary: 'Change a product', protect: true } })
    .input(productInput.extend(idInput.shape))
    .output(adminProductOutput)
    .mutation(async ({ ctx, input: { id, ...values } }) => toAdminProductDto(await updateProduct(ctx.em, id, values))),

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
    .mutation(async ({ ctx, input }) => ({ success: true as const, ...(await deleteProduct(ctx.em, input.id)) })),
});

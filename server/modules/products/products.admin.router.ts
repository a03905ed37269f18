import { z } from 'zod';
import { adminProcedure, router, withInput } from '../../trpc/init';
import { askedPage, optionalPagingInput, pageWindow, sendPagingHeaders } from '../../contract/list-paging';
import { withPathParameters } from '../../contract/wire-schemas';
import { adminProductOutput, productDeleteOutput, productIdInput, productInputBody, toAdminProductDto } from './product.schema';
import { createProduct, deleteProduct, ownerProducts, updateProduct } from './products.service';

// The owner's catalogue (docs/product.md section 2 Products tab, section 5, D18).
export const productsAdminRouter = router({
  list: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/products',
        tags: ['admin', 'products'],
        summary: 'Every product, out of stock too, newest first (all, or a page when page or pageSize is given)',
        protect: true,
      },
    })
    .concat(withInput(optionalPagingInput.optional()))
    .output(z.array(adminProductOutput))
    .query(async ({ ctx, input }) => {
      const paging = askedPage(input);
      const [products, total] = await ownerProducts(ctx.em, paging && pageWindow(paging));
      if (paging) sendPagingHeaders(ctx, paging, total);
      return products.map(toAdminProductDto);
    }),

  create: adminProcedure
    .meta({ openapi: { method: 'POST', path: '/products', tags: ['admin', 'products'], summary: 'Add a product', protect: true } })
    .concat(withInput(productInputBody))
    .output(adminProductOutput)
    .mutation(async ({ ctx, input }) => toAdminProductDto(await createProduct(ctx.em, input))),

  update: adminProcedure
    .meta({ openapi: { method: 'PUT', path: '/products/{id}', tags: ['admin', 'products'], summary: 'Change a product', protect: true } })
    .concat(withInput(withPathParameters(productInputBody, productIdInput.shape)))
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
    .concat(withInput(productIdInput))
    .output(productDeleteOutput)
    .mutation(async ({ ctx, input }) => ({
      success: true as const,
      ...(await deleteProduct(ctx.em, input.id, ctx.services.lookups.productWasOrdered)),
    })),
});

import { z } from 'zod';
import { adminProcedure, router, withInput, withOutput } from '../../trpc/init';
import { askedPage, optionalPagingInput, pageWindow, sendPagingHeaders } from '../../contract/list-paging';
import { withPathParameters } from '../../contract/wire-schemas';
import { adminProductOutput, productDeleteOutput, productIdInput, productInputBody, toAdminProductDto } from './product.schema';
import { createProduct, deleteProduct, liveProduct, ownerProducts, updateProduct } from './products.service';
import { replaceVariants, variantsOf } from './variants';
import { variantsInputBody } from './variant.schema';
import type { IProduct } from './product.entity';
import type { SqlSource } from '../../db/sql';

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
    .concat(withOutput(z.array(adminProductOutput)))
    .query(async ({ ctx, input }) => {
      const paging = askedPage(input);
      const [products, total] = await ownerProducts(ctx.em, paging && pageWindow(paging));
      if (paging) sendPagingHeaders(ctx, paging, total);
      const variants = await ownerVariants(ctx.db, products);
      return products.map((product) => toAdminProductDto(product, variants));
    }),

  create: adminProcedure
    .meta({ openapi: { method: 'POST', path: '/products', tags: ['admin', 'products'], summary: 'Add a product', protect: true } })
    .concat(withInput(productInputBody))
    .concat(withOutput(adminProductOutput))
    .mutation(async ({ ctx, input }) => toAdminProductDto(await createProduct(ctx.em, input))),

  update: adminProcedure
    .meta({ openapi: { method: 'PUT', path: '/products/{id}', tags: ['admin', 'products'], summary: 'Change a product', protect: true } })
    .concat(withInput(withPathParameters(productInputBody, productIdInput.shape)))
    .concat(withOutput(adminProductOutput))
    .mutation(async ({ ctx, input: { id, ...values } }) => {
      const product = await updateProduct(ctx.em, id, values);
      return toAdminProductDto(product, await ownerVariants(ctx.db, [product]));
    }),

  // D38: the product's options and variants, all at once (the product form's Options and variants section).
  replaceVariants: adminProcedure
    .meta({
      openapi: {
        method: 'PUT',
        path: '/products/{id}/variants',
        tags: ['admin', 'products'],
        summary:
          "Replace a product's options and variants in one transaction (a variant no longer sent is deleted, or switched off when it has orders)",
        protect: true,
      },
    })
    .concat(withInput(withPathParameters(variantsInputBody, productIdInput.shape)))
    .concat(withOutput(adminProductOutput))
    .mutation(async ({ ctx, input: { id, ...values } }) => {
      await replaceVariants(ctx.db, id, values);
      const product = await liveProduct(ctx.em, id);
      return toAdminProductDto(product, await ownerVariants(ctx.db, [product]));
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
    .concat(withInput(productIdInput))
    .concat(withOutput(productDeleteOutput))
    .mutation(async ({ ctx, input }) => ({
      success: true as const,
      ...(await deleteProduct(ctx.em, input.id, ctx.services.lookups.productWasOrdered)),
    })),
});

/** The variants of the owner's products that have options, switched-off ones too. */
const ownerVariants = (db: SqlSource, products: readonly IProduct[]) =>
  variantsOf(
    db,
    products.filter((product) => product.options.length > 0).map((product) => product.id),
    true,
  );

import { z } from 'zod';
import { categorySchema, sortOptionSchema } from '../../domain/categories';
import { MAX_SHOP_PAGE, SHOP_PAGE_SIZE } from '../../domain/shop-page';
import { publicProcedure, router, withInput, withOutput } from '../../trpc/init';
import { askedPage, optionalPagingInput, pageWindow, sendPagingHeaders } from '../../contract/list-paging';
import { cardOutput, productIdInput, productOutput, toCardDto, toProductDto } from './product.schema';
import { featuredProducts, liveProduct, shopCards, shopProducts } from './products.service';
import { variantsOf } from './variants';

const listInput = z.object({
  search: z.string().trim().max(200).describe('Text to find in the name or description (any case)').optional(),
  // docs/product.md section 7: the shop sends '' for 'All Categories'; 'all' and no value mean the same.
  category: z
    .union([categorySchema, z.literal('all'), z.literal('')])
    .describe("Only this category; 'all' or empty for every category")
    .optional(),
});

export const productsRouter = router({
  featured: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/products/featured',
        tags: ['products'],
        summary: 'Featured products for Home, in the order they were added (all, or a page when page or pageSize is given)',
      },
    })
    .concat(withInput(optionalPagingInput.optional()))
    .concat(withOutput(z.array(productOutput)))
    .query(async ({ ctx, input }) => {
      const paging = askedPage(input);
      const [products, total] = await featuredProducts(ctx.em, paging && pageWindow(paging));
      if (paging) sendPagingHeaders(ctx, paging, total);
      const variants = await variantsOf(ctx.db, withOptions(products));
      return products.map((product) => toProductDto(product, variants));
    }),

  list: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/products',
        tags: ['products'],
        summary:
          'The shop: products matching a search text (name or description) and a category; featured first, then newest (all, or a page when page or pageSize is given)',
      },
    })
    .concat(withInput(listInput.extend(optionalPagingInput.shape)))
    .concat(withOutput(z.array(productOutput)))
    .query(async ({ ctx, input: { search, category, ...pageInput } }) => {
      const paging = askedPage(pageInput);
      const [products, total] = await shopProducts(
        ctx.em,
        { search, category: category === 'all' || category === '' ? undefined : category },
        paging && pageWindow(paging),
      );
      if (paging) sendPagingHeaders(ctx, paging, total);
      const variants = await variantsOf(ctx.db, withOptions(products));
      return products.map((product) => toProductDto(product, variants));
    }),

  // The shop page (tRPC only; the REST mirror's list is docs/product.md's whole array): its cards, sorted and cut to
  // `limit` on the server, so the page carries what it shows and asks for more when the shopper wants them.
  shopPage: publicProcedure
    .concat(
      withInput(
        listInput.extend({
          sort: sortOptionSchema.default('featured'),
          limit: z.number().int().min(1).max(MAX_SHOP_PAGE).default(SHOP_PAGE_SIZE),
        }),
      ),
    )
    .concat(withOutput(z.object({ products: z.array(cardOutput), total: z.number().int() })))
    .query(async ({ ctx, input: { search, category, sort, limit } }) => {
      const page = await shopCards(ctx.db, { search, category: category === 'all' || category === '' ? undefined : category }, sort, limit);
      return { products: page.products.map(toCardDto), total: page.total };
    }),

  byId: publicProcedure
    .meta({ openapi: { method: 'GET', path: '/products/{id}', tags: ['products'], summary: 'One product of the shop' } })
    .concat(withInput(productIdInput))
    .concat(withOutput(productOutput))
    .query(async ({ ctx, input }) => {
      const product = await liveProduct(ctx.em, input.id);
      return toProductDto(product, await variantsOf(ctx.db, withOptions([product])));
    }),
});

/** The ids of the products that have options (D38): only theirs have variants to read (none for SPEC's catalogue). */
const withOptions = (products: readonly { id: number; options: readonly unknown[] }[]): number[] =>
  products.filter((product) => product.options.length > 0).map((product) => product.id);

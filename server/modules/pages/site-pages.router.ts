import { z } from 'zod';
import { publicProcedure, router, withInput, withOutput } from '../../trpc/init';
import { sitePageOutput, toSitePageDto } from './site-page.output';
import { sitePage } from './site-pages.service';

/** The page's slug in an address: a known one is found, any other is a 404 naming the pages there are. */
export const slugInput = z.string().trim().min(1).max(40).describe('The page: privacy, terms, returns, shipping or accessibility');

// The public side of the owner's pages: one page, as /privacy, /terms... show it.
export const sitePagesRouter = router({
  bySlug: publicProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/pages/{slug}',
        tags: ['pages'],
        summary: "One of the shop's pages (privacy, terms, returns, shipping, accessibility)",
      },
    })
    .concat(withInput(z.object({ slug: slugInput })))
    .concat(withOutput(sitePageOutput))
    .query(async ({ ctx, input }) => toSitePageDto(await sitePage(ctx.em, input.slug))),
});

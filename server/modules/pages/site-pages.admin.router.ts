import { z } from 'zod';
import { namedInput, withPathParameters } from '../../contract/wire-schemas';
import { sitePageInput } from '../../domain/site-page-input';
import { adminProcedure, router, withInput, withOutput } from '../../trpc/init';
import { renderPostContent } from '../blog';
import { sitePagePreviewOutput, sitePageSourceOutput, toSitePageSourceDto } from './site-page.output';
import { sitePage, sitePages, updateSitePage } from './site-pages.service';
import { slugInput } from './site-pages.router';

const input = namedInput(sitePageInput, 'SitePageInput', 'A page as the owner writes it: its title and its text in Markdown.', {
  title: 'Returns & Refunds',
  body: '## 30-day satisfaction guarantee\n\nIf you are not happy with a piece...',
});

const previewInput = namedInput(
  z.object({ body: sitePageInput.shape.body }),
  'SitePagePreviewInput',
  'Markdown to render as the page would show it; nothing is saved.',
  { body: '## 30-day satisfaction guarantee\n\nIf you are not happy with a piece...' },
);

const slug = { slug: slugInput };

// The owner's side of the pages every shop has (docs/admin.md): read them all, save one, preview a text unsaved.
export const sitePagesAdminRouter = router({
  list: adminProcedure
    .meta({
      openapi: {
        method: 'GET',
        path: '/admin/pages',
        tags: ['admin', 'pages'],
        summary: "The shop's pages, with their Markdown",
        protect: true,
      },
    })
    .concat(withOutput(z.array(sitePageSourceOutput)))
    .query(async ({ ctx }) => (await sitePages(ctx.em)).map(toSitePageSourceDto)),

  update: adminProcedure
    .meta({
      openapi: {
        method: 'PUT',
        path: '/admin/pages/{slug}',
        tags: ['admin', 'pages'],
        summary: "Save one of the shop's pages",
        protect: true,
      },
    })
    .concat(withInput(withPathParameters(input, slug)))
    .concat(withOutput(sitePageSourceOutput))
    .mutation(async ({ ctx, input: { slug, ...values } }) => toSitePageSourceDto(await updateSitePage(ctx.em, slug, values))),

  preview: adminProcedure
    .meta({
      openapi: {
        method: 'POST',
        path: '/admin/pages/{slug}/preview',
        tags: ['admin', 'pages'],
        summary: "A page's Markdown rendered as the storefront would show it, not saved",
        protect: true,
      },
    })
    .concat(withInput(withPathParameters(previewInput, slug)))
    .concat(withOutput(sitePagePreviewOutput))
    .mutation(async ({ ctx, input }) => {
      // The page must exist, so the preview's address is one of the pages'.
      await sitePage(ctx.em, input.slug);
      return { html: renderPostContent(input.body) };
    }),
});

import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

// A page every shop must have (server/domain/site-pages.ts), keyed by its slug. The rows come with the migration that
// made the table (Migration20261202150000, with starting texts); the owner only edits them.
export const SitePage = defineEntity({
  name: 'SitePage',
  tableName: 'site_page',
  properties: {
    slug: p.string().length(40).primary(),
    title: p.string().length(200),
    body: p.text(),
    /** True until the owner first saves the page: still the text the shop came with. */
    startingText: p.boolean().default(false),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
});

export type ISitePage = InferEntity<typeof SitePage>;

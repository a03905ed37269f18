import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

export const BlogPost = defineEntity({
  name: 'BlogPost',
  tableName: 'blog_post',
  properties: {
    id: p.integer().primary().autoincrement(),
    title: p.string().length(200),
    slug: p.string().length(200).unique(),
    excerpt: p.text(),
    content: p.text(),
    imageUrl: p.string().length(500),
    published: p.boolean().default(false),
    publishedAt: p.datetime().nullable(),
    createdAt: p.datetime().onCreate(() => new Date()),
    updatedAt: p
      .datetime()
      .onCreate(() => new Date())
      .onUpdate(() => new Date()),
  },
  indexes: [{ name: 'blog_post_published_idx', properties: ['published', 'publishedAt'] }],
});

export type IBlogPost = InferEntity<typeof BlogPost>;

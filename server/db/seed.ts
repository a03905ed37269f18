import type { EntityManager } from '@mikro-orm/postgresql';
import { ServerSetting } from '../modules/admin/admin-session.entity';
import { BlogPost } from '../modules/blog/blog-post.entity';
import { Product } from '../modules/products/product.entity';
import { demoPosts, demoProducts } from './seed-data';

const SEEDED_KEY = 'demo-data-seeded-at';

/**
 * Puts the demo catalogue into a database that has never held any: the first start of a fresh install.
 * A marker row makes this run once, so an owner who empties the shop never sees the demo come back.
 */
export async function seedDemoData(em: EntityManager): Promise<boolean> {
  return em.transactional(async (tem) => {
    // The marker first: one seeder at a time, even with several app instances starting together. Another
    // instance's insert of it waits for this transaction to end, then inserts nothing.
    const marked = await tem
      .createQueryBuilder(ServerSetting)
      .insert({ key: SEEDED_KEY, value: new Date().toISOString() })
      .onConflict('key')
      .ignore()
      .execute<{ affectedRows: number }>('run');
    if (marked.affectedRows === 0) return false;
    const hasData = (await tem.count(Product)) > 0 || (await tem.count(BlogPost)) > 0;
    if (!hasData) {
      // One day apart in list order (the last is the newest), so 'Newest First' has something to sort.
      const created = Date.now() - demoProducts.length * 86_400_000;
      demoProducts.forEach((product, index) =>
        tem.create(Product, { ...product, archived: false, createdAt: new Date(created + index * 86_400_000) }),
      );
      for (const post of demoPosts) {
        tem.create(BlogPost, {
          ...post,
          publishedAt: post.publishedAt ? new Date(post.publishedAt) : null,
          createdAt: new Date(post.publishedAt ?? Date.now()),
        });
      }
    }
    return !hasData;
  });
}

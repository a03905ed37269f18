import { sql } from './sql';
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
    // One seeder at a time, even with several app instances starting together.
    // On the transaction's own connection: a lock taken outside it would end at once.
    await sql(tem).query('select pg_advisory_xact_lock(727001)');
    const seeded = await tem.findOne(ServerSetting, { key: SEEDED_KEY });
    if (seeded) return false;
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
    tem.create(ServerSetting, { key: SEEDED_KEY, value: new Date().toISOString() });
    return !hasData;
  });
}

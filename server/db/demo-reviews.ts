import type { SqlRunner } from './sql';

// The demo catalogue's reviews (D37): approved, marked `is_demo`, on a few demo products, so a fresh demo shop reads as
// SPEC's did; written only where the demo seed runs (seed.ts), never by a real shop's start. Each names its product
// (and variant) by the demo's own names; one carries the workshop's reply.

interface DemoReview {
  product: string;
  /** The variant's title (D38), for a product with options. */
  variant?: string;
  rating: number;
  title: string;
  body: string;
  authorName: string;
  daysAgo: number;
  reply?: string;
}

export const demoReviews: DemoReview[] = [
  {
    product: 'Walnut Yarn Bowl with Swirl Slot',
    rating: 5,
    title: 'My mohair finally stays put',
    body: 'The slot is sanded so smooth that even my fuzziest mohair glides through without a snag, and the bowl is heavy enough that it never tips when I tug. The walnut grain is gorgeous in person.',
    authorName: 'Margaret H.',
    daysAgo: 41,
    reply: 'Thank you, Margaret! That bowl came from a storm-felled walnut near the shop, so it makes us glad to hear it found a knitter.',
  },
  {
    product: 'Walnut Yarn Bowl with Swirl Slot',
    rating: 4,
    title: 'Beautiful, a little smaller than I pictured',
    body: 'Holds a standard skein with room to spare, but a big cake of bulky yarn is a squeeze. The finish and the swirl are lovely and it sits on my side table even when I am not knitting.',
    authorName: 'Dana R.',
    daysAgo: 18,
  },
  {
    product: 'Cherry Yarn Bowl with Curled Slot',
    rating: 5,
    title: 'A gift that made my sister cry',
    body: 'Bought this for my sister who has knit for forty years. She says it is the nicest tool in her basket. It came wrapped carefully with a little card about the wood.',
    authorName: 'Paul K.',
    daysAgo: 27,
  },
  {
    product: 'End-Grain Maple Butcher Block',
    rating: 5,
    title: 'Kind to my knives',
    body: 'The end grain really does close back up after cutting, and my chef knife stays sharp much longer than on my old bamboo board. It is heavy, so it stays where I put it.',
    authorName: 'Luis M.',
    daysAgo: 33,
  },
  {
    product: 'End-Grain Maple Butcher Block',
    rating: 3,
    title: 'Lovely board, needed oiling sooner than expected',
    body: 'Solid and well made, but after a few weeks of daily use it looked dry and I had to oil it. Once I did, it looked great again. Worth knowing before you buy.',
    authorName: 'Beth A.',
    daysAgo: 9,
  },
  {
    product: 'Classic Maple Swirlette',
    rating: 5,
    title: 'Spins forever',
    body: 'My kids and I timed it at over a minute on the kitchen table. It is perfectly balanced and the maple is silky. Ordering the walnut one next.',
    authorName: 'Grace T.',
    daysAgo: 22,
  },
  {
    product: 'Cherry Honey Dipper',
    rating: 4,
    title: 'Pretty and practical',
    body: 'Drips far less than a spoon and the cherry has darkened nicely after a month on the counter. I wish the handle were a touch longer for tall jars.',
    authorName: 'Omar S.',
    daysAgo: 14,
  },
  {
    product: 'Yarn Bowl in Three Woods',
    variant: 'Walnut',
    rating: 5,
    title: 'The walnut is even darker than the photo',
    body: 'Chose walnut and it is a deep chocolate with a lighter streak near the rim. The inside is smooth as glass. Shipping was quick and the packing was plastic-free.',
    authorName: 'Ingrid L.',
    daysAgo: 6,
  },
];

/** Writes the demo reviews as approved (is_demo), each on its demo product (and variant) found by name. */
export async function seedDemoReviews(tx: SqlRunner): Promise<void> {
  await tx.query(
    `insert into review (product_id, variant_id, variant, rating, title, body, author_name, status, reply, replied_at, is_demo,
                         created_at, updated_at)
     select p.id, v.id, x.variant, x.rating, x.title, x.body, x."authorName", 'approved', x.reply,
            case when x.reply is null then null else now() - make_interval(days => x."daysAgo") + interval '1 day' end, true,
            now() - make_interval(days => x."daysAgo"), now()
       from jsonb_to_recordset($1::jsonb) as x(n int, product text, variant text, rating int, title text, body text, "authorName" text,
                                               "daysAgo" int, reply text)
       join product p on p.name = x.product
       left join product_variant v on v.product_id = p.id and array_to_string(v.option_values, ' / ') = x.variant
      order by x.n`,
    [JSON.stringify(demoReviews.map((review, n) => ({ ...review, n })))],
  );
}

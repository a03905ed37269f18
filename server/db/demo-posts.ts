import type { DemoPost } from './seed-data';

export const demoPosts: DemoPost[] = [
  {
    title: 'Turning Green Wood into Yarn Bowls',
    slug: 'turning-green-wood-into-yarn-bowls',
    excerpt:
      'Why most of our yarn bowls start life as a wet log, and how a bowl spends a whole season drying in paper bags before it ever meets your yarn.',
    imageUrl: '/images/blog/turning-green-wood-into-yarn-bowls.svg',
    published: true,
    publishedAt: '2025-03-18T14:00:00.000Z',
    content: `Most people are surprised to hear that the yarn bowl on their side table was once a log so wet it sprayed water across the shop. Nearly every bowl we make starts out as **green wood**: freshly cut, full of sap, and far easier to turn than a dry board.

## Why we turn it wet

Green wood cuts like cold butter. The shavings come off the gouge in long ribbons instead of dust, the tools stay sharp longer, and we can hollow a deep bowl in a fraction of the time. The catch is that wet wood moves as it dries. A bowl turned to its final shape straight from the log will warp into an oval, and it may crack.

So we turn every bowl **twice**.

## The two-turning method

1. **Rough-turn.** We mount a half-log on the lathe and turn a bowl with walls about one tenth as thick as the bowl is wide. A ten-inch bowl gets a wall of roughly an inch.
2. **Seal the end grain.** A coat of wax emulsion on the rim and foot slows down the drying where the wood loses water fastest.
3. **Dry it slowly.** The rough bowls go into paper grocery bags, stacked on shelves away from the wood stove. We weigh each one every couple of weeks and write the weight on the bag.
4. **Wait.** When the weight stops dropping, usually after three to six months, the bowl is dry. It has also warped, which is exactly what the thick walls were for.
5. **Final-turn.** Back on the lathe, we true up the warped bowl, bring the walls down to their final thickness and cut the foot.

## Cutting the slot

Only after the final turning do we cut the swirl slot that makes a yarn bowl a yarn bowl. We drill the hole first, then cut the curl with a coping saw and a small drum sander. The last job is the slowest: sanding the inside of the slot by hand, through the grits to 600, until a strand of mohair slides through without a single snag.

## Why it is worth it

Twice-turned bowls are *stable*. Because the wood has already done its moving before the final cut, your bowl stays round through humid Georgia summers and dry winter heating. It also means we can use wood that would otherwise be firewood: storm-felled cherry, a neighbor's walnut, the maple that came down across a fence line.

If you have ever wondered why a handmade yarn bowl takes a while to restock, now you know. Somewhere on our shelves, in a brown paper bag, your next one is quietly drying.`,
  },
  {
    title: 'How to Care for Your Wooden Cutting Board',
    slug: 'how-to-care-for-your-cutting-board',
    excerpt: 'Five minutes a month is all a good board needs. Here is how we wash, oil and refresh the cutting boards in our own kitchen.',
    imageUrl: '/images/blog/how-to-care-for-your-cutting-board.svg',
    published: true,
    publishedAt: '2025-06-10T13:30:00.000Z',
    content: `A well-made wooden cutting board can outlive the person who bought it. The secret is not a special product; it is a simple routine. Here is the one we follow in our own kitchen.

## Every day: wash and dry

- **Wash by hand** with warm water and a little dish soap. Scrub, rinse, and you are done.
- **Dry it standing up.** Wipe it down with a towel and stand it on its edge so both faces can breathe. A board left flat on a wet counter will cup.
- **Never use the dishwasher.** The heat and the long soak will crack the glue lines and raise the grain. This is the one rule you really cannot break.
- **Do not soak it** in the sink, for the same reason.

## Every month: oil it

When the board starts to look pale or feels dry and fuzzy, it is thirsty. Give it a drink:

1. Make sure the board is clean and completely dry.
2. Pour on a generous puddle of **food-safe mineral oil**.
3. Spread it over every surface, including the edges and the underside, with a clean cloth or your hand.
4. Let it soak in for a few hours, or overnight for an end-grain board.
5. Wipe off whatever is still sitting on the surface.

*Avoid cooking oils* such as olive or vegetable oil. They can turn rancid in the wood and give the board a stale smell.

## Every few months: board butter

Board butter is mineral oil thickened with beeswax. After oiling, rub in a thin coat, let it sit for twenty minutes and buff it off. The wax gives the surface a soft sheen and helps water bead up instead of soaking in. We use the same blend on every board before it leaves the shop.

## Stains, smells and knife marks

- **Smells** from onion or garlic: rub the board with coarse salt and half a lemon, then rinse.
- **Stains**: a paste of baking soda and water, scrubbed gently, lifts most of them.
- **Deep knife marks**: sand lightly with 220-grit paper along the grain, then re-oil. An end-grain board hides marks better than any other, because the fibers close up around the cut.

## A note on juice grooves

If your board has a juice groove, give it an extra pass with the brush when you wash it, and make sure it is dry before you put the board away.

Treat your board this way and it will only get better with age. The oil deepens the color, the small marks become part of its story, and one day it will be the board someone else remembers cooking on.`,
  },
  {
    title: 'From Log to Lathe: Where Our Wood Comes From',
    slug: 'from-log-to-lathe',
    excerpt:
      'We have never cut down a tree to make a bowl. Here is where our walnut, cherry and maple really come from, and what happens between the log pile and the lathe.',
    imageUrl: '/images/blog/from-log-to-lathe.svg',
    published: true,
    publishedAt: '2025-09-14T14:00:00.000Z',
    content: `People often ask where we buy our wood. The honest answer is that we hardly buy any. Almost every bowl, board and swirlette in the shop comes from a tree that was coming down anyway.

## Where the logs come from

- **Storms.** After a summer thunderstorm, the phone rings. A neighbor has a cherry across the driveway, or a walnut limb on the shed, and would we like it?
- **Tree services.** A few local arborists know us by now. Rather than chipping a straight section of maple, they drop it off at the shop.
- **Development and clearing.** When a lot is cleared for a house, we ask for the good hardwood before it goes to the burn pile.
- **Salvage.** Old barns, church pews and even a 1920s farmhouse door have given us beautiful reclaimed wood for smaller pieces.

We have *never* cut down a living tree to make a bowl, and we do not plan to start.

## Reading a log

Not every log is worth turning. Before we pick up the chainsaw, we look for a few things:

1. **Cracks at the ends.** Checks that run deep toward the pith mean a lot of waste.
2. **Nails and fence wire.** Yard trees often hide metal. We scan suspicious spots with a metal detector, because hitting a nail with a chainsaw, or worse, a lathe gouge, ruins a good day.
3. **Figure.** Burls, crotches and spalting make the most striking bowls, but they are also the most likely to crack. They get our most careful treatment.

## From round to blank

We cut the log lengthwise through the pith, because the pith almost always cracks. Each half becomes one or two **bowl blanks**, which we trim round on the bandsaw so they spin without shaking the lathe. Long, straight pieces go to the sawmill down the road and come back as boards, which air-dry in a stack with spacers for a year per inch of thickness before they become cutting boards.

The offcuts are not wasted either. Small pieces become swirlettes, honey dippers and pen blanks, and the shavings go to a friend's chicken coop and into our garden beds.

## Why it matters

Using local, salvaged wood means each piece carries a little bit of its story. Your cutting board might be the walnut that shaded a porch for sixty years. Your yarn bowl might be the cherry that fell in last spring's storm. We think that is worth a lot more than anything we could order from a catalogue.

If a hardwood tree is coming down near you, get in touch. We may be able to give it a second life.`,
  },
  {
    title: 'What Makes a Swirlette Spin So Long?',
    slug: 'what-makes-a-swirlette-spin',
    excerpt:
      'Balance, mass and a very small point: a little physics from the lathe, and why some of our tops spin for two minutes while others give up in ten seconds.',
    imageUrl: '/images/blog/what-makes-a-swirlette-spin.svg',
    published: false,
    publishedAt: null,
    content: `Every swirlette that leaves the shop gets a test spin on the kitchen table. The good ones keep going for well over a minute. The bad ones wobble, skate across the table and fall over in ten seconds. The difference comes down to a handful of things we have learned, mostly the hard way.

## Put the weight on the outside

A spinning top keeps spinning because of its **angular momentum**, and the further its mass sits from the center, the more momentum it stores for the same twirl of your fingers. That is why our *flared* swirlettes, with their wide thin discs, spin the longest. It is the same reason a figure skater spins faster when she pulls her arms in, only in reverse.

## Keep the center of gravity low

A top with its weight up high is like a pencil balanced on its point: the smallest wobble grows until it topples. We shape our tops so the widest, heaviest part sits close to the tip. A low center of gravity lets the top recover from a wobble instead of falling over.

## Make it perfectly round

Any lopsidedness makes the top shake as it spins, and shaking wastes energy. Because we turn every swirlette on the lathe in a single setup, the body, stem and point all share the same axis. We also choose wood with even density. A knot or a streak of heavy heartwood on one side is enough to make a top dance off the table.

## A small, hard point

Friction at the tip is what finally stops a top. A sharp point would dig in, and a blunt one would drag, so we aim for a small, slightly rounded tip, burnished hard with a scrap of shavings while the lathe is still running.

## How to get the best spin

- Use a **smooth, hard surface**: a kitchen table, a plate or an upturned bowl.
- Hold the stem between your thumb and middle finger and **snap** rather than twist.
- Start it *upright*. A top launched at an angle spends its energy correcting itself.

## What is next

We are experimenting with swirlettes that have a heavier wood inlaid around the rim, walnut inside maple, to push more mass outward. So far the record in the shop stands at two minutes and fourteen seconds. We will let you know when we beat it.`,
  },
];

import { Migration } from '@mikro-orm/migrations';

// The pages every shop must have, written by the owner (issue 45): privacy, terms, returns and refunds, shipping,
// accessibility. One row each, keyed by its slug (its address: /privacy ...), Markdown in `body`. `starting_text`
// is true until the owner first saves the page: the admin shows "Starting text, review it" until then. A save tells
// the caches as a product's or a post's does (the catalogue's change notice, Migration20261122170500).
//
// The starting texts live here, not in a file the code also reads: a migration must say the same thing forever,
// and the texts are the database's from now on (the owner edits them in the admin). They describe this shop as it
// works today (docs/decisions.md D5 shipping, the product page's 30-day guarantee, commissions' deposits, the admin's
// session cookie only, no analytics unless the owner adds a tag), each opening with a notice to review it.
const REVIEW_NOTICE = (what: string) =>
  `> **Starting text: review before opening the shop.** Turnery's software wrote this ${what} from how the shop works ` +
  `today. It is not legal advice. Read it, change whatever does not match how you really work, and have it checked ` +
  `by a lawyer before the shop opens. This notice goes away when you delete it and save.`;

const PRIVACY = `${REVIEW_NOTICE('privacy policy')}

Turnery is a small woodturning workshop in Georgia, USA. This page says what we learn about you when you use this
website, why, who else sees it, and what you can ask us to do with it.

## What we collect, and why

- **When you order**: your name, email address, phone number, shipping address and billing address, and what you
  bought. We use them to make, ship and support your order, to email you its confirmation and updates, and to keep
  the records a business must keep for taxes.
- **When you request a custom piece**: your name, email address, your description of the piece, the state it ships
  to, and any photos you upload. We use them to quote, make and ship your piece and to email you about it. Photos are
  stripped of their location and camera data when you upload them.
- **When you write to us** with the contact form: your name, email address and message, to answer you.
- **When you subscribe to the newsletter**: your email address, to send you the newsletter. Every newsletter email
  has a link to unsubscribe at once.

We do not sell your information, and we do not use it for anything other than what is listed here.

## Payments

Card payments are processed by Square and PayPal payments by PayPal. You type your card details into their secure
forms; we never see or store your full card number. We keep a record of each payment (its amount, the provider's
payment reference, and for cards the last four digits) to match payments with orders and to make refunds. Square's
and PayPal's own privacy policies cover what they do with your details.

## Cookies and storage in your browser

- The shop sets **no cookies** for visitors. Your cart is kept in your own browser's storage (localStorage) so it
  is still there when you come back; it is never sent to us until you check out.
- The only cookie is the shop owner's sign-in cookie for the administration pages.
- We do not run advertising or tracking scripts. [Owner: if you add an analytics tag such as Google Analytics, say
  so here, name the provider, and link to its privacy policy.]

## Who else sees your information

Only the companies that help us run the shop, and only what they need: the payment processors (Square, PayPal), the
carrier that delivers your parcel (your name, address and phone), our email delivery service (to send you order
and newsletter emails), and our hosting provider. We share information with authorities only when the law requires it.

## How long we keep it

Orders and payment records are kept as long as tax and accounting law requires. Contact messages and custom-order
requests are kept while we are talking with you and for a reasonable time after. Newsletter addresses are kept until
you unsubscribe. [Owner: name the periods you actually use.]

## Your choices

You may ask us what we hold about you, ask us to correct it, or ask us to delete what we are not required to keep.
Write to us through the [contact page](/contact) and we will answer within 24 hours on business days.

## Children

This shop is not meant for children under 13, and we do not knowingly collect their information.

## Changes

When we change this policy, we update the date at the top of this page.
`;

const TERMS = `${REVIEW_NOTICE('terms of service')}

These terms apply when you use the Turnery website or buy from us. By placing an order or requesting a custom
piece, you agree to them.

## Who we are

Turnery is a small woodturning workshop in Georgia, USA. You can reach us through the [contact page](/contact).

## Our pieces

Every piece is turned by hand from natural wood. Grain, color and figure differ from piece to piece, so the piece
you receive may vary from the photos. These differences are part of handmade work, not defects.

## Prices, tax and payment

Prices are in US dollars. Sales tax for your state and shipping are added at checkout, and the server calculates
both again before you pay. We accept cards (processed by Square) and PayPal. Your order is confirmed when payment
is taken and you receive our confirmation email. If a piece sells out while you check out, we do not take payment
for it; if a payment was taken for an order we cannot fill, we refund it in full.

## Where we ship

We currently ship to addresses in Georgia, North Carolina, South Carolina, Tennessee, Florida and Alabama. See our
[shipping policy](/shipping).

## Custom orders

For a custom piece we send you a written quote with its price, shipping, tax, deposit and lead time, valid until
the date it names. Nothing is charged until you accept a quote and pay its deposit. When the piece is finished,
you pay the balance and we ship it. Custom pieces are made for you, so our [returns policy](/returns) treats them
differently. If you send us your own wood, we do our best with it, but wood can crack or hide flaws that only
show on the lathe; we will tell you before going on if that happens.

## Returns

See our [returns and refunds policy](/returns).

## Use of this website

Please do not misuse the website: no attempts to break in, overload it, or copy its content in bulk. Photos and
text on this site are ours; please ask before using them.

## Liability

We stand behind our work as described in our returns policy. To the extent the law allows, our liability for any
order is limited to the amount you paid for it. Nothing in these terms limits rights you have by law as a consumer.

## Governing law

These terms are governed by the laws of the State of Georgia, USA. [Owner: confirm with your lawyer.]

## Changes

We may update these terms; the date at the top of this page shows the latest version. An order is governed by the
terms in force when it was placed.
`;

const RETURNS = `${REVIEW_NOTICE('returns and refunds policy')}

We want you to love what you bought. If you don't, tell us.

## 30-day satisfaction guarantee

If you are not happy with a piece from our shop, you may return it within 30 days of delivery for a refund, or
exchange it for an item of equal value.

1. Write to us through the [contact page](/contact) and choose the subject **Returns & Exchanges**. Include your
   order number and a few words about what went wrong.
2. We reply within 24 hours on business days with where to send it.
3. Pack the piece well and send it back unused and in the condition you received it. Return shipping is yours to
   pay unless the piece arrived damaged or was not what you ordered.

## Refunds

Once the piece is back with us, we refund the price of the piece to the payment you used (your card through
Square, or your PayPal account), usually within 5 business days. Your bank or PayPal may take a few more days to
show it. We email you when the refund is made. Original shipping is refunded when the return is our mistake.

## Damaged in transit

If a piece arrives damaged, write to us within 7 days of delivery with a photo of the piece and the box. We will
repair, replace or refund it, and you will not pay for shipping.

## Custom orders

A custom piece is made to your request, so it can be returned only if it is damaged or is not what the accepted
quote describes.

- Before you accept a quote, nothing has been charged and you may simply decline.
- If you cancel after paying the deposit but before we start turning, we refund the deposit in full.
- If you cancel once work has begun, we may keep part of the deposit to cover the wood and the time already spent,
  and tell you how much before we refund the rest.

## Questions

Ask us anything through the [contact page](/contact).
`;

const SHIPPING = `${REVIEW_NOTICE('shipping policy')}

## Where we ship

We currently ship within the United States to Georgia, North Carolina, South Carolina, Tennessee, Florida and
Alabama. If you live elsewhere, [write to us](/contact): we may be able to help.

## What it costs

- **Free shipping** on orders of $75.00 or more (before tax).
- Below that, shipping is by the weight of your order: $6.95 for the first 2 lb, plus $1.25 for each further pound
  or part of one.

The checkout shows the exact shipping cost before you pay.

## When it ships

Our pieces are handcrafted to order; most ship within 7-10 business days. Custom orders ship when they are
finished: your quote names the lead time (custom orders typically take 2-4 weeks, depending on complexity).

## Tracking

When your order ships we email you the carrier and its tracking number, and your order's page shows them too.

## Damaged or lost parcels

If your parcel arrives damaged or does not arrive, write to us through the [contact page](/contact) and we will
make it right. See our [returns policy](/returns).
`;

const ACCESSIBILITY = `${REVIEW_NOTICE('accessibility statement')}

We want everyone to be able to browse and buy from Turnery, whatever device or assistive technology they use.

## Our aim

We aim to meet the Web Content Accessibility Guidelines (WCAG) 2.2 at level AA. In particular:

- Every page and form can be used with a keyboard alone, and shows where the keyboard focus is.
- Every form field has a visible label, and errors say which field needs attention and how to fix it.
- Pages are built with headings, landmarks and labels that screen readers announce.
- Text and controls have enough contrast, and pages work when zoomed to 200% and on small phone screens.
- We check our pages with automated accessibility tests (axe) every time we change the website.

## Known limits

- The card payment form is provided by Square and the PayPal buttons by PayPal; their accessibility is in those
  companies' hands.
- Photos of our pieces have short descriptions; the grain and color of natural wood are hard to put into words.
  Ask us and we will describe any piece in more detail.

## Tell us

If something on this website is hard to use, please tell us through the [contact page](/contact). We answer within
24 hours on business days, and we can also take your order by email or phone.
`;

const PAGES: [slug: string, title: string, body: string][] = [
  ['privacy', 'Privacy Policy', PRIVACY],
  ['terms', 'Terms of Service', TERMS],
  ['returns', 'Returns & Refunds', RETURNS],
  ['shipping', 'Shipping', SHIPPING],
  ['accessibility', 'Accessibility', ACCESSIBILITY],
];

export class Migration20261202150000 extends Migration {
  override async up(): Promise<void> {
    this.addSql(`create table if not exists "site_page" (
  "slug" varchar(40) not null primary key check ("slug" in ('privacy', 'terms', 'returns', 'shipping', 'accessibility')),
  "title" varchar(200) not null,
  "body" text not null,
  "starting_text" boolean not null default false,
  "updated_at" timestamptz not null default now()
);`);
    for (const [slug, title, body] of PAGES) {
      this.addSql(
        `insert into "site_page" ("slug", "title", "body", "starting_text") values (${quote(slug)}, ${quote(title)}, ${quote(body)}, true) on conflict ("slug") do nothing;`,
      );
    }
    this.addSql(`create trigger site_page_catalog_changed after insert or update or delete or truncate on "site_page"
  for each statement execute function notify_catalog_changed();`);
  }

  override async down(): Promise<void> {
    this.addSql(`drop table if exists "site_page";`);
  }
}

/** A SQL string literal: the texts hold apostrophes. */
function quote(text: string): string {
  return `'${text.replace(/'/g, "''")}'`;
}

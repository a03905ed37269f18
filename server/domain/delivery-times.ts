// How long a buyer waits, in business days: one setting for every page and email that promises it (issue 46). SPEC
// fixes three of the texts letter for letter, each with its own numbers: the product page's 'ships in 7-10 business
// days', the confirmation's 'Typical processing time is 3-5 business days.' and the success page's 'Crafting
// typically takes 5-7 business days.'. Read as one timeline they agree: processing and crafting both happen within
// the days before the piece ships, and a page that states processing or crafting also states when it ships
// (docs/storefront.md, 'Delivery times').

export interface DaySpan {
  min: number;
  max: number;
}

export const DELIVERY_TIMES = {
  /** From the order to the day the piece leaves the workshop (schema.org's handlingTime). */
  shipsWithin: { min: 7, max: 10 },
  /** The order taken in hand: checked, its wood chosen, put on the lathe's schedule. */
  processing: { min: 3, max: 5 },
  /** The turning and finishing itself. */
  crafting: { min: 5, max: 7 },
} as const satisfies Record<string, DaySpan>;

const days = ({ min, max }: DaySpan) => `${min}-${max} business days`;

/** The product page's promise (SPEC section 9). */
export const SHIPS_IN_TEXT = `Handcrafted to order, ships in ${days(DELIVERY_TIMES.shipsWithin)}`;
/** The order confirmation's last step (SPEC's 'What Happens Next?'). */
export const PROCESSING_TEXT = `Typical processing time is ${days(DELIVERY_TIMES.processing)}.`;
/** The PayPal success page's (SPEC's /checkout/success). */
export const CRAFTING_TEXT = `Crafting typically takes ${days(DELIVERY_TIMES.crafting)}.`;
/** Beside processing or crafting: when the piece ships, as the product page said. */
export const SHIPS_WITHIN_TEXT = `Handcrafted to order, it ships within ${days(DELIVERY_TIMES.shipsWithin)} of your order.`;

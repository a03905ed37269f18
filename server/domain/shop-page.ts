/** Cards the shop page shows at first, and adds each time the shopper asks for more. */
export const SHOP_PAGE_SIZE = 48;

/** The most cards one request may ask for (the REST list has no limit; this keeps a request's work bounded). */
export const MAX_SHOP_PAGE = 10_000;

// docs/product.md shows no length bounds for a contact message; these keep one message to what a person writes and
// what the table holds. Apart from contact-form.ts so the page can use them without loading zod.
export const CONTACT_LIMITS = { name: 100, email: 254, message: 5000 } as const;

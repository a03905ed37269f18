/** docs/product.md section 2: three fixed testimonials, part of the client (not from the server). */
export interface Testimonial {
  name: string;
  label: 'Customer' | 'Verified Purchase';
  text: string;
  initials: string;
}

export const TESTIMONIALS: readonly Testimonial[] = [
  {
    name: 'Margaret Ellis',
    label: 'Verified Purchase',
    text: 'My yarn bowl is the prettiest thing in my knitting corner. The yarn glides through the slot without a single snag, and the cherry glows in the afternoon light.',
    initials: 'ME',
  },
  {
    name: 'David Okafor',
    label: 'Customer',
    text: 'I bought the end-grain butcher block as a wedding gift and ended up ordering a second one for our own kitchen. Heavy, flat and beautifully finished.',
    initials: 'DO',
  },
  {
    name: 'Rosa Delgado',
    label: 'Verified Purchase',
    text: 'The swirlettes were a hit with my grandchildren. You can tell each one was turned by hand, and the workshop answered my questions the same day.',
    initials: 'RD',
  },
];

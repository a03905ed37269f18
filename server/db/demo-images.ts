// Paths of the shipped product images (public/images/products).
export const image = (slug: string): string => `/images/products/${slug}.svg`;
export const gallery = (slug: string): string[] => [image(slug), image(`${slug}-2`), image(`${slug}-3`)];

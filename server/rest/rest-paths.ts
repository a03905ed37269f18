// A REST path as procedures declare it (`/products/{id}`), read the way trpc-to-openapi read it, so that the
// addresses the mirror answers and the document states stay those the shop has always served.

/** The path with one leading slash and no trailing one: `products/{id}/` is `/products/{id}`. */
export function normalizePath(path: string): string {
  return `/${path.replace(/^\/|\/$/g, '')}`;
}

/** The names of the path's parameters, in order: `/orders/{id}/refunds` has `id`. */
export function pathParameters(path: string): string[] {
  return Array.from(path.matchAll(/\{(.+?)\}/g), ([, name]) => name!);
}

/** What matches the path, each parameter a named group of one segment (letters in any case, as before). */
export function pathRegExp(path: string): RegExp {
  return new RegExp(`^${path.replace(/\{(.+?)\}/g, (_, name: string) => `(?<${name}>[^/]+)`)}$`, 'i');
}

// Where signing in leads: back to the admin page the visitor asked for (a bookmark, a link in an email), never to
// another site or a page outside the admin.

const ADMIN_PATH = /^\/admin(?:\/[A-Za-z0-9-]+)*\/?$/;

/** The login page's query for a visitor who asked for `path` (none for the dashboard itself). */
export const loginSearch = (path: string): { next?: string } => (path === '/admin' || !ADMIN_PATH.test(path) ? {} : { next: path });

/** The page to open after signing in, from the login page's query: its `next` when it is an admin page, else /admin. */
export function returnPath(search: string): string {
  const next = new URLSearchParams(search).get('next');
  return next !== null && ADMIN_PATH.test(next) ? next : '/admin';
}

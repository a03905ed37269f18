/**
 * Gives focus back to `opener` after a drawer or dialog closed, unless focus went somewhere on purpose meanwhile
 * (a link in the drawer opened a new page, whose heading took focus). Mantine's own return of focus misses a
 * drawer that mounts already open, as the lazily loaded ones here do, and then focus falls to the page's top.
 */
export function returnFocus(opener: HTMLElement | null | undefined) {
  const current = document.activeElement;
  const lost = !current || current === document.body || current.closest('[role="dialog"]') !== null;
  if (lost && opener?.isConnected) opener.focus();
}

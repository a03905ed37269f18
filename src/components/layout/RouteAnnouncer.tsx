import { useRouter } from '@tanstack/react-router';
import { useEffect, useState } from 'react';

/**
 * After a client-side navigation, moves focus to the new page's heading (the main region until it has loaded) and
 * tells screen readers which page opened, politely; the first page of a visit keeps the browser's own behaviour.
 * Changes of the address's query (the shop's filters) are not new pages.
 */
export function RouteAnnouncer() {
  const router = useRouter();
  const [message, setMessage] = useState('');
  useEffect(() => {
    const focusHeading = (heading: HTMLElement) => {
      if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
      heading.focus();
      setMessage(heading.textContent?.trim() || document.title);
    };
    let lastPath = router.state.location.pathname;
    return router.subscribe('onResolved', ({ toLocation }) => {
      if (toLocation.pathname === lastPath) return;
      lastPath = toLocation.pathname;
      // After the new page has painted (its code and data were loaded before onResolved).
      requestAnimationFrame(() => {
        const main = document.querySelector<HTMLElement>('main');
        const heading = main?.querySelector<HTMLElement>('h1');
        if (heading) return focusHeading(heading);
        // Still loading (an order's confirmation): the main region holds focus until the page's heading arrives.
        main?.focus();
        setMessage(document.title);
        if (main) waitForHeading(main, focusHeading);
      });
    });
  }, [router]);
  return (
    <div role="status" aria-live="polite" aria-atomic="true" className="visually-hidden" data-testid="route-announcer">
      {message}
    </div>
  );
}

/** Calls `then` with the region's first h1 once it appears, unless the visitor has moved focus meanwhile (10 s at most). */
function waitForHeading(main: HTMLElement, then: (heading: HTMLElement) => void) {
  const observer = new MutationObserver(() => {
    const heading = main.querySelector<HTMLElement>('h1');
    if (!heading) return;
    stop();
    if (document.activeElement === main) then(heading);
  });
  const timer = setTimeout(() => stop(), 10_000);
  const stop = () => {
    observer.disconnect();
    clearTimeout(timer);
  };
  observer.observe(main, { childList: true, subtree: true });
}

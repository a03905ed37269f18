import { useRouter } from '@tanstack/react-router';
import { useEffect, useState } from 'react';

/**
 * After a client-side navigation, moves focus to the new page's heading (or the main region while it loads) and
 * tells screen readers which page opened, politely; the first page of a visit keeps the browser's own behaviour.
 * Changes of the address's query (the shop's filters) are not new pages.
 */
export function RouteAnnouncer() {
  const router = useRouter();
  const [message, setMessage] = useState('');
  useEffect(() => {
    let lastPath = router.state.location.pathname;
    return router.subscribe('onResolved', ({ toLocation }) => {
      if (toLocation.pathname === lastPath) return;
      lastPath = toLocation.pathname;
      // After the new page has painted (its code and data were loaded before onResolved).
      requestAnimationFrame(() => {
        const heading = document.querySelector<HTMLElement>('main h1');
        const target = heading ?? document.querySelector<HTMLElement>('main');
        if (heading && !heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
        target?.focus();
        setMessage(heading?.textContent?.trim() || document.title);
      });
    });
  }, [router]);
  return (
    <div role="status" aria-live="polite" aria-atomic="true" className="visually-hidden" data-testid="route-announcer">
      {message}
    </div>
  );
}

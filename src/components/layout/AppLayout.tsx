import { Outlet } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import classes from './AppLayout.module.css';
import { Footer } from './Footer';
import { Header } from './Header';
import { RouteAnnouncer } from './RouteAnnouncer';

/** Every page: skip link, navigation bar, the page, footer. The cart feature fills `cartButton` and `drawer`. */
export function AppLayout({ cartButton, drawer }: { cartButton?: ReactNode; drawer?: ReactNode }) {
  return (
    <div className={classes.shell}>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <Header cartButton={cartButton} />
      <main id="main" tabIndex={-1} className={classes.main}>
        <Outlet />
      </main>
      <Footer />
      <RouteAnnouncer />
      {drawer}
    </div>
  );
}

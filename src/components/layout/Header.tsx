import { Link } from '@tanstack/react-router';
import { lazy, Suspense, useRef, useState, type ReactNode } from 'react';
import classes from './Header.module.css';
import { CUSTOM_ORDERS_LINK, NAV_LINKS } from './nav-links';

const MobileMenu = lazy(() => import('./MobileMenu'));

/**
 * The navigation bar of every page; `cartButton` is the cart feature's slot. Plain elements styled like Mantine's
 * Group, Text and Burger: the layout is in every page's first bundle, so it should not pull in component code.
 */
export function Header({ cartButton }: { cartButton?: ReactNode }) {
  const [menuOpen, setMenuOpen] = useState(false);
  const [menuOpened, setMenuOpened] = useState(false);
  const burger = useRef<HTMLButtonElement>(null);
  return (
    <header className={`${classes.header} no-print`}>
      <div className={classes.bar}>
        <Link to="/" className={`mantine-focus-auto ${classes.brand}`} aria-label="Turnery, home">
          <img src="/favicon.svg" alt="" width={32} height={32} />
          <span className={classes.brandName}>Turnery</span>
        </Link>
        <nav aria-label="Main" className={classes.desktopNav}>
          {[...NAV_LINKS, CUSTOM_ORDERS_LINK].map((link) => (
            <Link key={link.to} to={link.to} className={classes.link} activeOptions={{ exact: link.to === '/' }}>
              {link.label}
            </Link>
          ))}
        </nav>
        <div className={classes.actions}>
          {cartButton}
          <button
            ref={burger}
            type="button"
            className={`mantine-focus-auto ${classes.burger}`}
            onClick={() => {
              setMenuOpened(true);
              setMenuOpen((open) => !open);
            }}
            aria-label={menuOpen ? 'Close menu' : 'Open menu'}
            aria-expanded={menuOpen}
          >
            <span className={classes.burgerLines} data-opened={menuOpen || undefined} />
          </button>
        </div>
      </div>
      {/* Loaded the first time the menu opens, then kept so that it can animate closed. */}
      {menuOpened && (
        <Suspense fallback={null}>
          <MobileMenu opened={menuOpen} onClose={() => setMenuOpen(false)} opener={burger} />
        </Suspense>
      )}
    </header>
  );
}

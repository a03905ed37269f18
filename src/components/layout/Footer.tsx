import { Link } from '@tanstack/react-router';
import classes from './Footer.module.css';
import { CUSTOM_ORDERS_LINK, NAV_LINKS, POLICY_LINKS } from './nav-links';

// Plain elements styled like Mantine's Container, SimpleGrid and Stack: the footer is in every page's first bundle.
export function Footer() {
  return (
    <footer className={`${classes.footer} no-print`}>
      <div className={classes.inner}>
        <div className={classes.columns}>
          <div className={classes.about}>
            <h2 className={classes.name}>Turnery</h2>
            <p className={classes.text}>Handcrafted wooden goods, turned one at a time in our Georgia workshop.</p>
          </div>
          <nav aria-label="Footer" className={classes.links}>
            {[...NAV_LINKS, CUSTOM_ORDERS_LINK].map((link) => (
              <Link key={link.to} to={link.to} className={classes.link}>
                {link.label === 'About' ? 'About Us' : link.label}
              </Link>
            ))}
          </nav>
          {/* docs/product.md's Privacy Policy, Terms of Service and Accessibility links, now with pages the owner writes. */}
          <nav aria-label="Policies" className={classes.links}>
            {POLICY_LINKS.map((link) => (
              <Link key={link.to} to={link.to} className={classes.link}>
                {link.label}
              </Link>
            ))}
          </nav>
        </div>
        <p className={classes.bottom}>© 2025 Turnery. All rights reserved.</p>
      </div>
    </footer>
  );
}

import { Link } from '@tanstack/react-router';
import { useId, type MouseEvent } from 'react';
import { ADMIN_SECTIONS, SECTION_GROUPS } from '../sections';
import classes from './AdminNav.module.css';

/**
 * The admin's sections, grouped (Home, then Sales, Catalogue, Content, Customers, Settings), each a link to its
 * own address; the current one is marked aria-current="page". Beside the content on a wide screen, in the menu
 * drawer on a phone. `onNavigate` hears each click, with whether the link was the current page already.
 */
export function AdminNav({ onNavigate }: { onNavigate?: (current: boolean) => void }) {
  const id = useId();
  const clicked = (event: MouseEvent<HTMLAnchorElement>) => onNavigate?.(event.currentTarget.getAttribute('aria-current') === 'page');
  return (
    <nav aria-label="Admin" className={classes.nav}>
      <ul className={classes.list}>
        <li>
          <Link to="/admin" activeOptions={{ exact: true }} className={`mantine-focus-auto ${classes.link}`} onClick={clicked}>
            Home
          </Link>
        </li>
      </ul>
      {SECTION_GROUPS.map((group) => (
        <div key={group}>
          <p className={classes.group} id={`${id}-${group}`}>
            {group}
          </p>
          <ul className={classes.list} aria-labelledby={`${id}-${group}`}>
            {ADMIN_SECTIONS.filter((section) => section.group === group).map((section) => (
              <li key={section.path}>
                {/* Not exact: a commission's own page (/admin/commissions/12) keeps Commissions marked. */}
                <Link
                  to="/admin/$section"
                  params={{ section: section.path }}
                  className={`mantine-focus-auto ${classes.link}`}
                  onClick={clicked}
                >
                  <span>{section.name}</span>
                  {section.badge && <section.badge />}
                </Link>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </nav>
  );
}

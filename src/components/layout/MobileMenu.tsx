import { Drawer, Stack } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { RefObject } from 'react';
import classes from './Header.module.css';
import { CUSTOM_ORDERS_LINK, NAV_LINKS } from './nav-links';
import { returnFocus } from '../../lib/return-focus';

// Its own chunk: a drawer pulls in Mantine's modal and scroll-area code, which the first page need not load.
export default function MobileMenu({
  opened,
  onClose,
  opener,
}: {
  opened: boolean;
  onClose: () => void;
  opener: RefObject<HTMLElement | null>;
}) {
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      title="Menu"
      position="left"
      size="xs"
      hiddenFrom="sm"
      closeButtonProps={{ 'aria-label': 'Close menu' }}
      returnFocus={false}
      onExitTransitionEnd={() => returnFocus(opener.current)}
    >
      <nav aria-label="Mobile">
        <Stack gap="xs">
          {[...NAV_LINKS, CUSTOM_ORDERS_LINK].map((link) => (
            <Link key={link.to} to={link.to} className={classes.mobileLink} activeOptions={{ exact: link.to === '/' }} onClick={onClose}>
              {link.label}
            </Link>
          ))}
        </Stack>
      </nav>
    </Drawer>
  );
}

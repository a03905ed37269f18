import { createTheme, DEFAULT_THEME, type CSSVariablesResolver, type MantineColorsTuple } from '@mantine/core';

// Warm wood tones. Shade 7 (the filled buttons) keeps white text above 4.5:1 contrast for axe.
const walnut: MantineColorsTuple = [
  '#fbf3ea',
  '#f1e2cf',
  '#e3c4a0',
  '#d5a56f',
  '#c98b46',
  '#b8772f',
  '#9a5f22',
  '#7a4a1b',
  '#5f3914',
  '#44280d',
];

const sage: MantineColorsTuple = [
  '#f1f6ef',
  '#e1eadc',
  '#c1d4b6',
  '#9fbc8d',
  '#83a86b',
  '#729b57',
  '#5d8446',
  '#4a6a37',
  '#3a542b',
  '#283b1d',
];

// Mantine's gray with a darker shade 6: that shade is the 'dimmed' text colour (captions, input descriptions,
// toast messages), and the default fails 4.5:1 contrast on the cream background.
const gray = DEFAULT_THEME.colors.gray.map((shade, index) => (index === 6 ? '#62676e' : shade)) as unknown as MantineColorsTuple;

// Mantine's red from shade 6 on is darkened: shade 6 is the error colour (messages, invalid inputs) and the
// default ones fail 4.5:1 contrast as text.
const DARKER_RED = ['#c92a2a', '#b72424', '#a61e1e', '#8f1a1a'];
const red = DEFAULT_THEME.colors.red.map((shade, index) => (index >= 6 ? DARKER_RED[index - 6]! : shade)) as unknown as MantineColorsTuple;

export const theme = createTheme({
  primaryColor: 'walnut',
  primaryShade: 7,
  colors: { walnut, sage, gray, red },
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontFamily: 'Georgia, "Iowan Old Style", "Palatino Linotype", serif', fontWeight: '700' },
  defaultRadius: 'md',
  black: '#2b1d12',
  other: { cream: '#fbf7f1' },
  components: {
    // Icon-only close buttons need a name for screen readers. Plain objects rather than Modal.extend(), which
    // would pull the modal's code into the first bundle of every page.
    // A dialog's header is no page banner: role presentation keeps one banner landmark per page.
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close dialog' }, attributes: { header: { role: 'presentation' } } } },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Close' }, attributes: { header: { role: 'presentation' } } } },
    Notification: { defaultProps: { closeButtonProps: { 'aria-label': 'Close notification' } } },
  },
});

// Dimmed text in a warm brown that reads above 5:1 on the cream background, instead of a cool grey.
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': '#6b5848' },
  dark: {},
});

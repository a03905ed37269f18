import fs from 'node:fs';

const BROWSERS = ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome', '/usr/bin/google-chrome-stable'];
// Chromium's old headless mode as a program of its own (Debian's chromium-headless-shell), the one Playwright itself
// runs for headless tests: the whole browser suite took 27% less CPU with it than with the full browser (docs/testing.md).
const HEADLESS_SHELLS = ['/usr/bin/chromium-headless-shell', '/usr/bin/chrome-headless-shell'];

const found = (files) => files.find((file) => fs.existsSync(file));
const fromSetting = () => (fs.existsSync(process.env.CHROMIUM_PATH) ? process.env.CHROMIUM_PATH : undefined);

/** CHROMIUM_PATH, or the first full Chromium found in the usual places (Lighthouse); undefined when there is none. */
export function chromiumPath() {
  return process.env.CHROMIUM_PATH ? fromSetting() : found(BROWSERS);
}

/** For the browser tests: CHROMIUM_PATH, else Chromium's headless shell, else a full Chromium; undefined when none. */
export function testChromiumPath() {
  return process.env.CHROMIUM_PATH ? fromSetting() : (found(HEADLESS_SHELLS) ?? found(BROWSERS));
}

// Flags for a headless Chromium on a machine with no network beyond loopback.
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

// The end-to-end tests drive a real Chromium; say plainly how to get one when none is found.
import { testChromiumPath } from './chromium-path.mjs';

if (!testChromiumPath()) {
  console.error(
    'No Chromium found for the end-to-end tests.\n' +
      '  On Debian or Ubuntu: sudo apt-get install -y chromium-headless-shell (or chromium)\n' +
      '  Elsewhere: install Chromium or Chrome and set CHROMIUM_PATH to its executable.',
  );
  process.exit(1);
}

import { expect, type Frame, type Locator, type Page } from '@playwright/test';
import type { AxeResults } from 'axe-core';
import fs from 'node:fs';
import { createRequire } from 'node:module';

/**
 * axe-core run in the page through its own API. @axe-core/playwright's default mode costs a scan about twice the
 * CPU (3.4 s against 1.5 s for the shop page on a 2-core machine, docs/testing.md): it injects the unminified source
 * again for each scan and opens a blank page to gather the frames' results; its legacy mode, which does neither,
 * leaves cross-origin frames (Square's card fields) unscanned. Here the minified source goes once into each frame of
 * a document, and the frames answer the page's run across origins, as in that default mode.
 */
const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const CONFIGURE = `axe.configure({ allowedOrigins: ['<unsafe_all_origins>'] })`;

type WithAxe = { axe?: typeof import('axe-core') };

async function inject(frame: Frame) {
  if (await frame.evaluate(() => typeof (window as WithAxe).axe?.run === 'function')) return;
  await frame.evaluate(`${AXE_SOURCE}\n;${CONFIGURE}`);
}

/**
 * Waits until no finite CSS animation or transition is running. A toast fading in or out is
 * half-transparent for a moment, and axe measures its contrast at that opacity, which no reader
 * sees for longer than the fade.
 */
async function waitForMotionToSettle(page: Page) {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => animation.playState !== 'running' || animation.effect?.getComputedTiming().iterations === Infinity),
  );
}

/** The attribute that marks the part of the page a scoped scan reads (axe's include takes selectors, not locators). */
const SCOPE = 'data-axe-scope';

async function violations(page: Page, within?: Locator) {
  await waitForMotionToSettle(page);
  // The frames first: the page's run asks each frame for its part, and a frame without axe goes unscanned.
  // A frame that went away meanwhile has nothing to scan.
  for (const frame of page.frames().filter((frame) => frame !== page.mainFrame())) await inject(frame).catch(() => undefined);
  await inject(page.mainFrame());
  if (within) await within.evaluate((element, name) => element.setAttribute(name, ''), SCOPE);
  const results = await page.evaluate<AxeResults, string | null>(
    (scope) => (window as WithAxe).axe!.run(scope ? { include: [scope] } : document),
    within ? `[${SCOPE}]` : null,
  );
  if (within) await within.evaluate((element, name) => element.removeAttribute(name), SCOPE);
  return results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
  );
}

/**
 * No axe-core violation of any impact (minor and moderate included) once the page has settled (docs/decisions.md D20).
 * `within`: only that part of the page, e.g. the dialog or drawer a test opened on a page it has already scanned
 * whole (what lies beneath has not changed, and the whole page costs the scan several times as long). Not for a
 * part holding a frame: scoped, axe holds the frame's document to a whole page's rules (one main landmark, a level-one
 * heading), which a whole-page scan does not (the email preview's frame).
 */
export async function expectNoA11yViolations(page: Page, within?: Locator) {
  let found = await violations(page, within);
  // A notification may start to close while axe is scanning (Mantine steps its transition through frames in which
  // nothing is animating yet): look again a little later, twice. A real violation is still there on every look.
  for (let look = 0; look < 2 && found.length > 0; look++) {
    await page.waitForTimeout(500);
    found = await violations(page, within);
  }
  expect(found, found.join('\n')).toEqual([]);
}

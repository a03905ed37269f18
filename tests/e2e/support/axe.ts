import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

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

async function violations(page: Page) {
  await waitForMotionToSettle(page);
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.map(
    (violation) =>
      `${violation.id} (${violation.impact}): ${violation.help} (${violation.nodes.map((node) => node.target.join(' ')).join(', ')})`,
  );
}

/** No axe-core violation of any impact (minor and moderate included) once the page has settled (docs/decisions.md D20). */
export async function expectNoA11yViolations(page: Page) {
  let found = await violations(page);
  // A notification may start to close while axe is scanning (Mantine steps its transition through frames in which
  // nothing is animating yet): look again a little later, twice. A real violation is still there on every look.
  for (let look = 0; look < 2 && found.length > 0; look++) {
    await page.waitForTimeout(500);
    found = await violations(page);
  }
  expect(found, found.join('\n')).toEqual([]);
}

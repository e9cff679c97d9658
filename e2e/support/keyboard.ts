import type { Locator, Page } from 'playwright-core';

// Keyboard-only helpers: focus moves with Tab alone, and where it lands must be visible.

const isFocused = (target: Locator) =>
  target.evaluate((element) => element === document.activeElement).catch(() => false);

/**
 * Presses Tab (Shift+Tab with `backwards`) until `target` has the focus; throws when it is not reached
 * within `max` presses, naming where the focus went instead.
 */
export async function tabTo(page: Page, target: Locator, { max = 60, backwards = false } = {}) {
  await target.waitFor({ state: 'attached' });
  for (let press = 0; press < max; press++) {
    await page.keyboard.press(backwards ? 'Shift+Tab' : 'Tab');
    if (await isFocused(target)) return;
  }
  throw new Error(
    `${max} presses of Tab never reached ${target}; the focus is on ${await describeFocus(page)}`,
  );
}

/** The focused element, as a short description for failure messages. */
export function describeFocus(page: Page): Promise<string> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!element) return 'nothing';
    const name = element.getAttribute('aria-label') ?? element.textContent?.trim().slice(0, 40) ?? '';
    return `<${element.tagName.toLowerCase()}> "${name}"`;
  });
}

/** Whether the focused element shows a focus indicator: an outline or a ring (box-shadow). */
export function focusIsVisible(page: Page): Promise<boolean> {
  return page.evaluate(() => {
    const element = document.activeElement;
    if (!element || element === document.body) return false;
    const style = getComputedStyle(element);
    const outline = style.outlineStyle !== 'none' && Number.parseFloat(style.outlineWidth) > 0;
    return outline || style.boxShadow !== 'none';
  });
}

/** Whether the focus is inside `container`. */
export function focusIsInside(container: Locator): Promise<boolean> {
  return container.evaluate((element) => element.contains(document.activeElement));
}

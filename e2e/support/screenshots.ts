import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { axeReport, expectClean, settle } from './axe';

// Pictures of screens are for people to look at (E2E_SCREENSHOTS=docs/screenshots keeps them there); a run
// without that setting, as in CI, takes none: a screenshot costs the browser a full paint and a PNG encode,
// and nobody would look at it.

const folder = process.env.E2E_SCREENSHOTS;

export interface ShootOptions {
  /** Brought into view first (and no toast left over it: they close by themselves after 2 s). */
  target?: Locator;
  fullPage?: boolean;
  /** axe-core checks the screen as shown too (docs/web-structure.md): this runs with or without pictures. */
  scan?: boolean;
}

/** Saves `<name>.png` when E2E_SCREENSHOTS names a folder; with `scan`, also checks the screen with axe-core. */
export async function shoot(page: Page, name: string, options: ShootOptions = {}): Promise<void> {
  await options.target?.scrollIntoViewIfNeeded();
  if (folder) {
    await page.locator('.Toastify__toast').first().waitFor({ state: 'detached', timeout: 15_000 });
    mkdirSync(folder, { recursive: true });
    await settle(page); // a panel still sliding in is not in the picture yet
    await page.screenshot({ path: join(folder, `${name}.png`), fullPage: options.fullPage ?? false });
  }
  if (!options.scan) return;
  await settle(page);
  expectClean(await axeReport(page, name));
}

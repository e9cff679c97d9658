import AxeBuilder from '@axe-core/playwright';
import type { Result } from 'axe-core';
import type { Page } from 'playwright-core';
import { DESKTOP, MOBILE } from './browser';

// axe-core against the page as it is now: WCAG 2.0 and 2.1, levels A and AA. Best-practice rules are not
// asked for, but any rule that fails with serious or critical impact counts (docs/web-structure.md), and
// button-name / link-name (icon-only controls) are WCAG 4.1.2 / 2.4.4 rules, so they always run.

export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];
/** Icon-only buttons and links need a name: these must be among the rules run. */
const ALWAYS_RUN = ['button-name', 'link-name', 'color-contrast', 'label'];
const BLOCKING = new Set(['serious', 'critical']);

/** One line per offending node, enough to fix it from a CI log. */
export function describeViolations(violations: Result[]): string {
  return violations
    .map((violation) => {
      const nodes = violation.nodes
        .map(
          (node) => `    ${node.target.join(' ')}\n      ${node.failureSummary?.replace(/\n/g, '\n      ')}`,
        )
        .join('\n');
      return `- ${violation.id} (${violation.impact}): ${violation.help}\n  ${violation.helpUrl}\n${nodes}`;
    })
    .join('\n');
}

/** The serious and critical violations on the page, as a report (empty when there are none). */
export async function axeReport(page: Page, label: string): Promise<string> {
  // Only violations carry all their nodes: passing rules are still listed, which is all we read of them.
  const results = await new AxeBuilder({ page })
    .withTags(AXE_TAGS)
    .options({ resultTypes: ['violations'] })
    .analyze();
  const ran = [...results.passes, ...results.violations, ...results.incomplete, ...results.inapplicable];
  for (const rule of ALWAYS_RUN) {
    if (!ran.some((result) => result.id === rule)) throw new Error(`axe did not run ${rule}`);
  }
  const blocking = results.violations.filter((violation) => BLOCKING.has(violation.impact ?? ''));
  if (blocking.length === 0) return '';
  return `${label} (${page.url()}):\n${describeViolations(blocking)}`;
}

/** Waits until no CSS animation or transition runs (a dialog fading in has no final colours yet). */
export async function settle(page: Page): Promise<void> {
  await page.waitForFunction(() =>
    document
      .getAnimations()
      .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity),
  );
}

/** Fails with the whole report (each rule, its impact, help and the offending nodes) when there is one. */
export function expectClean(report: string): void {
  if (report) throw new Error(`axe-core found serious or critical violations:\n${report}`);
}

/** The two widths every screen is scanned at. */
export const WIDE = { width: 1366, height: DESKTOP.height };
export const NARROW = { width: MOBILE.width, height: 800 };

/**
 * Scans the screen at 1366 px, then at 375 px. `ready` waits for the screen's content after each
 * resize (and may open what the scan is about). All violations of both widths fail the test together.
 */
export async function scanBothWidths(page: Page, label: string, ready: () => Promise<unknown>) {
  const reports: string[] = [];
  for (const viewport of [WIDE, NARROW]) {
    await page.setViewportSize(viewport);
    await ready();
    await settle(page);
    reports.push(await axeReport(page, `${label} at ${viewport.width} px`));
  }
  expectClean(reports.filter(Boolean).join('\n\n'));
}

export async function go(page: Page, path: string, marker: () => Promise<unknown>) {
  await page.setViewportSize(WIDE);
  await page.goto(path);
  await marker();
}

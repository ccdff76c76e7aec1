/** Accessibility checks with axe-core: the violations a person would be blocked by. */
import AxeBuilder from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** `alsoRules`: rules axe leaves off by default, run too (Lighthouse runs `target-size`). */
export async function seriousA11yViolations(page: Page, alsoRules: readonly string[] = []): Promise<string[]> {
  const builder = new AxeBuilder({ page });
  if (alsoRules.length > 0) builder.options({ rules: Object.fromEntries(alsoRules.map((id) => [id, { enabled: true }])) });
  const { violations } = await builder.analyze();
  return violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}

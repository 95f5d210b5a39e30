/** axe-core in the page, scanning the modal's host (or `include`): the serious and critical violations, as text. */
import type { Page } from 'playwright-core'
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'

const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

export async function axeViolations(page: Page, include: readonly (readonly string[])[] = [['airlock-modal']]): Promise<string[]> {
  // Colours are measured once the view's entrance and any theme transition have finished.
  await page.evaluate(() => Promise.all((document.querySelector('airlock-modal')?.shadowRoot?.getAnimations() ?? []).map((a) => a.finished)))
  await page.evaluate(axeSource)
  const results = await page.evaluate(async (include) => {
    const axe = (
      window as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<{ violations: { id: string; impact: string; nodes: unknown[] }[] }> } }
    ).axe
    return axe.run({ include }, { resultTypes: ['violations'] })
  }, include)
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id} (${v.impact}, ${v.nodes.length} nodes)`)
}

/** What a test page must not show: errors thrown in it and console messages of the kinds a test names. */
import type { Page } from 'playwright-core'

/**
 * Push `page`'s uncaught errors, and its console messages of `kinds` (a CSP violation is a console
 * error), to `problems`, for the test to expect none.
 */
export function recordProblems(page: Page, problems: string[], kinds: readonly ('error' | 'warning')[] = ['error']): void {
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`))
  page.on('console', (message) => {
    if ((kinds as readonly string[]).includes(message.type())) problems.push(`${message.type()}: ${message.text()}`)
  })
}

/**
 * Push `page`'s uncaught errors and its Content-Security-Policy refusals (console errors naming the
 * policy) to `problems`, each after `name` when one is given (whose page said it: 'demo', 'widget').
 */
export function recordCspProblems(page: Page, problems: string[], name = ''): void {
  const by = name === '' ? '' : `${name} `
  page.on('pageerror', (error) => problems.push(`${by}pageerror: ${error.message}`))
  page.on('console', (message) => {
    if (message.type() === 'error' && /Content Security Policy|Refused to/.test(message.text())) problems.push(`${by}csp: ${message.text()}`)
  })
}

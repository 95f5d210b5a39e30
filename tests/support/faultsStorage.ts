/** Storage faults made by the page itself in Chromium (issue 27 §3): read, seed and fill an origin's localStorage. */
import type { Page } from 'playwright-core'

/** Every key and value of the page's localStorage. */
export function readLocalStorage(page: Page): Promise<Record<string, string>> {
  return page.evaluate(() => {
    const all: Record<string, string> = {}
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i)!
      all[key] = localStorage.getItem(key)!
    }
    return all
  })
}

export function writeLocalStorage(page: Page, values: Record<string, string>): Promise<void> {
  return page.evaluate((entries) => {
    for (const [key, value] of Object.entries(entries)) localStorage.setItem(key, value)
  }, values)
}

/**
 * Fill the origin's quota with the page's own `filler:N` keys, big values first and smaller ones
 * until not one character more fits; then returns the name of the error a one-character write
 * throws (Chromium's real QuotaExceededError).
 */
export function fillLocalStorage(page: Page): Promise<{ keys: number; error: string | null }> {
  return page.evaluate(() => {
    let keys = 0
    for (let size = 1 << 20; size >= 1; size = Math.floor(size / 2)) {
      const value = 'x'.repeat(size)
      for (;;) {
        try {
          localStorage.setItem(`filler:${keys}`, value)
          keys++
        } catch {
          break
        }
      }
    }
    try {
      localStorage.setItem('filler:last', 'x')
      return { keys, error: null }
    } catch (error) {
      return { keys, error: (error as DOMException).name }
    }
  })
}

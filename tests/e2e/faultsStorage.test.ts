/**
 * Issue 27 §3, browser storage at fault, as a visitor meets it in real Chromium on the demo (anvil,
 * the demo's strict CSP, Mock Wallet from wallet-mock: nothing of ours mocked). One stack for the
 * file; each test has its own origin, so its own localStorage.
 * - Corrupt: every key of SPEC §3 holds garbage except two valid ones, beside the page's own keys:
 *   each corrupt key is reset (removed, with a warning naming it), the valid ones and the page's
 *   keys keep their values, the modal connects, and the connection is stored and restored.
 * - Full: the page filled its origin's quota before Airlock started (Chromium's real
 *   QuotaExceededError): the modal opens and connects, each failed write is a warning, and not one
 *   of the page's keys is lost or changed.
 * - Blocked: reading `localStorage`, `sessionStorage` and `indexedDB` throws SecurityError (what
 *   a browser with site data blocked does): the modal opens and connects, nothing is thrown.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Page } from 'playwright-core'
import { STORED_NAMES, storageEntries } from '../../src/core/storage/keys'
import { STORAGE_CORRUPT_WARNING, STORAGE_WRITE_WARNING } from '../../src/kernel/storage'
import { MOCK_ADDRESS, startFaultsDemo, type FaultsDemo } from '../support/faultsDemo'
import { fillLocalStorage, readLocalStorage, writeLocalStorage } from '../support/faultsStorage'
import { idleMs } from '../support/until'

let demo: FaultsDemo

beforeAll(async () => {
  demo = await startFaultsDemo()
}, idleMs(240_000))

afterAll(async () => {
  await demo?.stop()
})

const dialog = (page: Page) => page.getByRole('dialog')
const address = (page: Page) => page.evaluate(() => window.airlock.getState().account.accounts.eip155.address)

/** Connect Mock Wallet from the modal, as a visitor does; the modal closes on the Account view's Escape. */
async function connectMockWallet(page: Page): Promise<void> {
  await page.getByRole('button', { name: 'Connect wallet', exact: true }).click()
  await dialog(page)
    .getByRole('button', { name: 'Mock Wallet' })
    .first()
    .click({ timeout: idleMs(30_000) })
  await page.waitForFunction(() => window.airlock.getState().account.accounts.eip155.address !== null, undefined, { timeout: idleMs(30_000) })
  expect(await address(page)).toBe(MOCK_ADDRESS)
}

/** The page's own values, which no fault of Airlock's may touch. */
const PAGE_KEYS = { 'site:theme': 'dark', 'site:cart': '{"items":[1,2,3]}', 'airlock-lookalike': '{not ours' }

/** Garbage for each key: not JSON, JSON of the wrong type, of the wrong shape, almost right. */
const GARBAGE = ['{not json', '42', 'null', '"eip155:1,eip155:2"', '[{"connectorId":1}]', '', 'undefined', '{"eip155":7}', '"\u0000"', '[]', 'true']

describe('browser storage at fault', () => {
  it(
    'corrupt: only the bad keys reset; the valid keys and the page’s keys keep their values; the modal connects and is restored',
    async () => {
      const { page, url } = await demo.newSite()
      await page.goto(new URL('env.json', url).href)
      const valid: Record<string, string> = {
        [storageEntries.activeNamespace.key]: '"eip155"',
        [storageEntries.lastUsedChain.key]: '"eip155"',
      }
      const corrupt: Record<string, string> = {}
      STORED_NAMES.map((name) => storageEntries[name].key)
        .filter((key) => !(key in valid))
        .forEach((key, i) => (corrupt[key] = GARBAGE[i % GARBAGE.length]!))
      expect(Object.keys(corrupt).length).toBe(STORED_NAMES.length - 2)
      await writeLocalStorage(page, { ...PAGE_KEYS, ...valid, ...corrupt })

      const warningsBefore = demo.warnings.length
      await demo.openDemo(page, url)
      const stored = await readLocalStorage(page)
      for (const key of Object.keys(corrupt)) expect(stored[key], key).toBeUndefined()
      for (const [key, value] of Object.entries({ ...PAGE_KEYS, ...valid })) expect(stored[key], key).toBe(value)
      // Each reset said which key.
      const said = demo.warnings.slice(warningsBefore).filter((w) => w.startsWith(STORAGE_CORRUPT_WARNING))
      expect(said.map((w) => w.slice(STORAGE_CORRUPT_WARNING.length).trim()).sort()).toEqual(Object.keys(corrupt).sort())

      await connectMockWallet(page)
      const after = await readLocalStorage(page)
      expect(after[storageEntries.connectionStatus.key]).toBe('"connected"')
      for (const [key, value] of Object.entries(PAGE_KEYS)) expect(after[key], key).toBe(value)
      // The reset keys hold good values again: a reload restores the connection.
      await page.reload()
      await page.getByText('Airlock is running').waitFor({ timeout: idleMs(60_000) })
      await page.waitForFunction(() => window.airlock.getState().account.accounts.eip155.address !== null, undefined, { timeout: idleMs(30_000) })
      expect(await address(page)).toBe(MOCK_ADDRESS)
      expect(demo.problems).toEqual([])
      await page.close()
    },
    idleMs(180_000),
  )

  it(
    'full: with the quota used up by the page, the modal opens and connects, and none of the page’s keys is lost',
    async () => {
      const { page, url } = await demo.newSite()
      await page.goto(new URL('env.json', url).href)
      await writeLocalStorage(page, { ...PAGE_KEYS, [storageEntries.activeNamespace.key]: '"eip155"' })
      const filled = await fillLocalStorage(page)
      // Chromium's real quota: not one more character fits.
      expect(filled.error).toBe('QuotaExceededError')
      const before = await readLocalStorage(page)

      const warningsBefore = demo.warnings.length
      await demo.openDemo(page, url)
      await connectMockWallet(page)
      // The connection is live though it could not be stored; each failed write said so.
      await expect.poll(() => demo.warnings.slice(warningsBefore).filter((w) => w.startsWith(STORAGE_WRITE_WARNING)).length).toBeGreaterThan(0)
      const after = await readLocalStorage(page)
      expect(Object.keys(after).length).toBe(Object.keys(before).length)
      for (const [key, value] of Object.entries(before)) if (value !== after[key]) expect.fail(`${key} changed`)
      // The modal keeps working: it shows the account, closes, and disconnects.
      await page.evaluate(() => window.airlock.open())
      await dialog(page).waitFor()
      await page.keyboard.press('Escape')
      await page.waitForFunction(() => !window.airlock.getState().router.open)
      await page.evaluate(() => window.airlock.disconnect())
      expect(await address(page)).toBeNull()
      expect(demo.problems).toEqual([])
      await page.close()
    },
    idleMs(180_000),
  )

  it(
    'blocked: with site data blocked (SecurityError on every storage), the modal opens and connects',
    async () => {
      const { page, url } = await demo.newSite()
      await page.addInitScript(() => {
        for (const name of ['localStorage', 'sessionStorage', 'indexedDB'])
          Object.defineProperty(window, name, {
            configurable: true,
            get() {
              throw new DOMException(`Failed to read the '${name}' property from 'Window': Access is denied for this document.`, 'SecurityError')
            },
          })
      })
      await demo.openDemo(page, url)
      await connectMockWallet(page)
      await page.evaluate(() => window.airlock.disconnect())
      expect(await address(page)).toBeNull()
      // And again: nothing was left half-done by the storage that could not be read.
      await connectMockWallet(page)
      expect(demo.problems).toEqual([])
      await page.close()
    },
    idleMs(180_000),
  )
})

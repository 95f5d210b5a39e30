/**
 * Issue 28 §5 (part): the embedded (email) wallet connected on eip155 AND Solana survives a reload
 * and a partial disconnect, in real Chromium on the demo stack (the secure frame on its own origin,
 * the auth service with its SMTP sink, anvil, the local Solana validator). The visitor signs in by
 * email on eip155, then picks the Solana network: the embedded wallet connects there through its
 * frame (tests/e2e/embeddedNamespace.test.ts). A reload brings both back (the frame's session
 * answers the Solana restore too); disconnecting Solana alone leaves eip155 connected with the
 * frame still signed in (a personal_sign approved in the frame verifies), and a reload then brings
 * back eip155 alone.
 */
import { describe, expect, it } from 'vitest'
import type { Address } from 'viem'
import { base58 } from '@scure/base'
import { idleMs } from '../support/until'
import { signInWithEmail } from '../support/emailSignIn'
import { frameSignsEvm, frameSignsSolana } from '../support/frameSigns'
import { pickNetwork } from '../support/networkPicker'
import { activeConnector, expectSurvived, reloadRestored } from '../support/survive'
import { fileDemoStack } from '../support/fileDemoStack'

const survival = fileDemoStack({ accountServices: false })

describe('the embedded wallet on eip155 and Solana survives a reload and a partial disconnect', () => {
  it(
    'embedded (email) on eip155 and Solana: a reload restores both; disconnecting Solana keeps eip155 and the frame session; a reload restores eip155',
    async () => {
      const problems: string[] = []
      const page = await survival.survivalPage(problems, '?namespaces=eip155,solana')

      await signInWithEmail(page, survival.embedded.smtp, 'two-chains@example.com')
      await page.waitForFunction(() => window.airlock.getState().connectors.allConnectors.some((c) => c.id === 'AUTH' && c.chain === 'solana'), undefined, {
        timeout: idleMs(20_000),
      })

      // Onto Solana through the frame (the network picker on Account), as embeddedNamespace.test.ts does.
      await page.keyboard.press('Escape')
      await page.waitForFunction(() => !window.airlock.getState().router.open, undefined, { timeout: idleMs(20_000) })
      await pickNetwork(page, /Solana Local/)
      await page.waitForFunction(() => window.airlock.getState().connection.connectedNamespaces.includes('solana'), undefined, { timeout: idleMs(30_000) })
      await page.keyboard.press('Escape')
      await page.waitForFunction(() => !window.airlock.getState().router.open)
      const evm = (await page.evaluate(() => window.airlock.getState().account.accounts.eip155.address)) as Address
      const sol = (await page.evaluate(() => window.airlock.getState().account.accounts.solana.address))!
      expect(evm).toMatch(/^0x[0-9a-fA-F]{40}$/)
      expect(base58.decode(sol)).toHaveLength(32)
      expect(await page.evaluate(() => window.airlock.getState().connectors.activeConnectorIds)).toMatchObject({ eip155: 'AUTH', solana: 'AUTH' })

      const both = { addresses: { eip155: evm, solana: sol } }
      await expectSurvived(page, null, both, () => frameSignsSolana(page, sol, 'Still on Solana'))
      await reloadRestored(page, ['eip155', 'solana'])
      await expectSurvived(page, null, both, async () => {
        await frameSignsSolana(page, sol, 'Still on Solana')
        await frameSignsEvm(page, evm)
      })
      expect(await page.evaluate(() => window.airlock.getState().connectors.activeConnectorIds)).toMatchObject({ eip155: 'AUTH', solana: 'AUTH' })

      // Leaving Solana alone: eip155 stays, and so does the frame's session (no sign-out).
      await page.evaluate(() => window.airlock.disconnect('solana'))
      const evmOnly = { addresses: { eip155: evm } }
      await expectSurvived(page, null, evmOnly, () => frameSignsEvm(page, evm))
      expect(await activeConnector(page, 'eip155')).toBe('AUTH')
      await reloadRestored(page, ['eip155'])
      await expectSurvived(page, null, evmOnly, () => frameSignsEvm(page, evm))
      expect(problems).toEqual([])
    },
    idleMs(300_000),
  )
})

/**
 * Requests through the embedded wallet's connection, approved in its secure frame as a visitor
 * approves them (tests/e2e/secureFrame.ts), and verified here: personal_sign on eip155 (viem), a
 * Solana message (ed25519). Each waits for the modal to close after the approval.
 *
 * ```ts
 * await frameSignsEvm(page, evm)
 * await frameSignsSolana(page, sol, 'Still on Solana')
 * ```
 */
import { expect } from 'vitest'
import type { Page } from 'playwright-core'
import { verifyMessage, type Address, type Hex } from 'viem'
import { ed25519 } from '@noble/curves/ed25519'
import { base58 } from '@scure/base'
import { approveInFrame } from '../e2e/secureFrame'
import { idleMs } from './until'

const closed = (page: Page) => page.waitForFunction(() => !window.airlock.getState().router.open, undefined, { timeout: idleMs(20_000) })

/** personal_sign of 'still here' by the site's eip155 provider: the frame shows it, is approved, and the signature verifies for `address`. */
export async function frameSignsEvm(page: Page, address: Address): Promise<void> {
  const signature = page.evaluate(
    (account) => window.airlock.getProvider('eip155')!.request({ method: 'personal_sign', params: ['0x7374696c6c2068657265', account] }),
    address,
  ) as Promise<Hex>
  await approveInFrame(page, ['Sign a message', 'still here'])
  expect(await verifyMessage({ address, message: 'still here', signature: await signature })).toBe(true)
  await closed(page)
}

/**
 * solana_signMessage of `text` by the site's Solana provider: the frame shows 'Sign a Solana
 * message', `text` and `shown`, is approved, and the signature verifies (ed25519) for `address`.
 */
export async function frameSignsSolana(page: Page, address: string, text: string, shown: readonly string[] = []): Promise<void> {
  const signed = page.evaluate(
    ([message, pubkey]) => window.airlock.getProvider('solana')!.request({ method: 'solana_signMessage', params: { message, pubkey } }),
    [base58.encode(new TextEncoder().encode(text)), address],
  ) as Promise<{ signature: string }>
  await approveInFrame(page, ['Sign a Solana message', text, ...shown])
  const { signature } = await signed
  expect(ed25519.verify(base58.decode(signature), new TextEncoder().encode(text), base58.decode(address))).toBe(true)
  await closed(page)
}

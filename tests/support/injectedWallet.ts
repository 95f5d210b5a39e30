/**
 * A page with a wallet that is only `window.ethereum`, never announced (EIP-6963), as older
 * extensions and in-app browsers are. The wallet is one we did not write (wallet-mock's
 * createWallet, signing with anvil's second development key unless told, its chain calls on the
 * chain given), reached from the page through a function Playwright exposes, the way an extension's
 * content script forwards to its background.
 *
 * ```ts
 * const page = await survivalPage(context, problems, url, injectWallet(stack.chains[0]!))
 * await page.evaluate(() => window.airlock.connect('injected'))
 * ```
 */
import type { Page } from 'playwright-core'
import { http, type Chain, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { createWallet } from '@johanneskares/wallet-mock'

/** anvil's second development key: not the Demo Wallet's address. */
export const INJECTED_KEY: Hex = '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d'
export const INJECTED_ADDRESS = privateKeyToAccount(INJECTED_KEY).address

/** The chain the wallet is on (as the demo stack lists its chains). */
export interface InjectedChain {
  readonly chainId: number
  readonly name: string
  readonly rpcUrl: string
}

/**
 * What puts the wallet on a page (for survivalPage's `before`, or called on a page not yet
 * navigated): `window.ethereum` before any page script runs, forwarding to the Node-side wallet
 * signing with `privateKey` on `on`; no EIP-6963 announcement.
 */
export function injectWallet(on: InjectedChain, privateKey: Hex = INJECTED_KEY): (page: Page) => Promise<void> {
  return async (page) => {
    const chain: Chain = {
      id: on.chainId,
      name: on.name,
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [on.rpcUrl] } },
    }
    const wallet = createWallet(privateKeyToAccount(privateKey), { [chain.id]: http(on.rpcUrl) }, chain)
    await page.exposeFunction('injectedWalletRequest', (request: { method: string; params?: unknown[] }) => wallet.request(request))
    await page.addInitScript(() => {
      const forward = (window as unknown as { injectedWalletRequest(request: unknown): Promise<unknown> }).injectedWalletRequest
      Object.defineProperty(window, 'ethereum', {
        configurable: true,
        value: { request: (request: unknown) => forward(request), on() {}, removeListener() {} },
      })
    })
  }
}

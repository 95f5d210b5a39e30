/**
 * Hostile wallets a page script announces through EIP-6963 (issue 27 §3): each answers every
 * request the one bad way its `kind` says, so the modal meets a wallet we did not write that throws
 * a string, null, a number or an object without a message, answers with the wrong shape, or never
 * answers. Each counts the requests it got in `window.__hostileCalls[rdns]`.
 */
import type { Page } from 'playwright-core'

export type HostileKind =
  'throwsString' | 'throwsNull' | 'throwsNumber' | 'throwsObject' | 'wrongShapeAccounts' | 'notAddresses' | 'wrongShapeChainId' | 'neverAnswers'

export interface HostileWallet {
  readonly kind: HostileKind
  readonly name: string
  readonly rdns: string
}

/** One hostile wallet of each kind, named for what it does. */
export const HOSTILE_WALLETS: readonly HostileWallet[] = [
  { kind: 'throwsString', name: 'Throws A String', rdns: 'test.hostile.string' },
  { kind: 'throwsNull', name: 'Throws Null', rdns: 'test.hostile.null' },
  { kind: 'throwsNumber', name: 'Throws A Number', rdns: 'test.hostile.number' },
  { kind: 'throwsObject', name: 'Throws Plain Object', rdns: 'test.hostile.object' },
  { kind: 'wrongShapeAccounts', name: 'Accounts Not A List', rdns: 'test.hostile.accounts' },
  { kind: 'notAddresses', name: 'Accounts Not Addresses', rdns: 'test.hostile.addresses' },
  { kind: 'wrongShapeChainId', name: 'Chain Id Garbage', rdns: 'test.hostile.chainid' },
  { kind: 'neverAnswers', name: 'Never Answers', rdns: 'test.hostile.silent' },
]

/** Announces `wallets` (before the page's scripts run, and again whenever asked), each a provider of its kind. */
export async function announceHostileWallets(page: Page, wallets: readonly HostileWallet[] = HOSTILE_WALLETS): Promise<void> {
  await page.addInitScript((list) => {
    const win = window as unknown as { __hostileCalls: Record<string, string[]> }
    win.__hostileCalls = {}
    const GOOD = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
    const icon = "data:image/svg+xml,<svg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 1 1'/>"
    const providers = list.map((wallet) => {
      const calls: string[] = (win.__hostileCalls[wallet.rdns] = [])
      const request = ({ method }: { method: string }): Promise<unknown> => {
        calls.push(method)
        switch (wallet.kind) {
          case 'throwsString':
            return Promise.reject('the wallet is sad')
          case 'throwsNull':
            return Promise.reject(null)
          case 'throwsNumber':
            return Promise.reject(-32603)
          case 'throwsObject':
            return Promise.reject({ reason: 'no message here', data: [1, 2] })
          case 'wrongShapeAccounts':
            if (method === 'eth_requestAccounts' || method === 'eth_accounts') return Promise.resolve({ accounts: [GOOD] })
            break
          case 'notAddresses':
            if (method === 'eth_requestAccounts' || method === 'eth_accounts') return Promise.resolve(['not an address', 42])
            break
          case 'wrongShapeChainId':
            if (method === 'eth_requestAccounts' || method === 'eth_accounts') return Promise.resolve([GOOD])
            if (method === 'eth_chainId') return Promise.resolve({ chain: 'one' })
            break
          case 'neverAnswers':
            return new Promise(() => undefined)
        }
        if (method === 'eth_chainId') return Promise.resolve('0x7a69')
        return Promise.resolve(null)
      }
      return { wallet, uuid: crypto.randomUUID(), provider: { request, on() {}, removeListener() {} } }
    })
    const announce = () => {
      for (const { wallet, uuid, provider } of providers)
        window.dispatchEvent(
          new CustomEvent('eip6963:announceProvider', {
            detail: Object.freeze({ info: { uuid, name: wallet.name, icon, rdns: wallet.rdns }, provider }),
          }),
        )
    }
    window.addEventListener('eip6963:requestProvider', announce)
    announce()
  }, wallets)
}

/** The methods each hostile wallet was asked, by rdns. */
export function hostileCalls(page: Page): Promise<Record<string, string[]>> {
  return page.evaluate(() => (window as unknown as { __hostileCalls: Record<string, string[]> }).__hostileCalls)
}

/**
 * The browser-injected wallet (`window.ethereum`), offered as the generic "Browser Wallet"
 * connector (SPEC §4 visibility: hidden on desktop, where announced wallets name themselves).
 */
import type { Connector } from '../events/shapes/connector'
import type { WalletProvider } from '../chains/adapter'

export const INJECTED_CONNECTOR_ID = 'injected'
export const INJECTED_CONNECTOR_NAME = 'Browser Wallet'

/**
 * The injected provider, when the page has one with a `request` function.
 *
 * ```ts
 * injectedWallet(window) // { connector: { id: 'injected', name: 'Browser Wallet', … }, provider } or undefined
 * ```
 */
export function injectedWallet(win: Window): { connector: Connector; provider: WalletProvider } | undefined {
  let candidate: unknown
  try {
    candidate = (win as Window & { ethereum?: unknown }).ethereum
  } catch {
    return undefined
  }
  if ((typeof candidate !== 'object' && typeof candidate !== 'function') || candidate === null) return undefined
  if (typeof (candidate as { request?: unknown }).request !== 'function') return undefined
  return {
    connector: { id: INJECTED_CONNECTOR_ID, name: INJECTED_CONNECTOR_NAME, type: 'INJECTED', chain: 'eip155' },
    provider: candidate as WalletProvider,
  }
}

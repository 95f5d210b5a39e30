/**
 * Wallet Standard discovery (`@wallet-standard/app`): every wallet registered in the page that
 * serves a namespace the site configured becomes a connector of that namespace. What a wallet
 * says of itself is untrusted, as with EIP-6963: the name becomes plain text, the icon is kept
 * only as a data: image or an https: URL, a wallet without the features its namespace needs is
 * ignored, and a second wallet under a name already seen on a namespace is ignored. Airlock's own
 * wallet (`airlock/solana`'s registration of an instance's connection) is never listed.
 *
 * The connector id is `wallet-standard.<namespace>.<name>`, stable across reloads (a stored
 * connection finds its wallet again), and distinct per namespace, so the provider registry holds
 * one provider per namespace. The same wallet on several namespaces (and as an EIP-6963 wallet)
 * shares its name, which is how Connect merges it into one MULTI_CHAIN entry.
 *
 * The app's side of the registration is played on the instance's own window (its `deps.window`),
 * with a list of its own: `wallet-standard:app-ready` is dispatched there with a `register`, and
 * each later `wallet-standard:register-wallet` there is answered with it, which is all a wallet
 * (@wallet-standard/wallet's `registerWallet`) needs. `@wallet-standard/app`'s `getWallets()` is
 * one list per JavaScript realm, bound to whatever global `window` existed at its first call and
 * never released: an instance on another window (a frame's, a test's) would read the first one's
 * wallets and never see its own, and its listener outlived every instance.
 */
import type { Wallet, WindowAppReadyEventAPI } from '@wallet-standard/base'
import type { Connector } from '../../events/shapes/connector'
import type { ChainNamespace } from '../../events/shapes/namespace'
import type { WalletProvider } from '../../ports/wallet'
import { sanitizeIconUrl, sanitizeWalletName } from '../sanitize'
import type { StandardNamespace } from './namespace'
import { isAirlockWallet } from './ownWallet'

export interface StandardWallet {
  readonly connector: Connector
  readonly provider: WalletProvider
}

/** The connector id of a wallet named `name` on `namespace`. `standardConnectorId('solana', 'Demo Wallet') // 'wallet-standard.solana.demo-wallet'` */
export const standardConnectorId = (namespace: ChainNamespace, name: string): string =>
  `wallet-standard.${namespace}.${name.toLowerCase().replace(/[^\p{L}\p{N}]+/gu, '-')}`

/**
 * The connectors `wallet` brings for the namespaces in `serving`, or none when its name is empty,
 * it serves none of them or it is Airlock's own (./ownWallet.ts). Reading a hostile wallet's
 * properties may throw: it brings none then.
 *
 * ```ts
 * standardConnectors(phantom, [solanaStandard]) // [{ connector: { id: 'wallet-standard.solana.phantom', type: 'ANNOUNCED', chain: 'solana', … }, provider }]
 * ```
 */
export function standardConnectors(wallet: Wallet, serving: readonly StandardNamespace[]): StandardWallet[] {
  try {
    if (isAirlockWallet(wallet)) return []
    const name = typeof wallet.name === 'string' ? sanitizeWalletName(wallet.name) : undefined
    if (name === undefined) return []
    const imageUrl = sanitizeIconUrl(wallet.icon)
    return serving
      .filter((ns) => ns.accepts(wallet))
      .map((ns) => ({
        connector: { id: standardConnectorId(ns.namespace, name), name, type: 'ANNOUNCED', chain: ns.namespace, ...(imageUrl ? { imageUrl } : {}) },
        provider: ns.provider(wallet),
      }))
  } catch {
    return []
  }
}

/**
 * Take the wallets registered on `win` now and each one registered later; `onWallet` gets each
 * connector once. Returns the function that stops listening.
 *
 * ```ts
 * const stop = discoverStandardWallets(window, [solanaStandard], ({ connector, provider }) => providers.set(connector.id, provider))
 * ```
 */
export function discoverStandardWallets(win: Window, serving: readonly StandardNamespace[], onWallet: (wallet: StandardWallet) => void): () => void {
  const seen = new Set<string>()
  let listening = true
  const register = (...wallets: Wallet[]): (() => void) => {
    if (!listening) return () => undefined
    for (const wallet of wallets) {
      for (const found of standardConnectors(wallet, serving)) {
        if (seen.has(found.connector.id)) continue
        seen.add(found.connector.id)
        onWallet(found)
      }
    }
    // A connector stays listed once announced (a wallet leaving the page is not followed).
    return () => undefined
  }
  const api: WindowAppReadyEventAPI = Object.freeze({ register })
  // A page's script may dispatch this event with anything as its detail, and a wallet's callback may throw.
  const onRegisterWallet = (event: Event): void => {
    const callback: unknown = (event as CustomEvent<unknown>).detail
    if (typeof callback !== 'function') return
    try {
      callback(api)
    } catch {
      // That wallet is not listed; the others are.
    }
  }
  win.addEventListener('wallet-standard:register-wallet', onRegisterWallet)
  win.dispatchEvent(new CustomEvent('wallet-standard:app-ready', { detail: api }))
  return () => {
    listening = false
    win.removeEventListener('wallet-standard:register-wallet', onRegisterWallet)
  }
}

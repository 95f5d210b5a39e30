/**
 * The Wallet Standard as an app and its wallets play it in a test: the app side of registration
 * (as @wallet-standard/app does it) on a test window, and a wallet with features replaced or taken
 * away (a wallet that answers differently, not a mock of our code).
 */
import type { Wallet, WindowAppReadyEventAPI } from '@wallet-standard/base'

/** The wallets registered on `win` from now on, as an app that starts now lists them (unregistering takes them out). */
export function registeredWallets(win: Window): Wallet[] {
  const wallets: Wallet[] = []
  const api: WindowAppReadyEventAPI = {
    register(...added) {
      wallets.push(...added)
      return () => added.forEach((wallet) => wallets.splice(wallets.indexOf(wallet), 1))
    },
  }
  win.addEventListener('wallet-standard:register-wallet', (event) => (event as CustomEvent<(api: WindowAppReadyEventAPI) => void>).detail(api))
  win.dispatchEvent(new CustomEvent('wallet-standard:app-ready', { detail: api }))
  return wallets
}

/** `wallet` with these features: its accounts still its own, as they change. */
function withFeatureSet(wallet: Wallet, features: Wallet['features']): Wallet {
  return {
    version: wallet.version,
    name: wallet.name,
    icon: wallet.icon,
    chains: wallet.chains,
    features,
    get accounts() {
      return wallet.accounts
    },
  }
}

/** `wallet` with some features replaced (or added). */
export function withFeatures(wallet: Wallet, replaced: Record<string, unknown>): Wallet {
  return withFeatureSet(wallet, { ...wallet.features, ...replaced })
}

/** `wallet` without the features `names`. */
export function withoutFeatures(wallet: Wallet, ...names: string[]): Wallet {
  return withFeatureSet(wallet, Object.fromEntries(Object.entries(wallet.features).filter(([name]) => !names.includes(name))))
}

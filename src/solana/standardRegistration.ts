/**
 * The Wallet Standard's registration, as @wallet-standard/wallet's `registerWallet` does it (that
 * package is not a dependency of ours): dispatch `wallet-standard:register-wallet` with a callback
 * for the apps already listening, and answer every later `wallet-standard:app-ready` the same way.
 * Unlike `registerWallet`, it keeps what each app's `register` returned, so the wallet can leave
 * every app's list again.
 */
import type { Wallet, WindowAppReadyEventAPI } from '@wallet-standard/base'

/**
 * Register `wallet` with every Wallet Standard app on `win`, now and later. Returns the function
 * that takes it off their lists and stops answering new apps.
 *
 * ```ts
 * const unregister = registerStandardWallet(window, wallet)
 * ```
 */
export function registerStandardWallet(win: Window, wallet: Wallet): () => void {
  const unregisters: (() => void)[] = []
  let registered = true
  const register = (api: WindowAppReadyEventAPI): void => {
    if (!registered || typeof api?.register !== 'function') return
    const unregister = api.register(wallet)
    if (typeof unregister === 'function') unregisters.push(unregister)
  }
  // The app's ready event carries its API as the detail (a page's script could send anything: checked above).
  const onAppReady = (event: Event): void => register((event as CustomEvent<WindowAppReadyEventAPI>).detail)
  win.addEventListener('wallet-standard:app-ready', onAppReady)
  win.dispatchEvent(new CustomEvent('wallet-standard:register-wallet', { detail: register }))
  return () => {
    registered = false
    win.removeEventListener('wallet-standard:app-ready', onAppReady)
    for (const unregister of unregisters.splice(0)) {
      try {
        unregister()
      } catch {
        // One app's failure does not keep the wallet on the others' lists.
      }
    }
  }
}

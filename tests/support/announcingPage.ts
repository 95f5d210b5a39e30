/**
 * A page-like window for Node tests where one wallet announces itself through EIP-6963 whenever
 * the page asks (`eip6963:requestProvider`), as a browser extension does.
 *
 * ```ts
 * const airlock = createAirlock(options, { deps: { window: announcingPage(localWallet({ rpcUrl, chainId })) } })
 * await airlock.connect('local.wallet')
 * ```
 */
import type { WalletProvider } from '../../src/chains/adapter'

export function announcingPage(
  provider: WalletProvider,
  info: { readonly name: string; readonly rdns: string } = { name: 'Local Wallet', rdns: 'local.wallet' },
): Window {
  const target = new EventTarget()
  target.addEventListener('eip6963:requestProvider', () => {
    target.dispatchEvent(
      Object.assign(new Event('eip6963:announceProvider'), {
        detail: { info: { uuid: 'w-1', name: info.name, icon: 'data:image/png;base64,AA', rdns: info.rdns }, provider },
      }),
    )
  })
  return target as unknown as Window
}

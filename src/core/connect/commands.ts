/**
 * What choosing an entry of Connect or All wallets does: the public SELECT_WALLET, the view that
 * follows, and for a wallet in this browser the connection request. Commands: pure functions of
 * the state at their turn in the queue, returning the events to dispatch.
 */
import { createEvent, type AirlockEvent, type RootState } from '../../kernel/registry'
import type { WalletEntry } from '../../events/shapes/wallet'
import { pushView } from '../router/commands'
import { View } from '../router/views'
import type { ConnectEntry } from './entrySelectors'

/**
 * Choose an entry of Connect. WalletConnect opens its view (which starts the pairing); a wallet in
 * this browser (or an external connector) opens ConnectingExternal and asks it to connect; a
 * catalog wallet opens ConnectingWalletConnect for that wallet.
 *
 * ```ts
 * chooseConnectEntry(state, { kind: 'connector', connector: metaMask, installed: true, key })
 * // [SELECT_WALLET { name: 'MetaMask', platform: 'browser' }, ROUTER_PUSH ConnectingExternal, CONNECT_REQUESTED]
 * ```
 */
export function chooseConnectEntry(state: RootState, entry: ConnectEntry): AirlockEvent[] {
  if (entry.kind === 'wallet') return chooseCatalogWallet(state, entry.wallet)
  const { connector } = entry
  if (connector.type === 'WALLET_CONNECT') {
    return [createEvent('SELECT_WALLET', { name: connector.name, platform: 'qrcode' }), ...pushView(state, View.ConnectingWalletConnect, {})]
  }
  return [
    createEvent('SELECT_WALLET', { name: connector.name, platform: entry.installed ? 'browser' : 'unknown' }),
    ...pushView(state, View.ConnectingExternal, { connectorId: connector.id }),
    createEvent('CONNECT_REQUESTED', { connectorId: connector.id }),
  ]
}

/**
 * Choose a catalog wallet (from Connect or All wallets): it is reached by a QR code or its deep links.
 *
 * ```ts
 * chooseCatalogWallet(state, rainbow) // [SELECT_WALLET { name: 'Rainbow', platform: 'qrcode' }, ROUTER_PUSH ConnectingWalletConnect]
 * ```
 */
export function chooseCatalogWallet(state: RootState, wallet: WalletEntry): AirlockEvent[] {
  return [createEvent('SELECT_WALLET', { name: wallet.name, platform: 'qrcode' }), ...pushView(state, View.ConnectingWalletConnect, { wallet })]
}

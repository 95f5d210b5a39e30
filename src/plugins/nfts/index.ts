/**
 * The NFTs plugin's module: Account's NFTs tab (SPEC §2) on eip155, from the Blockchain API
 * through the `api` port (GET /v1/account/{address}/nfts). Its view is a chunk of its own, loaded
 * when first shown.
 */
import { defineModule, invalidateOnSettled, type PortDeps } from 'airlock/plugin'
import { nftsEvents } from './events'
import { initialNftsState, reduceNfts, type NftsState } from './state'
import { readNfts, requestOnShow } from './effects'
import { nftsCommands } from './commands'
import { strings } from './stringsByLocale'

declare module 'airlock/plugin' {
  interface StateRegistry {
    nfts?: NftsState
  }
  interface ViewRegistry {
    AccountNfts: true
  }
  interface CommandRegistry {
    nfts: typeof nftsCommands
  }
}

export default defineModule<NftsState, PortDeps>({
  id: 'nfts',
  initialState: initialNftsState,
  reduce: reduceNfts,
  events: nftsEvents.codecs,
  effects: { requestOnShow, readNfts, invalidateOnSettled },
  views: { AccountNfts: () => import('./views/AccountNfts') },
  strings,
  commands: nftsCommands,
  accountTabs: [{ id: 'nfts', label: 'tab', view: 'AccountNfts', namespaces: ['eip155'] }],
})

/**
 * The receive plugin's module (SPEC §1 "Receive", on by default §9): an Account action opening
 * Receive, which shows the active address as text and as a QR code drawn locally, copies it, and
 * lists the networks (and the site's tokens) the address receives on. Its view is a chunk of its
 * own, loaded when first shown. No state: everything it shows is the core's.
 */
import { defineModule } from 'airlock/plugin'
import { strings } from './stringsByLocale'

declare module 'airlock/plugin' {
  interface ViewRegistry {
    WalletReceive: true
  }
}

export default defineModule({
  id: 'receive',
  initialState: null,
  views: { WalletReceive: () => import('./views/WalletReceive') },
  strings,
  // Every namespace with an address receives (SPEC §9 limits send, not receive).
  accountActions: [{ id: 'receive', label: 'action', view: 'WalletReceive', namespaces: ['eip155', 'solana', 'bip122'] }],
})

/**
 * The send plugin's module: its own chunk, loaded only when the feature is enabled. Its state,
 * effects and views are built in a later issue; the slice exists now so the plugin host, replay
 * and tear-down are exercised for it. It has no events, views or strings yet: they come with the feature.
 */
import { defineModule } from '../../kernel/module'
import type { PortDeps } from '../../ports/deps'

export interface SendState {
  /** The network the feature was last used on, so it can reset when the network changes. */
  readonly lastNetwork: string | null
}

declare module '../../kernel/registry' {
  interface StateRegistry {
    send?: SendState
  }
}

export default defineModule<SendState, PortDeps>({
  id: 'send',
  initialState: { lastNetwork: null },
  reduce(draft, event) {
    if (event.type === 'NETWORK_SWITCHED') draft.lastNetwork = event.payload.caipNetworkId
  },
})

/** The connectors module, id `connectors` (SPEC §3 connector state). */
import { defineModule } from '../../kernel/module'
import { initialConnectorsState, type ConnectorsState } from './state'
import { reduceConnectors } from './reducer'

/**
 * The always-on connectors module: every announced or configured connector, the merged list
 * Connect shows, the active connector per namespace and the namespace filter map. Discovery
 * (EIP-6963, injected, WalletConnect) lives in src/connectors and reports here through events.
 *
 * ```ts
 * createKernel({ modules: [connectorsModule], deps: defaultDeps() })
 * ```
 */
export const connectorsModule = defineModule<ConnectorsState>({
  id: 'connectors',
  initialState: initialConnectorsState,
  fold: (state, event) => reduceConnectors(state, event),
})

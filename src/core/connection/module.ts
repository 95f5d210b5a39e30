/** The connection module, id `connection` (SPEC §3 connection state, §4 connection status). */
import { defineModule } from '../../kernel/module'
import { initialConnectionState, type ConnectionState } from './state'
import { reduceConnection } from './reducer'

/**
 * The always-on connection module: status, relay pairing URI, deep link, recent wallet and live
 * connections. Effects that talk to wallets live with the connectors; this module only folds
 * their events.
 *
 * ```ts
 * createKernel({ modules: [connectionModule], deps: defaultDeps() })
 * ```
 */
export const connectionModule = defineModule<ConnectionState>({
  id: 'connection',
  initialState: initialConnectionState,
  fold: (state, event) => reduceConnection(state, event),
})

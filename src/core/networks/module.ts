/** The networks module, id `networks` (SPEC §3 network state, §4 switch network, §5). */
import { defineModule } from '../../kernel/module'
import { initialNetworksState, type NetworksState } from './state'
import { reduceNetworks } from './reducer'
import { announceSwitch, disableEmptiedNamespace, reportMissingAdapter } from './effects'

/**
 * The always-on networks module: the site's networks per namespace, the active network (or the
 * unsupported placeholder), adapters, approved and smart-account networks.
 *
 * ```ts
 * createKernel({ modules: [networksModule], deps: defaultDeps() })
 * ```
 */
export const networksModule = defineModule<NetworksState>({
  id: 'networks',
  initialState: initialNetworksState,
  fold: (state, event, root) => reduceNetworks(state, event, root),
  effects: { announceSwitch, reportMissingAdapter, disableEmptiedNamespace },
})

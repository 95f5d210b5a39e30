/**
 * A plugin whose one effect keeps the deps it receives: what a site's plugin gets from
 * createAirlock (the `wallet` port, the API client, …), for tests of those ports.
 *
 * ```ts
 * const probe = probePlugin()
 * const airlock = createAirlock({ ...options, plugins: [probe.plugin] }, setup)
 * await airlock.ready()
 * probe.deps().wallet.connection()
 * ```
 */
import { EMPTY } from 'rxjs'
import { defineModule } from '../../src/kernel/module'
import { definePlugin } from '../../src/kernel/plugin'
import type { PortDeps } from '../../src/ports/deps'

export function probePlugin() {
  let received: PortDeps | undefined
  const plugin = definePlugin({
    id: 'probe',
    enabledBy: () => true,
    load: async () => ({
      default: defineModule<null, PortDeps>({
        id: 'probe',
        initialState: null,
        effects: {
          keep: (_events$, _state$, deps) => {
            received = deps
            return EMPTY
          },
        },
      }),
    }),
  })
  return {
    plugin,
    /** The deps the probe's effect received; throws when the plugin has not started. */
    deps(): PortDeps {
      if (!received) throw new Error('the probe plugin did not start')
      return received
    },
  }
}

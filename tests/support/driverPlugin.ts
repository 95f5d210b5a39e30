/**
 * A plugin whose one effect dispatches the events a test hands it: how a test plays what a wallet
 * or a visitor would cause (CONNECT_SUCCESS, USER_REJECTED, …) on a real instance, now that
 * `airlock._internal.dispatch` refuses public events from outside Airlock's modules (issue 26 §4).
 * A plugin is one of the instance's modules, as a site's own plugin would be.
 *
 * ```ts
 * const driver = driverPlugin()
 * const airlock = createAirlock({ ...options, plugins: [driver.plugin] }, setup)
 * await airlock.ready()
 * driver.emit(createEvent('CONNECT_SUCCESS', { … }))
 * ```
 */
import { Subject } from 'rxjs'
import { defineModule } from '../../src/kernel/module'
import { definePlugin } from '../../src/kernel/plugin'
import type { AirlockEvent } from '../../src/kernel/registry'

export function driverPlugin() {
  const events = new Subject<AirlockEvent>()
  let started = false
  const plugin = definePlugin({
    id: 'driver',
    enabledBy: () => true,
    load: async () => ({
      default: defineModule<null>({
        id: 'driver',
        initialState: null,
        effects: {
          drive: () => {
            started = true
            return events
          },
        },
      }),
    }),
  })
  return {
    plugin,
    /** Dispatch `items` in order, from the driver's effect; throws when the plugin has not started (await `ready()` first). */
    emit(...items: readonly AirlockEvent[]): void {
      if (!started) throw new Error('the driver plugin did not start')
      for (const item of items) events.next(item)
    },
  }
}

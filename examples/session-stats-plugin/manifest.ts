/**
 * A worked example of a third-party plugin: it counts modal opens and connections and announces a
 * public milestone event every 3 opens. The manifest is all that loads eagerly; `index.ts` is its
 * own chunk, imported when the `analytics` feature is on.
 *
 * ```ts
 * const airlock = createAirlock({ projectId, plugins: [sessionStatsPlugin] })
 * ```
 */
import { definePlugin, type Features } from '../../src/index'

export const sessionStatsPlugin = definePlugin<Features>({
  id: 'sessionStats',
  enabledBy: (features) => features.analytics,
  load: () => import('./index'),
})

/**
 * A worked example of a third-party plugin: an Account action, "Sign a message", opens the plugin's
 * view, where the visitor's connected wallet signs a short message; the plugin checks the signature,
 * shows it, keeps the last one for the next visit, and publishes EXAMPLE_MESSAGE_SIGNED to the
 * analytics stream. The manifest is all that loads with the page; `index.ts` is its own chunk.
 *
 * ```ts
 * const airlock = createAirlock({ projectId, plugins: [signMessagePlugin] })
 * ```
 */
import { definePlugin, type Features } from 'airlock'

export const signMessagePlugin = definePlugin<Features>({
  id: 'signMessage',
  // Always on; a feature plugin reads its switch here (`features.swaps`).
  enabledBy: () => true,
  load: () => import('./index'),
})

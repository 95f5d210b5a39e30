/**
 * The activity plugin's manifest: eager and tiny. The Activity tab of Account (SPEC §2) on the
 * namespaces with activity (SPEC §9: eip155), loaded when the `activity` feature is on (SPEC §3
 * features and remoteFeatures; on by default) and a Blockchain API is configured, once the modal
 * has opened. Its module is its own chunk, its view another, loaded when first shown.
 *
 * History is what the Blockchain API answers: without one configured, no tab offers it (`needs`).
 * What it reads shows only in the modal: a page that never opens it loads nothing of it
 * (`deferUntilOpened`). (Said here, not beside the fields: a comment in the object reaches the
 * first load's bytes.)
 */
import { definePlugin, type Features } from 'airlock/plugin'

export const activityPlugin = definePlugin<Features>({
  id: 'activity',
  enabledBy: (features) => features.activity,
  needs: ['blockchainApi'],
  deferUntilOpened: true,
  load: () => import('./index'),
})

/**
 * The NFTs plugin's manifest: eager and tiny. The NFTs tab of Account (SPEC §2) on eip155, loaded
 * when a Blockchain API is configured, once the modal has opened. Its module is its own chunk, its
 * view another, loaded when first shown.
 *
 * ```ts
 * createAirlock({ projectId, networks, plugins: [] }) // built in: the lead registers nftsPlugin in builtin.ts
 * ```
 */
import { definePlugin, type Features } from 'airlock/plugin'

export const nftsPlugin = definePlugin<Features>({
  id: 'nfts',
  // What the account holds is part of the account, not a feature a site switches: always on.
  enabledBy: () => true,
  // NFTs are what the Blockchain API answers: without one configured, no tab offers them.
  needs: ['blockchainApi'],
  // What it reads shows only in the modal: a page that never opens it loads nothing of it.
  deferUntilOpened: true,
  load: () => import('./index'),
})

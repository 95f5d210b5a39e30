/**
 * The NFTs plugin's manifest: eager and tiny. The NFTs tab of Account (SPEC §2) on eip155, loaded
 * when a Blockchain API is configured, once the modal has opened. Its module is its own chunk, its
 * view another, loaded when first shown. What the account holds is part of the account, not a
 * feature a site switches: always on. NFTs are what the Blockchain API answers: without one
 * configured, no tab offers them. What it reads shows only in the modal: a page that never opens it
 * loads nothing of it. (Comments stay out of the object: the library build keeps those in the
 * page's first load.)
 *
 * ```ts
 * createAirlock({ projectId, networks, plugins: [] }) // built in: the lead registers nftsPlugin in builtin.ts
 * ```
 */
import { definePlugin, type Features } from 'airlock/plugin'

export const nftsPlugin = definePlugin<Features>({
  id: 'nfts',
  enabledBy: () => true,
  needs: ['blockchainApi'],
  deferUntilOpened: true,
  load: () => import('./index'),
})

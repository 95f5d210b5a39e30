/**
 * Whose NFTs the tab shows: the active account on the active network, on a namespace with NFTs
 * (eip155), and whether the tab is on screen (the modal open on Account, the NFTs tab chosen).
 */
import type { ChainNamespace } from 'airlock/plugin'
import { type RootState, selectConnectedAccount, selectCurrentAccountTab, selectView } from 'airlock/plugin'

/** The namespaces whose NFTs the Blockchain API lists (ERC-721 on EVM chains). */
export const NFT_NAMESPACES: readonly ChainNamespace[] = ['eip155']

/**
 * The CAIP-10 account whose NFTs are shown, or null.
 *
 * ```ts
 * nftsAccount(state) // 'eip155:31337:0xf39F…2266'
 * ```
 */
export function nftsAccount(state: RootState): string | null {
  const network = state.networks.activeCaipNetworkId
  const address = selectConnectedAccount(state, NFT_NAMESPACES)?.address
  return network && address ? `${network}:${address}` : null
}

/**
 * `nftsAccount` while the NFTs tab is on screen, else null.
 *
 * ```ts
 * shownNftsAccount(state) // null while the modal is closed or another tab is chosen
 * ```
 */
export function shownNftsAccount(state: RootState): string | null {
  if (!state.router.open || selectView(state) !== 'Account' || selectCurrentAccountTab(state)?.moduleId !== 'nfts') return null
  return nftsAccount(state)
}

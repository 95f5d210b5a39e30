/**
 * The namespaces whose wallets are found by the discovery chunk (namespaceWallets.ts) rather than
 * by EIP-6963. Data only, in the first load: the discover effect fetches that chunk when the site
 * configured a network of one of them.
 */
import type { ChainNamespace } from '../events/shapes/namespace'

export const CHUNK_DISCOVERED_NAMESPACES: readonly ChainNamespace[] = ['solana', 'bip122']

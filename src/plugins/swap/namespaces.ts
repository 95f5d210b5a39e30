/** Where the Swap action shows: eip155 only (the convert paths are EVM's). Data, so a namespace is one more row. */
import type { ChainNamespace } from 'airlock/plugin'

export const SWAP_NAMESPACES: readonly ChainNamespace[] = ['eip155']

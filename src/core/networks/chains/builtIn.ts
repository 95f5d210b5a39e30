/** Every built-in chain of SPEC §3, for pickers and tests that want the whole list. */
import type { CaipNetwork } from '../../../events/shapes/network'
import { arbitrum } from './arbitrum'
import { avalanche } from './avalanche'
import { base } from './base'
import { bsc } from './bsc'
import { ethereum } from './ethereum'
import { optimism } from './optimism'
import { polygon } from './polygon'
import { sepolia } from './sepolia'
import { solana } from './solana'
import { solanaDevnet } from './solanaDevnet'
import { solanaTestnet } from './solanaTestnet'
import { bitcoin } from './bitcoin'

/**
 * The built-in chains in SPEC §3 order.
 *
 * ```ts
 * BUILT_IN_CHAINS.map((n) => n.caipNetworkId) // ['eip155:42161', 'eip155:43114', …, 'bip122:000000000019d6689c085ae165831e93']
 * ```
 */
export const BUILT_IN_CHAINS: readonly CaipNetwork[] = Object.freeze([
  arbitrum,
  avalanche,
  base,
  bsc,
  ethereum,
  optimism,
  polygon,
  sepolia,
  solana,
  solanaDevnet,
  solanaTestnet,
  bitcoin,
])

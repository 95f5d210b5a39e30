/** Every built-in chain of SPEC §3 and §9's supported chains, for pickers and tests that want the whole list. */
import type { CaipNetwork } from '../../../events/shapes/network'
import { arbitrum } from './arbitrum'
import { aurora } from './aurora'
import { avalanche } from './avalanche'
import { base } from './base'
import { bsc } from './bsc'
import { celo } from './celo'
import { ethereum } from './ethereum'
import { gnosis } from './gnosis'
import { optimism } from './optimism'
import { polygon } from './polygon'
import { sepolia } from './sepolia'
import { zksync } from './zksync'
import { solana } from './solana'
import { solanaDevnet } from './solanaDevnet'
import { solanaTestnet } from './solanaTestnet'
import { bitcoin } from './bitcoin'

/**
 * The built-in chains: the EVM chains by name (SPEC §9 adds Gnosis, zkSync, Celo and Aurora to §3's), then Solana's and Bitcoin.
 *
 * ```ts
 * BUILT_IN_CHAINS.map((n) => n.caipNetworkId) // ['eip155:42161', 'eip155:43114', …, 'bip122:000000000019d6689c085ae165831e93']
 * ```
 */
export const BUILT_IN_CHAINS: readonly CaipNetwork[] = Object.freeze([
  arbitrum,
  aurora,
  avalanche,
  base,
  bsc,
  celo,
  ethereum,
  gnosis,
  optimism,
  polygon,
  sepolia,
  zksync,
  solana,
  solanaDevnet,
  solanaTestnet,
  bitcoin,
])

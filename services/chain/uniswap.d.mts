import type { Abi, Address, Hex } from 'viem'

/** The init code hash compiled into UniswapV2Router02 (UniswapV2Library.pairFor). */
export const ROUTER_INIT_CODE_HASH: Hex
/** Stands for the native currency (through WETH) in a pool. */
export const NATIVE: 'ETH'
export const ROUTER_ABI: Abi
export const FACTORY_ABI: Abi
export const PAIR_ABI: Abi

export interface UniswapArtifact {
  abi: Abi
  bytecode: Hex
}
/** The npm packages' build artifacts. */
export function uniswapArtifacts(): { factory: UniswapArtifact; pair: UniswapArtifact; weth: UniswapArtifact; router: UniswapArtifact }

export interface UniswapPoolSeed {
  /** A token's address, or NATIVE (added through addLiquidityETH). */
  a: Address | 'ETH'
  b: Address | 'ETH'
  /** base units (wei for NATIVE) */
  amountA: bigint
  amountB: bigint
}

export interface UniswapDeployment {
  chainId: number
  factory: Address
  router: Address
  weth: Address
  /** One per seed, in order; NATIVE written as the WETH address. */
  pools: { pair: Address; tokenA: Address; tokenB: Address }[]
}

/**
 * Deploys WETH9, UniswapV2Factory and UniswapV2Router02 from `account` and seeds `pools` (the
 * deployer must hold the tokens and the ether).
 */
export function deployUniswap(options: {
  rpcUrl: string
  account: { address?: Address; privateKey: Hex }
  pools?: UniswapPoolSeed[]
}): Promise<UniswapDeployment>

/** The demo's pools (ADT/ETH, ADD/ETH, ADT/ADD) priced as the API's DEFAULT_PRICES: ETH $3000, ADT $2, ADD $1. */
export function demoPools(tokens: { adt: Address; add: Address }): UniswapPoolSeed[]

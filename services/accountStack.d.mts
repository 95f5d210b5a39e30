import type { ExchangeService } from './exchange/server.mjs'
import type { StepTime } from './stepTimes.mjs'
import type { Address } from 'viem'
import type { Database } from '../server/db/database.d.mts'
import type { DemoContracts } from './chain/demoContracts.mjs'
import type { UniswapDeployment } from './chain/uniswap.mjs'
import type { BlockchainApiService, BlockchainApiToken } from './blockchain/server.mjs'

export const DEMO_DEPLOYER: { address: Address; privateKey: `0x${string}` }
export const DEMO_FRIEND: Address
export const DEMO_FRIEND_NAME: 'friend.airlock.eth'
export const DEMO_COLLECTIBLES: number
export const DEMO_SPL: { name: string; symbol: string; decimals: number; priceUsd: number }
export const DEMO_HISTORY_COUNT: number

export interface AccountServicesOptions {
  /** The anvil to deploy on and index. */
  chain: { chainId: number; rpcUrl: string }
  /** The local Solana cluster to index too, with its demo SPL mint. */
  solana?: { caipNetworkId: string; rpcUrl: string; mint?: string }
  /** Default DEV_ACCOUNT.address (the demo wallet's). */
  holder?: Address
  /** Seeded history transactions; default DEMO_HISTORY_COUNT. */
  history?: number
  /** The API's port; default a free one. */
  port?: number
  pollMs?: number
  log?: (message: string) => void
  /** airlock-server's database: the used name registration messages are kept there. */
  db?: Database
  /** airlock-server's URL (or a function giving it once known): it serves /v1/profile/*, the API passes them there. */
  profilesUrl?: string | (() => string | undefined)
  /** Filled with each step's time (services/stepTimes.mjs). */
  times?: StepTime[]
}

export interface AccountServices {
  /** The Blockchain API's base URL: the product's apiUrls.blockchain. */
  apiUrl: string
  api: BlockchainApiService
  contracts: DemoContracts
  tokens: BlockchainApiToken[]
  holder: Address
  friend: { name: string; address: Address }
  /** Uniswap V2 with the demo's pools (ADT/ETH, ADD/ETH, ADT/ADD), served by the API's /v1/convert/* paths. */
  swap: { factory: Address; router: Address; weth: Address; pools: UniswapDeployment['pools'] }
  /** The local on-ramp (services/onramp): its widget's origin and its provider name (`history?onramp=`). */
  onramp: { url: string; provider: string }
  /** The local exchanges (services/exchange): their pages' origin, each exchange, and the payments so far. */
  exchange: { url: string; exchanges: ExchangeService['exchanges']; payments: ExchangeService['payments'] }
  stop(): Promise<void>
}

export function startAccountServices(options: AccountServicesOptions): Promise<AccountServices>

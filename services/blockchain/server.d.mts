import type { Database } from '../../server/db/database.d.mts'
/** USD prices by symbol: ETH 3000, SOL 150, ADT 2, ADD 1, USDT-L 1. */
export const DEFAULT_PRICES: Readonly<Record<string, number>>
/** History items per page by default, and the most a `limit` query gets. */
export const PAGE_SIZE: number
export const MAX_PAGE_SIZE: number
/** keccak256('Transfer(address,address,uint256)'). */
export const TRANSFER_TOPIC: `0x${string}`
/** The EVM address that stands for the native currency in POST /v1/fungible/price. */
export const EVM_NATIVE_ADDRESS: `0x${string}`
/** The Solana mint that stands for SOL in POST /v1/fungible/price. */
export const SOLANA_NATIVE_MINT: string

export interface BlockchainApiEvmChain {
  chainId: number
  rpcUrl: string
  /** Default { name: 'Ether', symbol: 'ETH', decimals: 18 } with a generated icon. */
  nativeCurrency?: { name?: string; symbol?: string; decimals?: number; iconUrl?: string }
}

export interface BlockchainApiToken {
  /** A number (EVM) or a CAIP-2 id ('eip155:31337', 'solana:…' for an SPL mint). */
  chainId: number | string
  /** The contract address, or the SPL mint. */
  address: string
  name: string
  symbol: string
  decimals: number
  priceUsd?: number
  /** Default: a generated icon served by the API (/v1/token-icon/{symbol}). */
  iconUrl?: string
}

export interface BlockchainApiOptions {
  /** Default 0: a free port. Always on 127.0.0.1. */
  port?: number
  evm?: BlockchainApiEvmChain[]
  solana?: { caipNetworkId: string; rpcUrl: string }
  /** Tokens whose balances are read for every account (besides those it moved). */
  tokens?: BlockchainApiToken[]
  /** USD prices by symbol, bare address or CAIP-10 address, over DEFAULT_PRICES. */
  prices?: Record<string, number>
  /** Answers GET /v1/identity/{address}; `chainId` is CAIP-2. Null or a throw (502) when none. */
  resolveIdentity?: (address: string, chainId: string) => Promise<{ name?: string | null; avatar?: string | null } | null | undefined>
  /**
   * ENS-compatible name contracts (the demo's NameRegistry, or any contract answering viem's
   * Universal Resolver calls), one per chain among `evm`: GET /v1/profile/account/{name},
   * /v1/profile/reverse/{address} and /v1/profile/suggestions/{name} read them.
   */
  names?: { chainId: number; address: string }[]
  /** The zone suggestions are made in when the request names none; default 'airlock.eth'. */
  nameZone?: string
  /**
   * NFT contracts flagged as spam (`flags.is_spam`) in GET /v1/account/{address}/nfts and in history's `nft_info`: a bare
   * address on every chain, a CAIP-10 one ('eip155:31337:0x…') on its chain.
   */
  spam?: string[]
  /**
   * Files served at GET /media/{name} (an NFT's metadata and image, a name's avatar), so the
   * product shows them from the API's own origin. `body` may be a function of the API's base URL.
   */
  media?: Record<string, { type: string; body: string | ((baseUrl: string) => string) }>
  /** How often each EVM chain is polled for new blocks; default 500 ms. */
  pollMs?: number
  /**
   * The account that registers names for POST /v1/profile/account (the name contract's admin, so
   * it may set a primary name for the registrant). Without it, registration is refused.
   */
  registrar?: { address?: string; privateKey: `0x${string}` }
  /** A database (airlock-server's) for the used registration messages: shared by instances, kept across restarts. */
  db?: Database
  /**
   * airlock-server's URL (or a function giving it once known): /v1/profile/* are passed there
   * (method, path, query, body; its status and body back) and `names`, `registrar` and `db` serve none.
   */
  profilesUrl?: string | (() => string | undefined)
  /** A Uniswap V2 deployment on one of `evm`'s chains: the convert paths (/v1/convert/*) are served over it (./convert.mjs). */
  swap?: BlockchainApiSwap
  /** More routes, mounted by other local services (the on-ramp's). `run` answers with JSON or throws an HttpError. */
  routes?: BlockchainApiRoute[]
  /** The on-ramp's purchases for GET /v1/account/{address}/history?onramp=…: items of the history's shape. */
  onrampHistory?: (request: {
    address: string
    chains: string[]
    provider: string
    cursor: string | null
    limit: number
  }) => Promise<{ data: unknown[]; next: string | null }> | { data: unknown[]; next: string | null }
  /** Where upstream failures and internal errors are written; default console.error. */
  log?: (message: string) => void
}

export interface BlockchainApiSwap {
  chainId: number
  /** UniswapV2Factory, UniswapV2Router02 and WETH9 addresses. */
  factory: string
  router: string
  weth: string
}

export interface BlockchainApiRoute {
  method: 'GET' | 'POST'
  /** Matched against the path; its groups are the path parameters, URI-decoded. */
  pattern: RegExp
  run: (query: URLSearchParams, params: string[], body: unknown) => unknown
}

export interface BlockchainApiService {
  /** http://127.0.0.1:PORT */
  url: string
  port: number
  /** Resolves once every EVM chain is indexed up to its head as of the call (and the Solana accounts already asked about are up to date). */
  indexed(): Promise<void>
  stop(): Promise<void>
}

export function startBlockchainApi(options?: BlockchainApiOptions): Promise<BlockchainApiService>

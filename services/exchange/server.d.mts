import type { BlockchainApiRoute } from '../blockchain/server.mjs'

export const LOCAL_EXCHANGE_ACCOUNT: { address: string; privateKey: `0x${string}` }
export const FROZEN_EXCHANGE_KEY: `0x${string}`
export const DEFAULT_EXCHANGES: { id: string; name: string; privateKey: `0x${string}` }[]
export const SESSION_TTL_MS: number
export const PAGE_CSP: string

export type PaymentStatus = 'UNKNOWN' | 'IN_PROGRESS' | 'SUCCESS' | 'FAILED'

export interface ExchangePayment {
  id: string
  exchangeId: string
  network: string
  asset: string
  amount: string
  symbol: string
  recipient: string
  status: PaymentStatus
  txHash: string | null
  message: string | null
  at: number
}

export interface ExchangeService {
  /** http://127.0.0.1:PORT: the payment pages' origin. */
  url: string
  port: number
  /** GET /v1/exchanges, POST /v1/exchanges/pay-url, GET /v1/exchanges/status: for startBlockchainApi's `routes`. */
  routes: BlockchainApiRoute[]
  exchanges: { id: string; name: string; address: string }[]
  payments(): ExchangePayment[]
  stop(): Promise<void>
}

export function startExchange(options: {
  port?: number
  evm: { chainId: number; rpcUrl: string }
  exchanges?: { id: string; name: string; privateKey: `0x${string}` }[]
  now?: () => number
  log?: (message: string) => void
}): Promise<ExchangeService>

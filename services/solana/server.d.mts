import type { LiteSVM } from 'litesvm'

export const LOCAL_SOLANA_GENESIS_HASH: string
export const LOCAL_SOLANA_CAIP_NETWORK_ID: `solana:${string}`
export const DEMO_SOLANA_SECRET_KEY: string
export const DEMO_SOLANA_ADDRESS: string
export const DEMO_TOKEN_DECIMALS: number
export const BLOCKHASH_VALID_SLOTS: number
export const LAMPORTS_PER_SIGNATURE: number
export const MAX_BODY_BYTES: number

export interface SolanaAccountSeed {
  /** base58 public key */
  address: string
  lamports: bigint
  /** base units of the demo SPL token, held in the address's associated token account */
  tokens?: bigint
}

export interface LocalSolana {
  /** http://127.0.0.1:PORT, JSON-RPC */
  url: string
  /** ws://127.0.0.1:PORT, the same port, subscriptions */
  wsUrl: string
  port: number
  caipNetworkId: `solana:${string}`
  genesisHash: string
  /** base58 address of the demo SPL token mint */
  mint: string
  svm: LiteSVM
  /** Send lamports from the service key; resolves to the transaction's signature. */
  airdrop(address: string, lamports: bigint): Promise<string>
  stop(): Promise<void>
}

export function startSolana(options?: { port?: number; accounts?: SolanaAccountSeed[] }): Promise<LocalSolana>

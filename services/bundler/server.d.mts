import type { Address, Hex } from 'viem'

/** anvil's fifth development account: signs and pays for the handleOps transactions by default. */
export const BUNDLER_ACCOUNT: { address: Address; privateKey: Hex }
/** A 65-byte signature ECDSA.recover accepts that no key made: what estimates run with by default. */
export const STUB_SIGNATURE: Hex
/** The most gas one handleOps transaction may ask for. */
export const MAX_BUNDLE_GAS: bigint

export interface BundlerOptions {
  /** The chain's JSON-RPC (it must have the EntryPoint: deployAccountAbstraction). */
  rpcUrl: string
  /** Default: a free port on 127.0.0.1. */
  port?: number
  /** The key that sends handleOps and takes the fees. Default BUNDLER_ACCOUNT's. */
  privateKey?: Hex
  /** Default the canonical EntryPoint v0.7. */
  entryPoint?: Address
  /** Exact origins answered by CORS. Default: any loopback origin (http(s)://127.0.0.1|localhost|[::1][:port]). */
  allowedOrigins?: string[]
  log?: (line: string) => void
}

export interface Bundler {
  url: string
  port: number
  entryPoint: Address
  /** The bundler's own address (the handleOps sender and beneficiary). */
  address: Address
  stop(): Promise<void>
}

/**
 * A JSON-RPC ERC-4337 v0.7 bundler: eth_chainId, eth_supportedEntryPoints,
 * eth_estimateUserOperationGas, eth_sendUserOperation (one handleOps per operation, answered once
 * mined), eth_getUserOperationReceipt, eth_getUserOperationByHash.
 */
export function startBundler(options: BundlerOptions): Promise<Bundler>

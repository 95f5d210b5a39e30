/**
 * What the frame's RPC handler (./rpc/) gets from the frame (./main.ts): the chains it may use,
 * the keys (never sent anywhere), and the account type in effect. The handler answers one
 * EIP-1193 request, which the visitor approved in the frame's own view (./approval/) when SPEC
 * §6 calls it unsafe.
 */
import type { LocalAccount } from 'viem'
import type { AccountType } from '../../../src/embedded/protocol'

/** A chain the frame serves (from its config.json): eip155 only; `bundlerUrl` where smart accounts work. */
export interface FrameChain {
  readonly chainId: number
  readonly rpcUrl: string
  readonly bundlerUrl?: string
  /** The chain's name and native currency symbol, as the approval view shows them. */
  readonly name?: string
  readonly symbol?: string
}

export interface SolanaSigner {
  /** base58 address (the ed25519 public key). */
  readonly address: string
  /** The 64-byte ed25519 signature of `message`. */
  sign(message: Uint8Array): Promise<Uint8Array>
}

export interface RpcContext {
  /** The eip155 chain the wallet is on now. */
  chain(): FrameChain
  readonly chains: readonly FrameChain[]
  /** Move to `chainId`; throws RpcError 4902 when the frame does not serve it. */
  setChain(chainId: number): FrameChain
  /** The EOA key (viem `privateKeyToAccount`), the owner of the smart account too. */
  evmAccount(): LocalAccount
  /**
   * The account type in effect on `chainId` (default: the current chain): smartAccount only where
   * the chain has a bundler, the project enables it and the user prefers it. wallet_getCapabilities
   * answers for every chain, not just the current one.
   */
  accountType(chainId?: number): AccountType
  /** The Solana key and the Solana RPC the frame uses, when the frame serves Solana. */
  readonly solana?: { readonly signer: SolanaSigner; readonly rpcUrl: string }
  readonly fetch: typeof fetch
}

/** An error with a JSON-RPC / EIP-1193 / EIP-5792 code (SPEC §8), sent to the page as `{ message, code, data }`. */
export class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message)
    this.name = 'RpcError'
  }
}

export type RpcHandler = (request: { readonly method: string; readonly params?: unknown }, ctx: RpcContext) => Promise<unknown>

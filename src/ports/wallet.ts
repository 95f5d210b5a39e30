/**
 * The `wallet` port: the active wallet connection of each namespace, as effects see it. A plugin
 * asks the connected wallet to sign or send through it and never imports a connector. The
 * composition root implements it over the connectors (src/connectors/walletAccess.ts); tests hand
 * effects a fake (tests/support/testDeps.ts).
 *
 * Every call fails with an AirlockError: "No ActiveCaipAddress found" when the connection ended or
 * moved to another account since it was read, "Chain adapter not found" when the build has no
 * adapter for the namespace, and the wallet's own error otherwise, its code kept (4001 with
 * category USER_REJECTED when the visitor declined).
 *
 * ```ts
 * const effect: Effect<PortDeps> = (events$, _state$, { wallet }) =>
 *   events$.pipe(
 *     ofType('EXAMPLE_SIGN_REQUESTED'),
 *     switchMap(() => {
 *       const connection = wallet.connection('eip155')
 *       if (!connection) return of(createEvent('EXAMPLE_SIGN_FAILED', { message: 'Not connected' }))
 *       return from(connection.signMessage('Hello')).pipe(map((signature) => createEvent('EXAMPLE_SIGNED', { signature })))
 *     }),
 *   )
 * ```
 */
import type { ChainNamespace } from '../events/shapes/namespace'

/** One request in EIP-1193's shape; every wallet, whatever its namespace, is reached through it. */
export interface WalletRequest {
  readonly method: string
  readonly params?: unknown
}

/** What every wallet connection exposes (EIP-1193 shape; the events are optional): what `getProvider` returns. */
export interface WalletProvider {
  request(args: { readonly method: string; readonly params?: unknown }): Promise<unknown>
  on?(event: string, listener: (...args: never[]) => void): unknown
  removeListener?(event: string, listener: (...args: never[]) => void): unknown
  /**
   * A provider that owns a session (a relay-protocol session) ends it here; the disconnect
   * effect calls it instead of the adapter's own disconnect.
   */
  endSession?(): Promise<void>
}

/**
 * A transaction to send, in the namespace's own terms. eip155: `to`, `data` (hex) and the
 * quantities `value`, `gas`, `gasPrice`, `maxFeePerGas`, `maxPriorityFeePerGas`, `nonce`,
 * `chainId` as hex strings, bigints or safe integers; `from` is always the connected address.
 */
export type TransactionRequest = Readonly<Record<string, unknown>>

/** What a wallet says it can do, per chain (eip155: EIP-5792, chain id in hex → capabilities). */
export type WalletCapabilities = Readonly<Record<string, Readonly<Record<string, unknown>>>>

/**
 * A transfer as a plugin asks for it: `amount` in the smallest unit of what moves, which is the
 * native currency, or the fungible token at `token` (eip155: an ERC-20 contract; solana: an SPL
 * mint). The sender is the connected address, the network the one the connection is on.
 */
export interface TransferRequest {
  readonly to: string
  readonly amount: bigint
  readonly token?: string
}

/**
 * What a transfer costs in the native currency's smallest unit: `fee` is the expected network fee
 * (shown), `maxFee` the most the wallet may reserve for it (what "Max" leaves for the fee). Both
 * include what the transfer must pay besides the fee to land (solana: the receiver's token account).
 */
export interface TransferFee {
  readonly fee: bigint
  readonly maxFee: bigint
}

/**
 * The connected wallet of one namespace, as it was when read. Optional methods exist where the
 * namespace has them (eip155 has all of them).
 */
export interface WalletConnection {
  readonly namespace: ChainNamespace
  readonly connectorId: string
  /** The connected address, in the namespace's canonical form. */
  readonly address: string
  /** The CAIP-2 id of the network the wallet is on. */
  readonly caipNetworkId: string
  /** The CAIP-10 address: `${caipNetworkId}:${address}`. */
  readonly caipAddress: string
  /** Any call the wallet answers, EIP-1193 style (`{ method, params }`). */
  request(args: WalletRequest): Promise<unknown>
  /** Sign a text message; resolves to the signature as the namespace encodes it (eip155: personal_sign, hex). */
  signMessage(message: string): Promise<string>
  /** Send a transaction; resolves to its id (eip155: the transaction hash). */
  sendTransaction?(transaction: TransactionRequest): Promise<string>
  /** Sign structured data (eip155: EIP-712 `{ domain, types, primaryType, message }` through eth_signTypedData_v4). */
  signTypedData?(typedData: unknown): Promise<string>
  /** What the wallet can do (eip155: wallet_getCapabilities for the connected address). */
  getCapabilities?(): Promise<WalletCapabilities>
  /**
   * Send the native currency or a token and wait until the chain has settled it; resolves to its
   * id (eip155: the hash, once mined with status success; solana: the signature, once confirmed)
   * and fails when the chain reverted or refused it. Absent where the namespace has no transfers.
   */
  sendTransfer?(transfer: TransferRequest): Promise<string>
  /** The network fee `transfer` would cost, read from the chain. Present with `sendTransfer`. */
  estimateTransferFee?(transfer: TransferRequest): Promise<TransferFee>
  /**
   * Wait until the transaction `id` that `sendTransaction` returned has landed on the connection's
   * network: resolves once it succeeded (eip155: mined with status 1), throws "Transaction
   * reverted" or, after 4 minutes, "The request took too long to respond". Absent where the
   * namespace has no such wait.
   */
  waitForTransaction?(id: string): Promise<void>
  /**
   * Sign in the wallet's own way (solana: `solana:signIn`, the wallet writes the message); fails
   * with 4200 (unsupported method) where the wallet has no such feature, when a signed message
   * (`signMessage`) does instead. Absent where the namespace has none.
   */
  signIn?(input: WalletSignInInput): Promise<WalletSignInResult>
}

/**
 * A sign-in request in the wallet's own terms (Sign-In With Solana's `solana:signIn` input, after
 * EIP-4361): the wallet writes the message itself from these fields and signs it.
 */
export interface WalletSignInInput {
  readonly domain: string
  readonly uri: string
  readonly version: '1'
  /** The chain id as the message states it (the CAIP-2 reference). */
  readonly chainId: string
  readonly nonce: string
  readonly issuedAt: string
  readonly expirationTime?: string
  readonly statement?: string
}

/** What a wallet's sign-in answered: the exact text it signed, and the signature as the namespace encodes it. */
export interface WalletSignInResult {
  readonly message: string
  readonly signature: string
}

export interface WalletAccess {
  /**
   * The connection of `namespace` (by default the active namespace's), or undefined when none is
   * connected.
   */
  connection(namespace?: ChainNamespace): WalletConnection | undefined
}

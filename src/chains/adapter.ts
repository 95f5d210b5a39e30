/**
 * The one interface every chain namespace implements (DESIGN: `src/chains`, one adapter per
 * namespace). eip155 is implemented with viem in `./eip155`; solana and bip122 implement the same
 * methods with their own libraries, so the connectors and the core never branch on the namespace.
 *
 * Every wallet, whatever its namespace or transport (an injected object, an EIP-6963 provider, a
 * relay-protocol session, the embedded wallet's frame), is reached through one `request` function
 * with EIP-1193's shape: `request({ method, params })`. The adapter knows which methods to call
 * and how to read the answers; the connector knows how to carry them.
 */
import type { CaipNetwork } from '../events/shapes/network'
import type { Time } from '../kernel/retry'
import type { AccountType, ChainNamespace } from '../events/shapes/namespace'
import type { TransferFee, WalletProvider, WalletSignInInput, WalletSignInResult } from '../ports/wallet'

/** An error a wallet or a node answers with: EIP-1193 and JSON-RPC both carry a numeric code. */
export interface CodedError {
  readonly code?: number
  readonly message?: string
}

/** What every wallet connection exposes: a port (src/ports/wallet.ts), named here for the adapters. */
export type { TransferFee, WalletProvider }

/**
 * Read access to a chain at the network's endpoint: JSON-RPC over HTTP for eip155 and solana
 * (`request`), a REST indexer for bip122 (`get`: an Esplora-shaped API, the same against a local
 * node and a public one).
 */
export interface ChainReader {
  request(method: string, params?: readonly unknown[]): Promise<unknown>
  /** An HTTP GET of `path` (e.g. '/address/bcrt1q…') below the endpoint, its JSON body undecoded. */
  get(path: string): Promise<unknown>
  /** The instance's clock and scheduler, which polls over this reader wait on (real time when absent). */
  readonly time?: Time
}

/** The accounts a wallet exposes and the chain it is on (a CAIP-2 reference, e.g. '137'). */
export interface WalletSession {
  readonly addresses: readonly string[]
  readonly chainReference: string
  /**
   * The account type of each address, in the same order (SPEC §3/§9: bip122's payment and
   * ordinal addresses); 'eoa' for every address when absent.
   */
  readonly accountTypes?: readonly AccountType[]
}

/**
 * Page-local methods, answered by the provider that carries a namespace whose wallets keep no
 * current chain of their own (solana and bip122: the site picks the chain of each call). A Wallet
 * Standard wallet's provider, a Bitcoin provider's and a relay session's all answer them; they
 * never reach a wallet.
 *
 * - `airlock_setChain`, params `[caipNetworkId]`: the chain the next calls are made on. Throws
 *   code 4902 when the wallet (or the relay session) does not have that chain.
 * - `airlock_disconnect`: tell the wallet the site is done (Wallet Standard `standard:disconnect`;
 *   a no-op where the wallet has no such call).
 */
export const SET_CHAIN_METHOD = 'airlock_setChain'
export const DISCONNECT_METHOD = 'airlock_disconnect'

/** What a wallet tells us on its own after connecting. */
export interface WalletEventHandlers {
  /** The wallet's new accounts, the first active; `types` as WalletSession.accountTypes (bip122's payment and ordinal). */
  accountsChanged(addresses: readonly string[], types?: readonly AccountType[]): void
  chainChanged(chainReference: string): void
  disconnect(): void
}

export interface NativeBalance {
  /** In the smallest unit (wei, lamports, satoshis). */
  readonly value: bigint
  readonly decimals: number
  readonly symbol: string
}

export interface NativeTransfer {
  readonly from: string
  readonly to: string
  /** In the smallest unit. */
  readonly amount: bigint
  readonly network: CaipNetwork
  /**
   * The network's reader, for a namespace whose transfer is built by the site rather than filled
   * in by the wallet: solana needs a recent blockhash and fails without it; eip155 ignores it.
   */
  readonly reader?: ChainReader
}

/**
 * A transfer of the native currency, or of the fungible token at `token` (eip155: an ERC-20
 * contract; solana: an SPL mint), `amount` in its smallest unit. `reader` as for NativeTransfer:
 * a transfer waits for the chain through it (eip155 falls back to the wallet's own endpoint).
 */
export interface Transfer extends NativeTransfer {
  readonly token?: string
}

/**
 * A transaction in the namespace's own terms. eip155: `to`, `data` as hex, and the quantities
 * (`value`, `gas`, `gasPrice`, `maxFeePerGas`, `maxPriorityFeePerGas`, `nonce`) as hex strings,
 * bigints or safe integers; `from` is always the connected address.
 */
export type TransactionRequest = Readonly<Record<string, unknown>>

/** What a wallet says it can do, per chain (EIP-5792 `wallet_getCapabilities`: chain id → capabilities). */
export type WalletCapabilities = Readonly<Record<string, Readonly<Record<string, unknown>>>>

export interface ChainAdapter {
  readonly namespace: ChainNamespace
  /** The wallet RPC methods of this namespace (SPEC §6), asked for in relay-protocol namespaces. */
  readonly methods: readonly string[]
  /** The wallet events of this namespace, asked for in relay-protocol namespaces. */
  readonly events: readonly string[]
  isAddress(address: string): boolean
  /** The canonical form shown and stored (EIP-55 checksum for eip155). */
  formatAddress(address: string): string
  /**
   * Ask the wallet for its accounts (it may prompt the visitor). `network` is the network the site
   * would use in this namespace (its selected one): a namespace whose wallets keep no current chain
   * (solana, bip122) sets it on the provider and reports it as the session's chain; eip155 reads
   * the wallet's chain instead.
   */
  connect(provider: WalletProvider, network?: CaipNetwork): Promise<WalletSession>
  /** The accounts the wallet already exposes, without a prompt; null when it exposes none. `network` as for `connect`. */
  restore(provider: WalletProvider, network?: CaipNetwork): Promise<WalletSession | null>
  /** Move the wallet to `network`, adding it to the wallet first when the wallet does not know it. */
  switchNetwork(provider: WalletProvider, network: CaipNetwork): Promise<void>
  /** Tell the wallet the site is done with it (best effort: not every wallet can be told). */
  disconnect(provider: WalletProvider): Promise<void>
  /** Sign a text message with `address`; returns the signature as the namespace encodes it. */
  signMessage(provider: WalletProvider, address: string, message: string): Promise<string>
  /** Sign in the wallet's own way as `address` (solana: `solana:signIn`); absent where the namespace has none. */
  signIn?(provider: WalletProvider, address: string, input: WalletSignInInput): Promise<WalletSignInResult>
  /**
   * Send a transaction from `address`; returns its id (hash or signature). Absent where the
   * namespace has no such call.
   */
  sendTransaction?(provider: WalletProvider, address: string, transaction: TransactionRequest): Promise<string>
  /** Sign structured data (eip155: EIP-712 through eth_signTypedData_v4); absent where the namespace has none. */
  signTypedData?(provider: WalletProvider, address: string, typedData: unknown): Promise<string>
  /** The wallet's capabilities for `address` (eip155: EIP-5792); absent where the namespace has none. */
  getCapabilities?(provider: WalletProvider, address: string): Promise<WalletCapabilities>
  /**
   * Sign a PSBT (BIP-174, base64) with `address`'s keys (bip122 `signPsbt`): the wallet signs the
   * inputs of `signInputs` (each an address of the wallet, an input index and optionally its
   * sighash types) and returns the PSBT with their signatures; with `broadcast` it also finalizes
   * and sends the transaction and returns its id. Absent where the namespace has no PSBTs.
   *
   * ```ts
   * const { psbt, txid } = await adapter.signPsbt!(provider, paymentAddress, psbtBase64, [{ address: paymentAddress, index: 0 }], true)
   * ```
   */
  signPsbt?(
    provider: WalletProvider,
    address: string,
    psbtBase64: string,
    signInputs: readonly { readonly address: string; readonly index: number; readonly sighashTypes?: readonly number[] }[],
    broadcast?: boolean,
  ): Promise<{ readonly psbt: string; readonly txid?: string }>
  /** Send the native currency; returns the transaction id. */
  sendNativeTransfer(provider: WalletProvider, transfer: NativeTransfer): Promise<string>
  /**
   * Send the native currency or a token from `transfer.from` and wait until the chain settled it:
   * the id once it landed, an error when the chain reverted or refused it. Absent where the
   * namespace has no token transfers.
   */
  sendTransfer?(provider: WalletProvider, transfer: Transfer): Promise<string>
  /** What `transfer` would cost in the native currency's smallest unit. Present with `sendTransfer`. */
  estimateTransferFee?(provider: WalletProvider, transfer: Transfer): Promise<TransferFee>
  /**
   * Wait until the transaction `id` (eip155: its hash) has landed on `network`, read through
   * `reader` (else the wallet's own endpoint): resolves once it succeeded, throws "Transaction
   * reverted" when the chain reverted it and "The request took too long to respond" when it did
   * not land in time. Absent where the namespace has no such wait.
   */
  waitForTransaction?(provider: WalletProvider, id: string, network: CaipNetwork, reader?: ChainReader): Promise<void>
  getBalance(reader: ChainReader, address: string, network: CaipNetwork): Promise<NativeBalance>
  /** Follow the wallet's own events; returns the function that stops following. */
  subscribe(provider: WalletProvider, handlers: WalletEventHandlers): () => void
}

/** Loads an adapter when first needed (each adapter is its own chunk). */
export type AdapterLoader = (namespace: ChainNamespace) => Promise<ChainAdapter | undefined>

/** The numeric code of a wallet or node error, if it has one. */
export function errorCode(error: unknown): number | undefined {
  if (typeof error !== 'object' || error === null || !('code' in error)) return undefined
  const code = (error as CodedError).code
  return typeof code === 'number' ? code : undefined
}

/** A wallet or node error's message, or `fallback`; trimmed to a length fit to show. */
export function errorMessage(error: unknown, fallback: string): string {
  const raw = typeof error === 'object' && error !== null && 'message' in error ? (error as CodedError).message : undefined
  const message = typeof raw === 'string' && raw.trim() !== '' ? raw.trim() : fallback
  return message.length > 200 ? `${message.slice(0, 199)}…` : message
}

/** SPEC §8 thrown message when a namespace has no adapter in this build. */
export const CHAIN_ADAPTER_NOT_FOUND = 'Chain adapter not found'

/** EIP-1193 provider codes (SPEC §8). */
export const USER_REJECTED_CODE = 4001
export const UNRECOGNIZED_CHAIN_CODE = 4902

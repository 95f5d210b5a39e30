/**
 * The solana chain adapter. Loaded lazily: the first connect or reconnect of a Solana wallet
 * fetches it. It speaks WalletConnect's Solana JSON-RPC methods (`solana_requestAccounts`,
 * `solana_signMessage`, `solana_signAndSendTransaction`, …), so one adapter serves a relay session
 * and a Wallet Standard wallet alike (src/connectors/walletStandard/solana.ts answers the same
 * methods through the wallet's features).
 *
 * Solana wallets keep no current chain: the site picks the chain of each call, through the
 * page-local SET_CHAIN_METHOD, before connecting, restoring, switching and sending.
 *
 * Library: @solana/kit (with @solana-program/system's transfer instruction), not @solana/web3.js.
 * Measured with esbuild (bundled, minified, gzip): this adapter with everything inlined is 25.0 KB,
 * web3.js's Connection + SystemProgram + Transaction doing the same work 96.4 KB. kit is
 * tree-shakable functions where web3.js is classes that pull in the whole library (and a Buffer
 * polyfill). Only sendNativeTransfer needs kit, so it lives in ./transfer and loads at the first
 * transfer (17.1 KB): connecting and signing fetch 6.7 KB, 3.7 KB of it ours and the rest io-ts,
 * which the page already has.
 */
import {
  DISCONNECT_METHOD,
  errorCode,
  SET_CHAIN_METHOD,
  type ChainAdapter,
  type ChainReader,
  type WalletEventHandlers,
  type WalletProvider,
  type WalletSession,
} from '../adapter'
import type { CaipNetwork } from '../../events/shapes/network'
import { AirlockError, ErrorCategory } from '../../kernel/errors'
import { JsonRpcErrorCode, ProviderErrorCode } from '../../kernel/errors/codes'
import { UnauthorizedProviderError, WalletAnswerError } from '../../kernel/errors/provider'
import { encodeBase58 } from '../../validation/base58'
import { base64 } from '@scure/base'
import { isSolanaAddress } from '../../validation/solanaAddress'
import { decodeAccounts, decodeBalance, decodeLatestBlockhash, decodeSentSignature, decodeSignature, decodeSignedTransaction, decodeSignIn } from './decode'
import { SOLANA_EVENTS, SOLANA_METHODS } from './methods'
import { solanaTransactionParams, type SolanaTransactionParams } from './transaction'

/** Lamports per SOL: 10^9, whatever a network's own description says. */
const SOL_DECIMALS = 9
const U64_MAX = 2n ** 64n - 1n

/** The CAIP-2 reference of a Solana network: its genesis hash prefix, the part after 'solana:'. */
function chainReferenceOf(network: CaipNetwork | undefined): string {
  if (network === undefined) {
    throw new AirlockError('A Solana network is needed', {
      details: 'Solana wallets keep no current chain: connect and restore need the network the site uses',
    })
  }
  return network.caipNetworkId.slice(network.caipNetworkId.indexOf(':') + 1)
}

/**
 * Set the chain of the next calls. The network's name and endpoint go along: a wallet that lists a
 * local validator as `solana:localnet` knows a site's cluster on loopback by that name, and one
 * that has the network under no name says which it lacks.
 */
async function setChain(provider: WalletProvider, network: CaipNetwork): Promise<void> {
  const rpcUrl = network.rpcUrls.default.http[0]
  await provider.request({ method: SET_CHAIN_METHOD, params: [network.caipNetworkId, { name: network.name, ...(rpcUrl === undefined ? {} : { rpcUrl }) }] })
}

function session(addresses: readonly string[], network: CaipNetwork | undefined): WalletSession {
  return { addresses, chainReference: chainReferenceOf(network) }
}

function assertAddress(address: string): string {
  if (!isSolanaAddress(address))
    throw new AirlockError('Invalid Solana address', { details: `${JSON.stringify(address)} is not a base58 public key of 32 bytes` })
  return address
}

async function signAndSend(provider: WalletProvider, params: SolanaTransactionParams): Promise<string> {
  const method = 'solana_signAndSendTransaction'
  return decodeSignature(method, await provider.request({ method, params }))
}

/** A wallet (or relay session) that does not have the method says so with one of these codes. */
const isUnsupported = (error: unknown): boolean => {
  const code = errorCode(error)
  return code === ProviderErrorCode.UNSUPPORTED_METHOD || code === JsonRpcErrorCode.METHOD_NOT_FOUND
}

/** The transfer's reader: a Solana transfer needs a recent blockhash, and waits for its confirmation through it. */
function readerOf(reader: ChainReader | undefined): ChainReader {
  if (reader === undefined) {
    throw new AirlockError('A chain reader is needed', { details: 'A Solana transfer needs a recent blockhash from the network’s RPC endpoint' })
  }
  return reader
}

/** A recent blockhash to build a transaction on. */
async function latestBlockhash(reader: ChainReader): Promise<{ readonly blockhash: string; readonly lastValidBlockHeight: bigint }> {
  return decodeLatestBlockhash(await reader.request('getLatestBlockhash', [{ commitment: 'confirmed' }]))
}

/** Have the wallet sign and send `transaction`; one that only signs sends it through the reader. */
async function sendBuilt(provider: WalletProvider, reader: ChainReader, transaction: string): Promise<string> {
  try {
    return await signAndSend(provider, { transaction })
  } catch (error) {
    if (!isUnsupported(error)) throw error
    return signThenSend(provider, reader, transaction)
  }
}

/**
 * For a wallet that signs but does not send (Wallet Standard `solana:signTransaction` only): sign
 * there, send through the network's reader.
 */
async function signThenSend(provider: WalletProvider, reader: ChainReader, transaction: string): Promise<string> {
  const method = 'solana_signTransaction'
  const signed = decodeSignedTransaction(method, await provider.request({ method, params: { transaction } }))
  if (signed.transaction === undefined)
    throw new AirlockError('The wallet signed but returned no transaction', { category: ErrorCategory.RPC, details: `${method} gave a signature only` })
  const signature = decodeSentSignature(await reader.request('sendTransaction', [signed.transaction, { encoding: 'base64', preflightCommitment: 'confirmed' }]))
  return signature
}

function subscribe(provider: WalletProvider, handlers: WalletEventHandlers): () => void {
  if (typeof provider.on !== 'function') return () => undefined
  const onAccounts = (addresses: unknown): void => {
    // A malformed event is ignored as a whole: the state stays as it was.
    if (!Array.isArray(addresses)) return
    // Array.from turns a hole into undefined, which `every` would skip (tests/fuzz/walletAnswers.fuzz.test.ts).
    const list: unknown[] = Array.from(addresses)
    if (!list.every(isSolanaAddress)) return
    handlers.accountsChanged(list as string[])
  }
  const onDisconnect = (): void => handlers.disconnect()
  const listeners: [string, (value: never) => void][] = [
    ['accountsChanged', onAccounts],
    ['disconnect', onDisconnect],
  ]
  for (const [event, listener] of listeners) provider.on(event, listener)
  return () => {
    for (const [event, listener] of listeners) provider.removeListener?.(event, listener)
  }
}

/**
 * The solana ChainAdapter: what the connectors and the core call for any Solana wallet, over any
 * provider that answers the solana relay methods and the page-local SET_CHAIN_METHOD.
 *
 * ```ts
 * const session = await solanaAdapter.connect(provider, solanaMainnet) // { addresses: ['7S3P…'], chainReference: '5eykt4Us…' }
 * const signature = await solanaAdapter.signMessage(provider, session.addresses[0], 'Hello') // base58, 64 bytes
 * await solanaAdapter.sendNativeTransfer(provider, { from, to, amount: 10_000_000n, network: solanaMainnet, reader })
 * ```
 */
export const solanaAdapter: ChainAdapter = {
  namespace: 'solana',
  methods: SOLANA_METHODS,
  events: SOLANA_EVENTS,
  isAddress: isSolanaAddress,
  // base58 has one spelling per key: a valid address is already canonical.
  formatAddress: assertAddress,

  async connect(provider, network) {
    chainReferenceOf(network)
    await setChain(provider, network!)
    const method = 'solana_requestAccounts'
    const addresses = decodeAccounts(method, await provider.request({ method, params: {} }))
    if (addresses.length === 0) throw new UnauthorizedProviderError({ details: 'The wallet returned no account' })
    return session(addresses, network)
  },

  async restore(provider, network) {
    chainReferenceOf(network)
    await setChain(provider, network!)
    const method = 'solana_getAccounts'
    const addresses = decodeAccounts(method, await provider.request({ method, params: {} }))
    return addresses.length === 0 ? null : session(addresses, network)
  },

  switchNetwork: setChain,

  async disconnect(provider) {
    // Standard wallets forget the site on standard:disconnect; others have no such call. The site
    // forgets the connection either way, so a refusal does not fail the disconnect.
    try {
      await provider.request({ method: DISCONNECT_METHOD })
    } catch {
      // Best effort, as above.
    }
  },

  async signMessage(provider, address, message) {
    const method = 'solana_signMessage'
    const params = { message: encodeBase58(new TextEncoder().encode(message)), pubkey: assertAddress(address) }
    return decodeSignature(method, await provider.request({ method, params }))
  },

  async signIn(provider, address, input) {
    const method = 'solana_signIn'
    const answer = decodeSignIn(method, await provider.request({ method, params: { input: { ...input, address: assertAddress(address) } } }))
    if (answer.address !== address) throw new UnauthorizedProviderError({ details: `${method} signed in ${answer.address}, not ${address}` })
    let message: string
    try {
      message = new TextDecoder('utf-8', { fatal: true }).decode(base64.decode(answer.signedMessage))
    } catch (error) {
      // Not base64, or not UTF-8 text (tests/fuzz/walletAnswers.fuzz.test.ts found it): the wallet's answer, not a crash.
      throw new WalletAnswerError({ method, answer: 'a signed message that is not base64 of UTF-8 text', cause: error })
    }
    return { message, signature: answer.signature }
  },

  async sendTransaction(provider, _address, transaction) {
    return signAndSend(provider, solanaTransactionParams(transaction))
  },

  async sendNativeTransfer(provider, { from, to, amount, network, reader }) {
    const chain = readerOf(reader)
    if (amount <= 0n || amount > U64_MAX) throw new AirlockError('Invalid amount', { details: `${amount} lamports is not a positive 64-bit amount` })
    assertAddress(from)
    assertAddress(to)
    await setChain(provider, network)
    const lifetime = await latestBlockhash(chain)
    const { transferSolTransaction } = await import('./transfer')
    return sendBuilt(provider, chain, transferSolTransaction({ from, to, amount, ...lifetime }))
  },

  // SOL and SPL transfers, their fees and confirmations load their chunk (./tokenTransfer) at the first use.
  async sendTransfer(provider, transfer) {
    const reader = readerOf(transfer.reader)
    await setChain(provider, transfer.network)
    const [{ transferTransaction, confirmTransfer }, lifetime] = await Promise.all([import('./tokenTransfer'), latestBlockhash(reader)])
    const signature = await sendBuilt(provider, reader, await transferTransaction(reader, transfer, lifetime))
    await confirmTransfer(reader, signature)
    return signature
  },

  async estimateTransferFee(_provider, transfer) {
    const reader = readerOf(transfer.reader)
    const [{ transferFee }, lifetime] = await Promise.all([import('./tokenTransfer'), latestBlockhash(reader)])
    return transferFee(reader, transfer, lifetime)
  },

  async getBalance(reader, address, network) {
    const value = decodeBalance(await reader.request('getBalance', [assertAddress(address), { commitment: 'confirmed' }]))
    return { value, decimals: SOL_DECIMALS, symbol: network.nativeCurrency.symbol }
  },

  subscribe,
}

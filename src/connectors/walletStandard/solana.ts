/**
 * Solana over Wallet Standard: which registered wallets serve the solana namespace, and each as a
 * provider that answers WalletConnect's Solana methods (the ones src/chains/solana/adapter.ts
 * sends) through the wallet's features. So the one adapter serves a relay session and a browser
 * wallet alike.
 *
 * The wallet object is untrusted: its features are checked before use, its answers decoded, and
 * what it throws becomes the matching AirlockError with the wallet's code kept (4001 stays a
 * refusal). Names and icons are sanitised by discovery, not here.
 */
import type { IdentifierString, Wallet, WalletAccount } from '@wallet-standard/base'
import type { StandardConnectFeature, StandardDisconnectFeature, StandardEventsChangeProperties, StandardEventsFeature } from '@wallet-standard/features'
import type {
  SolanaSignAndSendTransactionFeature,
  SolanaSignInFeature,
  SolanaSignInInput,
  SolanaSignMessageFeature,
  SolanaSignTransactionFeature,
} from '@solana/wallet-standard-features'
import { base64 } from '@scure/base'
import * as t from 'io-ts'
import { DISCONNECT_METHOD, SET_CHAIN_METHOD, type WalletProvider } from '../../chains/adapter'
import { isSolanaChain, walletChainFor, type SolanaChainRef } from '../../chains/solana/chains'
import { readSigners } from '../../chains/solana/wire'
import { ChainNotInWalletError } from '../../kernel/errors/chainNotInWallet'
import { ChainDisconnectedError, UnauthorizedProviderError, UnsupportedProviderMethodError, WalletAnswerError } from '../../kernel/errors/provider'
import { decodeBase58, encodeBase58 } from '../../validation/base58'
import { isSolanaAddress } from '../../validation/solanaAddress'
import type { StandardNamespace } from './namespace'
import { sanitizeWalletName } from '../sanitize'
import { invalidParams, params, SetChainParams, wrapProvider } from '../wrappedProvider'

type Features = Partial<
  StandardConnectFeature &
    StandardDisconnectFeature &
    StandardEventsFeature &
    SolanaSignMessageFeature &
    SolanaSignTransactionFeature &
    SolanaSignAndSendTransactionFeature &
    SolanaSignInFeature
>

/** Whether the wallet's feature `name` has a function `method` (a wallet's getters may throw). */
function hasMethod(wallet: Wallet, name: string, method: string): boolean {
  try {
    const feature: unknown = wallet.features[name as IdentifierString]
    return typeof feature === 'object' && feature !== null && typeof (feature as Record<string, unknown>)[method] === 'function'
  } catch {
    return false
  }
}

function accepts(wallet: Wallet): boolean {
  try {
    if (!Array.isArray(wallet.chains) || !wallet.chains.some(isSolanaChain)) return false
  } catch {
    return false
  }
  return (
    hasMethod(wallet, 'standard:connect', 'connect') &&
    hasMethod(wallet, 'standard:events', 'on') &&
    hasMethod(wallet, 'solana:signMessage', 'signMessage') &&
    (hasMethod(wallet, 'solana:signAndSendTransaction', 'signAndSendTransaction') || hasMethod(wallet, 'solana:signTransaction', 'signTransaction'))
  )
}

// --- the caller's parameters (the adapter's, or a site's own through getProvider('solana')) ---

const SignMessageParams = t.type({ message: t.string, pubkey: t.string })
const TransactionParams = t.type({ transaction: t.string })
const AllTransactionsParams = t.type({ transactions: t.array(t.string) })
const SendOptions = t.partial({
  skipPreflight: t.boolean,
  preflightCommitment: t.keyof({ processed: null, confirmed: null, finalized: null }),
  maxRetries: t.number,
  minContextSlot: t.number,
})
const SignAndSendParams = t.intersection([TransactionParams, t.partial({ sendOptions: SendOptions })])
const SignInInput = t.partial({
  domain: t.string,
  address: t.string,
  statement: t.string,
  uri: t.string,
  version: t.string,
  chainId: t.string,
  nonce: t.string,
  issuedAt: t.string,
  expirationTime: t.string,
  notBefore: t.string,
  requestId: t.string,
  resources: t.array(t.string),
})
const SignInParams = t.partial({ input: SignInInput })

function bytesOfBase64(method: string, value: string): Uint8Array {
  try {
    return base64.decode(value)
  } catch (error) {
    throw invalidParams(method, `not base64 (${error instanceof Error ? error.message : 'unreadable'})`)
  }
}

function signersOf(method: string, transaction: Uint8Array): ReturnType<typeof readSigners> {
  try {
    return readSigners(transaction)
  } catch (error) {
    throw invalidParams(method, error instanceof Error ? error.message : 'not a wire transaction')
  }
}

// --- the wallet's answers (untrusted) ---

const isBytes = (value: unknown, length?: number): value is Uint8Array => value instanceof Uint8Array && (length === undefined || value.length === length)

/** A feature's outputs: a list of exactly `count` objects. */
function outputs(method: string, value: unknown, count: number): Record<string, unknown>[] {
  if (!Array.isArray(value) || value.length !== count || !value.every((entry) => typeof entry === 'object' && entry !== null)) {
    throw new WalletAnswerError({ method, answer: `something that is not a list of ${count} result${count === 1 ? '' : 's'}` })
  }
  return value as Record<string, unknown>[]
}

function signatureOf(method: string, output: Record<string, unknown>): string {
  if (!isBytes(output.signature, 64)) throw new WalletAnswerError({ method, answer: 'something that is not a 64-byte signature' })
  return encodeBase58(output.signature)
}

function signedTransactionOf(method: string, output: Record<string, unknown>): Uint8Array {
  if (!isBytes(output.signedTransaction) || output.signedTransaction.length === 0) {
    throw new WalletAnswerError({ method, answer: 'something that is not a signed transaction' })
  }
  return output.signedTransaction
}

/** A wallet's accounts that hold a solana chain; one that claims a solana chain must have a Solana address. */
function solanaAccounts(method: string, accounts: unknown): WalletAccount[] {
  if (!Array.isArray(accounts)) throw new WalletAnswerError({ method, answer: 'something that is not a list of accounts' })
  const solana = accounts.filter(
    (account): account is WalletAccount =>
      typeof account === 'object' &&
      account !== null &&
      Array.isArray((account as WalletAccount).chains) &&
      (account as WalletAccount).chains.some(isSolanaChain),
  )
  if (!solana.every((account) => isSolanaAddress(account.address))) throw new WalletAnswerError({ method, answer: 'an account that is not a Solana address' })
  return solana
}

const pubkeys = (accounts: readonly WalletAccount[]): { pubkey: string }[] => accounts.map((account) => ({ pubkey: account.address }))

/** How many of a wallet's chains an error names. */
const MAX_CHAINS_NAMED = 8

/** `wallet` as a provider of the solana relay methods. */
function standardSolanaProvider(wallet: Wallet): WalletProvider {
  const features = wallet.features as Features
  /** The chain the site picked (SET_CHAIN_METHOD), in the form the wallet lists it. */
  let chain: IdentifierString | undefined
  // The wallet is followed while anyone listens (see wrappedProvider.ts); `dispatch` is below.
  const { provider, emit } = wrapProvider(dispatch, () => features['standard:events']?.on('change', onChange))

  const onChange = (properties: StandardEventsChangeProperties): void => {
    if (typeof properties !== 'object' || properties === null || !('accounts' in properties)) return
    let accounts: WalletAccount[]
    try {
      accounts = solanaAccounts('standard:events', properties.accounts)
    } catch {
      return // A malformed change is ignored: the state stays as it was.
    }
    if (accounts.length === 0) emit('disconnect')
    else
      emit(
        'accountsChanged',
        accounts.map((account) => account.address),
      )
  }

  /** The wallet's chains, read now (a wallet may change them). */
  const walletChains = (): readonly string[] => (Array.isArray(wallet.chains) ? wallet.chains : [])

  /** The wallet's form of the site's network (see walletChainFor). */
  function walletChain(network: SolanaChainRef): IdentifierString | undefined {
    return walletChainFor(network, walletChains())
  }

  /** The exposed account with this address. */
  function account(method: string, address: string): WalletAccount {
    const found = solanaAccounts(method, wallet.accounts).find((entry) => entry.address === address)
    if (!found) throw new UnauthorizedProviderError({ details: `${address} is not an account the wallet exposes to this site` })
    return found
  }

  /** The exposed account that must sign `transaction` (the first such, the fee payer when it is one). */
  function signer(method: string, transaction: Uint8Array): { account: WalletAccount; slot: number } {
    const { signers } = signersOf(method, transaction)
    const exposed = solanaAccounts(method, wallet.accounts)
    for (const [slot, address] of signers.entries()) {
      const found = exposed.find((entry) => entry.address === address)
      if (found) return { account: found, slot }
    }
    throw new UnauthorizedProviderError({ details: 'No account the wallet exposes to this site signs this transaction' })
  }

  function feature<K extends keyof Features>(name: K): NonNullable<Features[K]> {
    const value = features[name]
    if (value === undefined) throw new UnsupportedProviderMethodError({ details: `${wallet.name} has no ${name}` })
    return value as NonNullable<Features[K]>
  }

  async function signTransactions(method: string, encoded: readonly string[]): Promise<{ bytes: Uint8Array; slot: number }[]> {
    const { signTransaction } = feature('solana:signTransaction')
    const inputs = encoded.map((value) => {
      const transaction = bytesOfBase64(method, value)
      return { ...signer(method, transaction), transaction }
    })
    const signed = outputs(
      method,
      await signTransaction(...inputs.map(({ account, transaction }) => ({ account, transaction, ...(chain === undefined ? {} : { chain }) }))),
      inputs.length,
    )
    return signed.map((output, i) => ({ bytes: signedTransactionOf(method, output), slot: inputs[i]!.slot }))
  }

  async function dispatch(method: string, value: unknown): Promise<unknown> {
    switch (method) {
      case 'solana_requestAccounts': {
        const { accounts } = await feature('standard:connect').connect()
        return pubkeys(solanaAccounts(method, accounts))
      }
      case 'solana_getAccounts': {
        let accounts: unknown
        try {
          ;({ accounts } = await feature('standard:connect').connect({ silent: true }))
        } catch {
          // A wallet that will not connect without a prompt has not authorised the site.
          return []
        }
        return pubkeys(solanaAccounts(method, accounts))
      }
      case 'solana_signMessage': {
        const { message, pubkey } = params(SignMessageParams, method, value)
        const bytes = decodeBase58(message)
        if (bytes === undefined) throw invalidParams(method, 'the message is not base58')
        const [output] = outputs(method, await feature('solana:signMessage').signMessage({ account: account(method, pubkey), message: bytes }), 1)
        return { signature: signatureOf(method, output!) }
      }
      case 'solana_signTransaction': {
        const { transaction } = params(TransactionParams, method, value)
        const [signed] = await signTransactions(method, [transaction])
        const signature = signersOf(method, signed!.bytes).signatures[signed!.slot]
        if (!isBytes(signature, 64)) throw new WalletAnswerError({ method, answer: 'a transaction without the account’s signature' })
        return { signature: encodeBase58(signature), transaction: base64.encode(signed!.bytes) }
      }
      case 'solana_signAllTransactions': {
        const { transactions } = params(AllTransactionsParams, method, value)
        const signed = await signTransactions(method, transactions)
        return { transactions: signed.map(({ bytes }) => base64.encode(bytes)) }
      }
      case 'solana_signAndSendTransaction': {
        const { transaction: encoded, sendOptions } = params(SignAndSendParams, method, value)
        const { signAndSendTransaction } = feature('solana:signAndSendTransaction')
        if (chain === undefined) throw new ChainDisconnectedError({ details: `No chain was set (${SET_CHAIN_METHOD}) before ${method}` })
        const transaction = bytesOfBase64(method, encoded)
        const { account: from } = signer(method, transaction)
        // Only the known options go on (io-ts keeps keys it does not know).
        const options =
          sendOptions &&
          Object.fromEntries(Object.keys(SendOptions.props).flatMap((key) => (key in sendOptions ? [[key, sendOptions[key as keyof typeof sendOptions]]] : [])))
        const [output] = outputs(method, await signAndSendTransaction({ account: from, transaction, chain, ...(options ? { options } : {}) }), 1)
        return { signature: signatureOf(method, output!) }
      }
      case 'solana_signIn': {
        const { input } = params(SignInParams, method, value ?? {})
        const [output] = outputs(method, await feature('solana:signIn').signIn((input ?? {}) as SolanaSignInInput), 1)
        const signedIn = solanaAccounts(method, [output!.account])[0]
        if (!signedIn || !isBytes(output!.signedMessage)) throw new WalletAnswerError({ method, answer: 'something that is not a sign-in' })
        return { address: signedIn.address, signedMessage: base64.encode(output!.signedMessage), signature: signatureOf(method, output!) }
      }
      case SET_CHAIN_METHOD: {
        const [caipNetworkId, network] = params(SetChainParams, method, value)
        const found = walletChain({ caipNetworkId, rpcUrl: network?.rpcUrl })
        if (found === undefined) {
          // The wallet's name and chains are its own words: shown as plain text of a sane length, as discovery shows its name.
          throw new ChainNotInWalletError({
            wallet: sanitizeWalletName(String(wallet.name)) ?? 'The wallet',
            network: network?.name === undefined ? caipNetworkId : `${network.name} (${caipNetworkId})`,
            walletChains: walletChains()
              .filter(isSolanaChain)
              .slice(0, MAX_CHAINS_NAMED)
              .flatMap((name) => sanitizeWalletName(name) ?? []),
          })
        }
        chain = found
        return null
      }
      case DISCONNECT_METHOD:
        await features['standard:disconnect']?.disconnect()
        return null
      default:
        throw new UnsupportedProviderMethodError({ details: `${method} is not a Solana wallet method` })
    }
  }

  return provider
}

/**
 * The solana entry of Wallet Standard discovery's table.
 *
 * ```ts
 * const wallet = getWallets().get().find((w) => solanaStandard.accepts(w))
 * const provider = solanaStandard.provider(wallet)
 * await provider.request({ method: 'airlock_setChain', params: ['solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'] })
 * await provider.request({ method: 'solana_requestAccounts', params: {} }) // [{ pubkey: '7S3P…' }]
 * ```
 */
export const solanaStandard: StandardNamespace = {
  namespace: 'solana',
  accepts,
  provider: standardSolanaProvider,
}

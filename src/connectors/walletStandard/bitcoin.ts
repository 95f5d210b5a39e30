/**
 * Bitcoin over Wallet Standard (the `bitcoin:` features of the Bitcoin wallet standard): which
 * registered wallets serve the bip122 namespace, and each as a provider that answers the bip122
 * relay protocol the adapter sends (src/chains/bip122/adapter.ts) through the wallet's features:
 *
 * - airlock_requestAccounts → `bitcoin:connect` `{ purposes: ['payment', 'ordinals'] }`;
 * - getAccountAddresses → `wallet.accounts` (a wallet lists them once the site connected; bitcoin:connect
 *   has no silent form, so a restore after a reload finds addresses only where the wallet lists
 *   them before a connect);
 * - signMessage → `bitcoin:signMessage` `{ account, message: bytes }`, the signature bytes as base64
 *   (the wallet picks the scheme: the feature has no protocol);
 * - signPsbt → `bitcoin:signTransaction` `{ psbt: bytes, inputsToSign, chain }`, or with `broadcast`
 *   `bitcoin:signAndSendTransaction`, which returns the txid but not the signed PSBT (the PSBT
 *   answered is then the one given);
 * - sendTransfer → refused (4200): the standard has no transfer call, and a transfer needs a PSBT
 *   built from the account's coins, which a wallet with `bitcoin:signAndSendTransaction` signs and
 *   sends (signPsbt with broadcast) but which this provider has no chain access to build.
 *
 * Which purpose an account serves: its own `purpose` when it has one, else a feature or label
 * that names payment or ordinals, else the order of the purposes asked (the standard returns the
 * accounts in that order), else payment for the first. Wallets that name the networks
 * `bitcoin:mainnet` / `bitcoin:testnet` / `bitcoin:regtest` are read as the bip122 ids.
 *
 * The wallet object is untrusted: its features are checked before use, its answers decoded, and
 * what it throws becomes the matching AirlockError with the wallet's code kept.
 */
import type { IdentifierString, Wallet, WalletAccount } from '@wallet-standard/base'
import type { StandardDisconnectFeature, StandardEventsChangeProperties, StandardEventsFeature } from '@wallet-standard/features'
import { base64 } from '@scure/base'
import * as t from 'io-ts'
import { DISCONNECT_METHOD, SET_CHAIN_METHOD, type WalletProvider } from '../../chains/adapter'
import { BIP122_REFERENCES, bitcoinNetworkOf, type BitcoinNetwork } from '../../chains/bip122/address'
import {
  ChainDisconnectedError,
  SwitchChainError,
  UnauthorizedProviderError,
  UnsupportedProviderMethodError,
  WalletAnswerError,
} from '../../kernel/errors/provider'
import type { StandardNamespace } from './namespace'
import { invalidParams, params, SetChainParams, wrapProvider } from '../wrappedProvider'

// --- the bitcoin: features (types only; the wallet standard for Bitcoin publishes them) ---

type Purpose = 'payment' | 'ordinals'
interface InputToSign {
  readonly account: WalletAccount
  readonly signingIndexes: number[]
  readonly sigHash?: number
}
interface SignTransactionInput {
  readonly psbt: Uint8Array
  readonly inputsToSign: InputToSign[]
  readonly chain: IdentifierString
}
interface BitcoinFeatures {
  readonly 'bitcoin:connect': { connect(input: { purposes: Purpose[] }): Promise<{ readonly accounts: readonly WalletAccount[] }> }
  readonly 'bitcoin:signMessage': {
    signMessage(...inputs: { account: WalletAccount; message: Uint8Array }[]): Promise<readonly { signedMessage: Uint8Array; signature: Uint8Array }[]>
  }
  readonly 'bitcoin:signTransaction': { signTransaction(...inputs: SignTransactionInput[]): Promise<readonly { signedPsbt: Uint8Array }[]> }
  readonly 'bitcoin:signAndSendTransaction': { signAndSendTransaction(...inputs: SignTransactionInput[]): Promise<readonly { txId: string }[]> }
}
type Features = Partial<BitcoinFeatures & StandardDisconnectFeature & StandardEventsFeature>

/** The names some Bitcoin wallets give the networks instead of their CAIP-2 ids. */
const WALLET_CHAIN_NAMES: Readonly<Record<BitcoinNetwork, IdentifierString>> = {
  mainnet: 'bitcoin:mainnet',
  testnet: 'bitcoin:testnet',
  regtest: 'bitcoin:regtest',
}
const NAMED_CHAINS = new Set<string>(Object.values(WALLET_CHAIN_NAMES))

const isBitcoinChain = (chain: unknown): boolean => typeof chain === 'string' && (bitcoinNetworkOf(chain) !== undefined || NAMED_CHAINS.has(chain))

const TXID = /^[0-9a-fA-F]{64}$/

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
    if (!Array.isArray(wallet.chains) || !wallet.chains.some(isBitcoinChain)) return false
  } catch {
    return false
  }
  return (
    hasMethod(wallet, 'bitcoin:connect', 'connect') && hasMethod(wallet, 'bitcoin:signMessage', 'signMessage') && hasMethod(wallet, 'standard:events', 'on')
  )
}

// --- the caller's parameters (the adapter's, or a site's own through getProvider('bip122')) ---

const Intentions = t.partial({ intentions: t.array(t.string) })
const SignMessageParams = t.type({ address: t.string, message: t.string })
const SignPsbtParams = t.intersection([
  t.type({
    psbt: t.string,
    signInputs: t.array(t.intersection([t.type({ address: t.string, index: t.number }), t.partial({ sighashTypes: t.array(t.number) })])),
  }),
  t.partial({ broadcast: t.boolean }),
])

// --- the wallet's answers (untrusted) ---

type Intention = 'payment' | 'ordinal'

interface AddressEntry {
  readonly address: string
  readonly publicKey?: string
  readonly intention?: Intention
}

const intentionOfPurpose = (purpose: unknown): Intention | undefined =>
  purpose === 'payment' ? 'payment' : purpose === 'ordinals' || purpose === 'ordinal' ? 'ordinal' : undefined
const purposeOf = (intention: string): Purpose | undefined => (intention === 'payment' ? 'payment' : intention === 'ordinal' ? 'ordinals' : undefined)

/** A purpose the account names itself: a `purpose` field, a feature, or its label. */
function ownIntention(account: WalletAccount): Intention | undefined {
  const own = intentionOfPurpose((account as { purpose?: unknown }).purpose)
  if (own) return own
  const words = [...(Array.isArray(account.features) ? account.features : []), typeof account.label === 'string' ? account.label : ''].join(' ').toLowerCase()
  const payment = words.includes('payment')
  const ordinals = words.includes('ordinal')
  return payment === ordinals ? undefined : payment ? 'payment' : 'ordinal'
}

const isBytes = (value: unknown): value is Uint8Array => value instanceof Uint8Array

/** A feature's outputs: a list of exactly `count` objects. */
function outputs(method: string, value: unknown, count: number): Record<string, unknown>[] {
  if (!Array.isArray(value) || value.length !== count || !value.every((entry) => typeof entry === 'object' && entry !== null)) {
    throw new WalletAnswerError({ method, answer: `something that is not a list of ${count} result${count === 1 ? '' : 's'}` })
  }
  return value as Record<string, unknown>[]
}

/** A wallet's accounts that hold a Bitcoin chain, each with a string address. */
function bitcoinAccounts(method: string, accounts: unknown): WalletAccount[] {
  if (!Array.isArray(accounts)) throw new WalletAnswerError({ method, answer: 'something that is not a list of accounts' })
  const found = accounts.filter(
    (account): account is WalletAccount =>
      typeof account === 'object' &&
      account !== null &&
      Array.isArray((account as WalletAccount).chains) &&
      (account as WalletAccount).chains.some(isBitcoinChain),
  )
  if (!found.every((account) => typeof account.address === 'string' && account.address !== ''))
    throw new WalletAnswerError({ method, answer: 'an account without an address' })
  return found
}

const hexOf = (bytes: unknown): string | undefined =>
  bytes instanceof Uint8Array && bytes.length > 0 ? Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('') : undefined

/** `wallet` as a provider of the bip122 relay methods. */
function standardBitcoinProvider(wallet: Wallet): WalletProvider {
  const features = wallet.features as Features
  /** The chain the site picked (SET_CHAIN_METHOD), in the form the wallet lists it. */
  let chain: IdentifierString | undefined
  /** The intention of each address, as learnt at the last connect. */
  const intentions = new Map<string, Intention>()
  // The wallet is followed while anyone listens (see wrappedProvider.ts); `dispatch` is below.
  const { provider, emit } = wrapProvider(dispatch, () => features['standard:events']?.on('change', onChange))

  /** The relay protocol's entries of `accounts`; `asked` is the purposes of a connect, in order. */
  function entries(accounts: readonly WalletAccount[], asked?: readonly Purpose[]): AddressEntry[] {
    const byOrder = asked !== undefined && asked.length === accounts.length
    return accounts.map((account, index) => {
      const intention =
        ownIntention(account) ??
        (byOrder ? intentionOfPurpose(asked[index]) : undefined) ??
        intentions.get(account.address) ??
        (index === 0 ? 'payment' : undefined)
      if (intention) intentions.set(account.address, intention)
      const publicKey = hexOf(account.publicKey)
      return { address: account.address, ...(publicKey ? { publicKey } : {}), ...(intention ? { intention } : {}) }
    })
  }

  const onChange = (properties: StandardEventsChangeProperties): void => {
    if (typeof properties !== 'object' || properties === null || !('accounts' in properties)) return
    let accounts: WalletAccount[]
    try {
      accounts = bitcoinAccounts('standard:events', properties.accounts)
    } catch {
      return // A malformed change is ignored: the state stays as it was.
    }
    if (accounts.length === 0) return emit('disconnect')
    const changed = entries(accounts)
    emit('bip122_addressesChanged', changed)
    emit(
      'accountsChanged',
      changed.map((entry) => entry.address),
    )
  }

  /** The wallet's form of a CAIP-2 id: the id itself, or the network's name when the wallet lists that. */
  function walletChain(caipNetworkId: string): IdentifierString | undefined {
    const chains: readonly string[] = Array.isArray(wallet.chains) ? wallet.chains : []
    if (chains.includes(caipNetworkId)) return caipNetworkId as IdentifierString
    const kind = bitcoinNetworkOf(caipNetworkId)
    // A name stands for the network whose reference is the kind's own (testnet4 and signet have none).
    const name = kind !== undefined && caipNetworkId.endsWith(`:${BIP122_REFERENCES[kind]}`) ? WALLET_CHAIN_NAMES[kind] : undefined
    return name !== undefined && chains.includes(name) ? name : undefined
  }

  /** The exposed account with this address. */
  function account(method: string, address: string): WalletAccount {
    const found = bitcoinAccounts(method, wallet.accounts).find((entry) => entry.address === address)
    if (!found) throw new UnauthorizedProviderError({ details: `${address} is not an account the wallet exposes to this site` })
    return found
  }

  function feature<K extends keyof Features>(name: K): NonNullable<Features[K]> {
    const value = features[name]
    if (value === undefined) throw new UnsupportedProviderMethodError({ details: `${wallet.name} has no ${name}` })
    return value as NonNullable<Features[K]>
  }

  async function signPsbt(method: string, value: unknown): Promise<unknown> {
    const { psbt, signInputs, broadcast } = params(SignPsbtParams, method, value)
    let bytes: Uint8Array
    try {
      bytes = base64.decode(psbt)
    } catch {
      throw invalidParams(method, 'the PSBT is not base64')
    }
    if (chain === undefined) throw new ChainDisconnectedError({ details: `No chain was set (${SET_CHAIN_METHOD}) before ${method}` })
    const byAddress = new Map<string, { indexes: number[]; sigHash?: number }>()
    for (const { address, index, sighashTypes } of signInputs) {
      if (!Number.isSafeInteger(index) || index < 0) throw invalidParams(method, 'an input index that is not a whole number')
      const entry = byAddress.get(address) ?? { indexes: [] }
      entry.indexes.push(index)
      if (sighashTypes?.[0] !== undefined) entry.sigHash = sighashTypes[0]
      byAddress.set(address, entry)
    }
    const inputsToSign = [...byAddress].map(([address, { indexes, sigHash }]) => ({
      account: account(method, address),
      signingIndexes: indexes,
      ...(sigHash === undefined ? {} : { sigHash }),
    }))
    const input: SignTransactionInput = { psbt: bytes, inputsToSign, chain }
    if (broadcast) {
      const [output] = outputs(method, await feature('bitcoin:signAndSendTransaction').signAndSendTransaction(input), 1)
      if (typeof output!.txId !== 'string' || !TXID.test(output!.txId))
        throw new WalletAnswerError({ method, answer: 'something that is not a transaction id' })
      return { psbt, txid: output!.txId.toLowerCase() }
    }
    const [output] = outputs(method, await feature('bitcoin:signTransaction').signTransaction(input), 1)
    if (!isBytes(output!.signedPsbt) || output!.signedPsbt.length === 0) throw new WalletAnswerError({ method, answer: 'something that is not a signed PSBT' })
    return { psbt: base64.encode(output!.signedPsbt) }
  }

  async function dispatch(method: string, value: unknown): Promise<unknown> {
    switch (method) {
      case 'airlock_requestAccounts': {
        const { intentions: asked } = params(Intentions, method, value ?? {})
        const purposes = (asked ?? ['payment', 'ordinal']).flatMap((i) => purposeOf(i) ?? [])
        const answer: unknown = await feature('bitcoin:connect').connect({ purposes })
        const accounts = typeof answer === 'object' && answer !== null ? (answer as { accounts?: unknown }).accounts : undefined
        return entries(bitcoinAccounts('bitcoin:connect', accounts), purposes)
      }
      case 'getAccountAddresses': {
        const { intentions: asked } = params(Intentions, method, value ?? {})
        const found = entries(bitcoinAccounts(method, wallet.accounts))
        return asked ? found.filter((entry) => entry.intention === undefined || asked.includes(entry.intention)) : found
      }
      case 'signMessage': {
        const { address, message } = params(SignMessageParams, method, value)
        const [output] = outputs(
          'bitcoin:signMessage',
          await feature('bitcoin:signMessage').signMessage({ account: account(method, address), message: new TextEncoder().encode(message) }),
          1,
        )
        if (!isBytes(output!.signature) || output!.signature.length === 0) throw new WalletAnswerError({ method, answer: 'something that is not a signature' })
        return { address, signature: base64.encode(output!.signature) }
      }
      case 'signPsbt':
        return signPsbt(method, value)
      case 'sendTransfer':
        throw new UnsupportedProviderMethodError({
          details: hasMethod(wallet, 'bitcoin:signAndSendTransaction', 'signAndSendTransaction')
            ? `${wallet.name} sends PSBTs the site builds (signPsbt with broadcast), not transfers`
            : `${wallet.name} cannot send: it has no bitcoin:signAndSendTransaction`,
        })
      case SET_CHAIN_METHOD: {
        const [caipNetworkId] = params(SetChainParams, method, value)
        const found = walletChain(caipNetworkId)
        if (found === undefined) throw new SwitchChainError({ details: `${wallet.name} does not have the chain ${caipNetworkId}` })
        chain = found
        return null
      }
      case DISCONNECT_METHOD:
        intentions.clear()
        await features['standard:disconnect']?.disconnect()
        return null
      default:
        throw new UnsupportedProviderMethodError({ details: `${method} is not a Bitcoin wallet method` })
    }
  }

  return provider
}

/**
 * The bip122 entry of Wallet Standard discovery's table.
 *
 * ```ts
 * const wallet = getWallets().get().find((w) => bitcoinStandard.accepts(w))
 * const provider = bitcoinStandard.provider(wallet)
 * await provider.request({ method: 'airlock_setChain', params: ['bip122:000000000019d6689c085ae165831e93'] })
 * await provider.request({ method: 'airlock_requestAccounts', params: { intentions: ['payment', 'ordinal'] } })
 * // [{ address: 'bc1q…', publicKey: '02…', intention: 'payment' }, { address: 'bc1p…', intention: 'ordinal', … }]
 * ```
 */
export const bitcoinStandard: StandardNamespace = {
  namespace: 'bip122',
  accepts,
  provider: standardBitcoinProvider,
}

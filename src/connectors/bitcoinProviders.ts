/**
 * Bitcoin wallets of the sats-connect kind: an extension lists itself in `window.btc_providers`
 * (`{ id, name, icon, webUrl?, … }`, where `id` is a dotted path on window to its provider
 * object) and answers `request(method, params)` with `{ status: 'success', result }` or
 * `{ status: 'error', error: { code, message } }` (the raw providers answer JSON-RPC's
 * `{ jsonrpc, result | error }`; both are read).
 *
 * Each becomes a connector of the bip122 namespace whose provider speaks the relay protocol the
 * bip122 adapter sends (src/chains/bip122/adapter.ts): getAccountAddresses, signMessage,
 * signPsbt, sendTransfer, and the page-local airlock_requestAccounts / airlock_setChain /
 * airlock_disconnect, translated to the wallet's getAddresses, signMessage, signPsbt,
 * sendTransfer and wallet_disconnect. Anything else goes to the wallet as it is.
 *
 * Everything the page holds is untrusted: the list entries are decoded and their names and icons
 * sanitised, the path is resolved over own properties only (no `__proto__`, `constructor` or
 * `prototype`, at most 4 segments), and the wallet's answers are decoded. A wallet's errors keep
 * their code; sats-connect's own codes (-32000 user rejection, -32001 method not supported,
 * -32002 access denied) become 4001, 4200 and 4100, so a refusal is a refusal everywhere.
 *
 * Restoring after a reload (getAccountAddresses) needs a wallet that answers `wallet_getAccount`
 * or `getAccounts` without a prompt; for any other, only the addresses of a connect made in this
 * page are known, and a reload finds none.
 */
import * as t from 'io-ts'
import { DISCONNECT_METHOD, errorCode, SET_CHAIN_METHOD, type WalletProvider } from '../chains/adapter'
import { bitcoinNetworkOf } from '../chains/bip122/address'
import type { Connector } from '../events/shapes/connector'
import { isRight } from '../kernel/either'
import { JsonRpcErrorCode, ProviderErrorCode } from '../kernel/errors/codes'
import {
  providerError,
  SwitchChainError,
  UnauthorizedProviderError,
  UnsupportedProviderMethodError,
  UserRejectedRequestError,
  WalletAnswerError,
} from '../kernel/errors/provider'
import type { AirlockError } from '../kernel/errors'
import { sanitizeIconUrl, sanitizeWalletName } from './sanitize'
import { invalidParams, params, SetChainParams, wrapProvider } from './wrappedProvider'

/** sats-connect's error codes (its RpcErrorCode), which reuse JSON-RPC's server range. */
const SATS_CONNECT_CODES: Readonly<Record<number, (parameters: { details?: string; cause: unknown }) => AirlockError>> = {
  [-32000]: (parameters) => new UserRejectedRequestError(parameters),
  [-32001]: (parameters) => new UnsupportedProviderMethodError(parameters),
  [-32002]: (parameters) => new UnauthorizedProviderError(parameters),
}

/** The most providers read from one list: a page that lists more is not a wallet's doing. */
const MAX_PROVIDERS = 32
const MAX_ID_LENGTH = 100
const MAX_SEGMENTS = 4
const SEGMENT = /^[A-Za-z_$][A-Za-z0-9_$]*$/
const FORBIDDEN_SEGMENTS = new Set(['__proto__', 'constructor', 'prototype'])

/** What the wallet's prompt says on connect. */
const CONNECT_MESSAGE = 'Connect your payment and ordinals addresses to this site.'

const Entry = t.type({ id: t.string, name: t.string, icon: t.unknown })

interface SatsConnectWallet {
  request(method: string, params?: unknown): Promise<unknown>
  addListener?(event: string, listener: (payload: unknown) => void): unknown
  addEventListener?(event: string, listener: (payload: unknown) => void): unknown
  removeEventListener?(event: string, listener: (payload: unknown) => void): unknown
}

export interface BitcoinProviderWallet {
  readonly connector: Connector
  readonly provider: WalletProvider
}

const isObject = (value: unknown): value is Record<string, unknown> => (typeof value === 'object' || typeof value === 'function') && value !== null

/** The object at a dotted path of own properties below `root`, or undefined. */
function resolvePath(root: unknown, path: string): unknown {
  const segments = path.split('.')
  if (path.length > MAX_ID_LENGTH || segments.length > MAX_SEGMENTS) return undefined
  if (!segments.every((segment) => SEGMENT.test(segment) && !FORBIDDEN_SEGMENTS.has(segment))) return undefined
  let current = root
  for (const segment of segments) {
    if (!isObject(current) || !Object.prototype.hasOwnProperty.call(current, segment)) return undefined
    current = current[segment]
  }
  return current
}

// --- the caller's parameters (the adapter's, or a site's own through getProvider('bip122')) ---

const Intentions = t.partial({ intentions: t.array(t.string) })
const SignMessageParams = t.intersection([t.type({ address: t.string, message: t.string }), t.partial({ protocol: t.string })])
const SignPsbtParams = t.intersection([
  t.type({ psbt: t.string, signInputs: t.array(t.type({ address: t.string, index: t.number })) }),
  t.partial({ broadcast: t.boolean }),
])
const SendTransferParams = t.type({ recipientAddress: t.string, amount: t.string })

// --- the wallet's answers (untrusted) ---

/** A wallet's error as an AirlockError, its code kept (sats-connect's own codes translated). */
function walletError(error: unknown): AirlockError {
  const code = errorCode(error)
  const translate = code === undefined ? undefined : SATS_CONNECT_CODES[code]
  if (!translate) return providerError(error)
  const message = isObject(error) && typeof error.message === 'string' && error.message !== '' ? error.message : undefined
  return translate({ cause: error, ...(message ? { details: message } : {}) })
}

/** The result of a sats-connect or JSON-RPC response; its error thrown. */
function unwrap(method: string, response: unknown): unknown {
  if (isObject(response)) {
    if (response.status === 'success' && 'result' in response) return response.result
    if (response.status === 'error') throw walletError(response.error)
    if ('jsonrpc' in response) {
      if (isObject(response.error)) throw walletError(response.error)
      if ('result' in response) return response.result
    }
  }
  throw new WalletAnswerError({ method, answer: 'something that is not a sats-connect response' })
}

const WalletAddressEntry = t.intersection([t.type({ address: t.string }), t.partial({ publicKey: t.unknown, purpose: t.unknown, addressType: t.unknown })])

/** The relay protocol's address entry: `{ address, publicKey?, intention? }`. */
interface AddressEntry {
  readonly address: string
  readonly publicKey?: string
  readonly intention?: 'payment' | 'ordinal'
}

/**
 * A wallet's address list, `[{ address, publicKey, purpose, addressType }]` or `{ addresses: […] }`,
 * as the relay protocol's entries. Stacks addresses (and any other purpose) are left out.
 */
function addressesOf(method: string, value: unknown): AddressEntry[] {
  const list = Array.isArray(value) ? value : isObject(value) && Array.isArray(value.addresses) ? value.addresses : undefined
  if (!list) throw new WalletAnswerError({ method, answer: 'something that is not a list of addresses' })
  return list.flatMap((entry: unknown): AddressEntry[] => {
    const decoded = WalletAddressEntry.decode(entry)
    if (!isRight(decoded)) throw new WalletAnswerError({ method, answer: 'an entry without an address' })
    const { address, publicKey, purpose } = decoded.right
    const intention = purpose === 'payment' ? 'payment' : purpose === 'ordinals' ? 'ordinal' : undefined
    if (purpose !== undefined && intention === undefined) return []
    return [{ address, ...(typeof publicKey === 'string' ? { publicKey } : {}), ...(intention ? { intention } : {}) }]
  })
}

function objectAnswer(method: string, value: unknown, key: string): Record<string, unknown> {
  if (!isObject(value) || !(key in value)) throw new WalletAnswerError({ method, answer: `something without ${key}` })
  return value
}

const purposeOf = (intention: string): string | undefined => (intention === 'payment' ? 'payment' : intention === 'ordinal' ? 'ordinals' : undefined)

const isUnsupported = (error: unknown): boolean => {
  const code = errorCode(error)
  return code === ProviderErrorCode.UNSUPPORTED_METHOD || code === JsonRpcErrorCode.METHOD_NOT_FOUND
}

/** `wallet` as a provider of the bip122 relay methods. */
function satsConnectProvider(wallet: SatsConnectWallet): WalletProvider {
  /** The addresses of the last connect in this page: what getAccountAddresses falls back on. */
  let remembered: AddressEntry[] = []
  /** Read methods the wallet said it does not know, not asked again. */
  const unknown = new Set<string>()
  // The wallet is followed while anyone listens (see wrappedProvider.ts); `dispatch` is below.
  const { provider, emit } = wrapProvider(dispatch, follow)

  async function call(method: string, value?: unknown): Promise<unknown> {
    let response: unknown
    try {
      response = await wallet.request(method, value)
    } catch (error) {
      throw walletError(error)
    }
    return unwrap(method, response)
  }

  /** The wallet's addresses without a prompt: wallet_getAccount, else getAccounts, else the remembered ones. */
  async function currentAddresses(): Promise<AddressEntry[]> {
    // wallet_getAccount takes no parameters; getAccounts takes the purposes.
    const reads: [string, unknown][] = [
      ['wallet_getAccount', undefined],
      ['getAccounts', { purposes: ['payment', 'ordinals'] }],
    ]
    for (const [method, value] of reads) {
      if (unknown.has(method)) continue
      try {
        const addresses = addressesOf(method, await call(method, value))
        remembered = addresses
        return addresses
      } catch (error) {
        if (errorCode(error) === ProviderErrorCode.UNAUTHORIZED) return []
        if (!isUnsupported(error)) throw error
        unknown.add(method)
      }
    }
    return remembered
  }

  const onAccountChange = (payload: unknown): void => {
    const read = async (): Promise<AddressEntry[]> => {
      if (isObject(payload) && Array.isArray(payload.addresses)) return (remembered = addressesOf('accountChange', payload.addresses))
      return currentAddresses()
    }
    read().then(
      (addresses) => emit('bip122_addressesChanged', addresses),
      () => undefined, // A change that cannot be read is ignored: the state stays as it was.
    )
  }
  const onDisconnect = (): void => {
    remembered = []
    emit('disconnect')
  }

  /** Follow the wallet's own events (sats-connect's addListener returns the function that stops). */
  function follow(): () => void {
    const pairs: [string, (payload: unknown) => void][] = [
      ['accountChange', onAccountChange],
      ['networkChange', onAccountChange],
      ['disconnect', onDisconnect],
    ]
    const stops: (() => void)[] = []
    for (const [event, listener] of pairs) {
      try {
        if (typeof wallet.addListener === 'function') {
          const stop = wallet.addListener(event, listener)
          if (typeof stop === 'function') stops.push(stop as () => void)
        } else if (typeof wallet.addEventListener === 'function') {
          wallet.addEventListener(event, listener)
          stops.push(() => wallet.removeEventListener?.(event, listener))
        }
      } catch {
        // A wallet without this event: nothing to follow.
      }
    }
    return () => {
      for (const stop of stops) {
        try {
          stop()
        } catch {
          // The wallet is gone; nothing to stop.
        }
      }
    }
  }

  async function dispatch(method: string, value: unknown): Promise<unknown> {
    switch (method) {
      case 'airlock_requestAccounts': {
        const { intentions } = params(Intentions, method, value ?? {})
        const purposes = (intentions ?? ['payment', 'ordinal']).flatMap((i) => purposeOf(i) ?? [])
        const addresses = addressesOf('getAddresses', await call('getAddresses', { purposes, message: CONNECT_MESSAGE }))
        remembered = addresses
        return addresses
      }
      case 'getAccountAddresses': {
        const { intentions } = params(Intentions, method, value ?? {})
        const addresses = await currentAddresses()
        return intentions ? addresses.filter((a) => a.intention === undefined || intentions.includes(a.intention)) : addresses
      }
      case 'signMessage': {
        const { address, message, protocol } = params(SignMessageParams, method, value)
        const answer = objectAnswer(method, await call('signMessage', { address, message, protocol: protocol === 'ecdsa' ? 'ECDSA' : 'BIP322' }), 'signature')
        return { address, signature: answer.signature, ...(answer.messageHash === undefined ? {} : { messageHash: answer.messageHash }) }
      }
      case 'signPsbt': {
        const { psbt, signInputs, broadcast } = params(SignPsbtParams, method, value)
        const byAddress = new Map<string, number[]>()
        for (const { address, index } of signInputs) {
          if (!Number.isSafeInteger(index) || index < 0) throw invalidParams(method, 'an input index that is not a whole number')
          byAddress.set(address, [...(byAddress.get(address) ?? []), index])
        }
        const answer = objectAnswer(method, await call('signPsbt', { psbt, signInputs: Object.fromEntries(byAddress), broadcast: broadcast ?? false }), 'psbt')
        return { psbt: answer.psbt, ...(answer.txid === undefined ? {} : { txid: answer.txid }) }
      }
      case 'sendTransfer': {
        const { recipientAddress, amount } = params(SendTransferParams, method, value)
        const sats = /^[1-9]\d{0,15}$/.test(amount) ? Number(amount) : Number.NaN
        if (!Number.isSafeInteger(sats)) throw invalidParams(method, 'an amount that is not a whole number of satoshis')
        const answer = objectAnswer(method, await call('sendTransfer', { recipients: [{ address: recipientAddress, amount: sats }] }), 'txid')
        return { txid: answer.txid }
      }
      case SET_CHAIN_METHOD: {
        const [caipNetworkId] = params(SetChainParams, method, value)
        if (bitcoinNetworkOf(caipNetworkId) === undefined) throw new SwitchChainError({ details: `${caipNetworkId} is not a Bitcoin network` })
        // The wallet keeps its own network; the adapter refuses addresses of another one.
        return null
      }
      case DISCONNECT_METHOD: {
        remembered = []
        for (const revoke of ['wallet_disconnect', 'wallet_renouncePermissions']) {
          try {
            await call(revoke)
            break
          } catch (error) {
            // Best effort: the next one only when the wallet does not know this one.
            if (!isUnsupported(error)) break
          }
        }
        return null
      }
      default:
        return call(method, value)
    }
  }

  return provider
}

/** The page's `btc_providers` list, read defensively (a getter may throw). */
function providerList(win: Window): unknown[] {
  try {
    const list: unknown = (win as unknown as { btc_providers?: unknown }).btc_providers
    return Array.isArray(list) ? list.slice(0, MAX_PROVIDERS) : []
  } catch {
    return []
  }
}

/**
 * The Bitcoin providers the page lists in `window.btc_providers`, each as a bip122 connector
 * (id `btc.<entry id, lower-cased>`) and a provider of the relay protocol. An entry that does not
 * decode, has an empty name, a path that does not resolve to an object with `request`, or an id
 * already taken is left out.
 *
 * ```ts
 * discoverBitcoinProviders(window)
 * // [{ connector: { id: 'btc.xverseproviders.bitcoinprovider', name: 'Xverse Wallet', type: 'ANNOUNCED', chain: 'bip122', imageUrl }, provider }]
 * ```
 */
export function discoverBitcoinProviders(win: Window): BitcoinProviderWallet[] {
  const found: BitcoinProviderWallet[] = []
  const ids = new Set<string>()
  for (const item of providerList(win)) {
    try {
      const decoded = Entry.decode(item)
      if (!isRight(decoded)) continue
      const { id: path, icon } = decoded.right
      const name = sanitizeWalletName(decoded.right.name)
      const id = `btc.${path.toLowerCase()}`
      if (name === undefined || ids.has(id)) continue
      const wallet = resolvePath(win, path)
      if (!isObject(wallet) || typeof wallet.request !== 'function') continue
      ids.add(id)
      const imageUrl = sanitizeIconUrl(icon)
      const connector: Connector = { id, name, type: 'ANNOUNCED', chain: 'bip122', ...(imageUrl ? { imageUrl } : {}) }
      found.push({ connector, provider: satsConnectProvider(wallet as unknown as SatsConnectWallet) })
    } catch {
      // A hostile entry (a throwing getter) is left out.
    }
  }
  return found
}

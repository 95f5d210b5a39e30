/**
 * The `api` port (src/ports/blockchainApi.ts): every SPEC §7 Blockchain API path as one method.
 * This shell is all a page loads up front; the calls, their codecs and the request code are a
 * separate chunk (./calls) fetched on the first call. With no base URL set, a call fails at once
 * with "Blockchain API not configured" and loads nothing.
 */
import type { BlockchainApi } from '../../ports/blockchainApi'
import { AirlockError, ErrorCategory } from '../../kernel/errors'
import { HTTP_FAILED } from '../fetchJson'
import type { BlockchainApiOptions } from './request'
import { isConfigured, notConfiguredError } from './notConfigured'
import type * as Calls from './calls'

type Method = Exclude<keyof BlockchainApi, 'baseUrl'>

/** The port's methods: each is the call of the same name in ./calls, its options bound. */
const METHODS: { readonly [M in Method]: true } = {
  supportedChains: true,
  identity: true,
  history: true,
  balance: true,
  nfts: true,
  convertQuotes: true,
  convertTokens: true,
  convertAllowance: true,
  convertGasPrice: true,
  buildConvertTransaction: true,
  buildConvertApprove: true,
  fungiblePrice: true,
  profile: true,
  reverseProfiles: true,
  nameSuggestions: true,
  registerName: true,
  onrampUrl: true,
  onrampOptions: true,
  onrampQuote: true,
  sessions: true,
  revokeSession: true,
}

/** A call of ./calls with its options bound: what the port method of its name must be. */
type Bound<F> = F extends (options: BlockchainApiOptions, ...args: infer A) => infer R ? (...args: A) => R : never
// The compiler checks here that every bound call fits its port method (same parameters, answers of the port's types).
type Fits = { readonly [M in Method]: Bound<(typeof Calls)[M]> } extends Omit<BlockchainApi, 'baseUrl'> ? true : never
const _fits: Fits = true
void _fits

/**
 * ```ts
 * const api = createBlockchainApi({ baseUrl: 'http://127.0.0.1:4002', projectId: 'abc', sdkType: SDK_TYPE, sdkVersion, fetch })
 * const { balances } = await api.balance({ address: '0xf39F…', chainId: 'eip155:1' })
 * ```
 */
export function createBlockchainApi(options: BlockchainApiOptions): BlockchainApi {
  const baseUrl = isConfigured(options.baseUrl) ? options.baseUrl : undefined
  let loading: Promise<typeof Calls> | undefined
  const calls = async (): Promise<typeof Calls> => {
    if (baseUrl === undefined) throw notConfiguredError()
    loading ??= import('./calls').catch((error: unknown) => {
      loading = undefined
      throw new AirlockError(HTTP_FAILED, { category: ErrorCategory.NETWORK, details: 'The Blockchain API client could not be loaded', cause: error })
    })
    return loading
  }
  const api: Record<string, unknown> = { baseUrl }
  for (const method of Object.keys(METHODS) as Method[]) {
    // Every call in ./calls is `(options, ...args)`; the port method is `(...args)`.
    api[method] = async (...args: unknown[]) => ((await calls())[method] as (...all: unknown[]) => Promise<unknown>)(options, ...args)
  }
  return api as unknown as BlockchainApi
}

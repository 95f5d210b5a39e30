/**
 * The `api` port (src/ports/blockchainApi.ts): the core's SPEC §7 paths as methods, and `request`
 * for any other (a feature's own, described in its folder). This shell is all a page loads up front; the calls, their codecs and the request code are a
 * separate chunk (./calls) fetched on the first call. With no base URL set, a call fails at once
 * with "Blockchain API not configured" and loads nothing.
 */
import type { BlockchainApi } from '../../ports/blockchainApi'
import { AirlockError, ErrorCategory } from '../../kernel/errors'
import { HTTP_FAILED } from '../fetchJson'
import type { BlockchainApiOptions } from './request'
import { isConfigured, notConfiguredError } from './notConfigured'
import type * as Calls from './calls'

type Method = Exclude<keyof BlockchainApi, 'baseUrl' | 'projectId' | 'request'>

/** The port's methods: each is the call of the same name in ./calls, its options bound. */
const METHODS: { readonly [M in Method]: true } = {
  supportedChains: true,
  identity: true,
  history: true,
  balance: true,
  nfts: true,
  profile: true,
  reverseProfiles: true,
}

/** A call of ./calls with its options bound: what the port method of its name must be. */
type Bound<F> = F extends (options: BlockchainApiOptions, ...args: infer A) => infer R ? (...args: A) => R : never
// The compiler checks here that every bound call fits its port method (same parameters, answers of the port's types).
type Fits = { readonly [M in Method]: Bound<(typeof Calls)[M]> } extends Pick<BlockchainApi, Method> ? true : never
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
  const request: BlockchainApi['request'] = async (call, callOptions) => (await calls()).request(options, call, callOptions)
  const api: Record<string, unknown> = { baseUrl, projectId: options.projectId, request }
  for (const method of Object.keys(METHODS) as Method[]) {
    // Every call in ./calls is `(options, ...args)`; the port method is `(...args)`.
    api[method] = async (...args: unknown[]) => ((await calls())[method] as (...all: unknown[]) => Promise<unknown>)(options, ...args)
  }
  return api as unknown as BlockchainApi
}

/**
 * The shell of a provider that wraps a wallet of another protocol (a Wallet Standard wallet, a
 * `btc_providers` entry) in the EIP-1193 shape the adapters speak: `request` runs the protocol's
 * translation and turns whatever the wallet threw into our error family (its code kept);
 * listeners are told events one by one, one listener's failure never keeping the others from
 * hearing; and the wallet is followed only while anyone listens. While the site's own
 * DISCONNECT_METHOD runs, a `disconnect` the wallet answers it with is not told: the site is
 * leaving already, and the follow effect would tell the visitor twice.
 */
import * as t from 'io-ts'
import type { WalletProvider } from '../ports/wallet'
import { DISCONNECT_METHOD } from '../chains/adapter'
import { isRight } from '../kernel/either'
import { JsonRpcErrorCode } from '../kernel/errors/codes'
import { providerError } from '../kernel/errors/provider'
import { RpcRequestError } from '../kernel/errors/rpc'

/**
 * The parameters of SET_CHAIN_METHOD: `[caipNetworkId]`, or `[caipNetworkId, { name, rpcUrl }]`
 * (the network's name, for an error that names it, and its endpoint: a Solana cluster on loopback
 * is a wallet's `solana:localnet`).
 */
export const SetChainParams = t.tuple([t.string, t.union([t.partial({ name: t.string, rpcUrl: t.string }), t.undefined])])

/** A site's call with parameters of the wrong form (JSON-RPC -32602). */
export const invalidParams = (method: string, details: string): RpcRequestError =>
  new RpcRequestError({ code: JsonRpcErrorCode.INVALID_PARAMS, details: `${method}: ${details}` })

/** A call's parameters decoded with `codec`, or invalidParams. */
export function params<A>(codec: t.Decoder<unknown, A>, method: string, value: unknown): A {
  const decoded = codec.decode(value)
  if (isRight(decoded)) return decoded.right
  throw invalidParams(method, 'parameters of the wrong form')
}

type Listener = (...args: never[]) => void

export interface WrappedProvider {
  readonly provider: WalletProvider
  /** Tell the listeners of `event`. */
  emit(event: string, ...args: unknown[]): void
}

/**
 * ```ts
 * const { provider, emit } = wrapProvider(dispatch, () => wallet.features['standard:events']?.on('change', onChange))
 * ```
 */
export function wrapProvider(dispatch: (method: string, params: unknown) => Promise<unknown>, follow: () => (() => void) | undefined): WrappedProvider {
  const listeners = new Map<string, Set<Listener>>()
  let stopFollowing: (() => void) | undefined
  let leaving = false
  return {
    emit(event, ...args) {
      if (leaving && event === 'disconnect') return
      for (const listener of [...(listeners.get(event) ?? [])]) {
        try {
          ;(listener as (...values: unknown[]) => void)(...args)
        } catch {
          // One listener's failure does not keep the others from hearing.
        }
      }
    },
    provider: {
      async request({ method, params: value }) {
        if (method === DISCONNECT_METHOD) leaving = true
        try {
          return await dispatch(method, value)
        } catch (error) {
          throw providerError(error)
        } finally {
          if (method === DISCONNECT_METHOD) leaving = false
        }
      },
      on(event, listener) {
        if (!listeners.has(event)) listeners.set(event, new Set())
        listeners.get(event)!.add(listener)
        stopFollowing ??= follow()
      },
      removeListener(event, listener) {
        listeners.get(event)?.delete(listener)
        if ([...listeners.values()].every((set) => set.size === 0)) {
          stopFollowing?.()
          stopFollowing = undefined
        }
      },
    },
  }
}

/**
 * TRANSACTION_SETTLED (issue 26 §2): the one fact that a transaction of the visitor's settled on a
 * chain — a send, a swap, an on-ramp purchase delivered (its widget closed), or the site's own
 * (`airlock.transactionSettled`). It is public, and it invalidates what it touched in the
 * instance's account-data service: the balances, history, purchases and NFTs of every account on
 * that chain (docs/plugins.md "Account data"); the native balance is read again too. It replaced
 * three lists of plugin event names (SEND_SUCCESS, SWAP_SUCCESS, ONRAMP_WIDGET_CLOSED) kept by the
 * core's native balance, the Tokens tab and Activity. Its codec lives here, in the plugins' lazy
 * chunks, not in the page's first load.
 */
import * as t from 'io-ts'
import { ignoreElements, tap } from 'rxjs'
import { defineEvent } from '../../events/define'
import { ChainNamespace } from '../../events/shapes/namespace'
import { createEvent, type EventOf } from '../../kernel/registry'
import type { Effect } from '../../kernel/module'
import { ofType } from '../../kernel/operators'
import type { Invalidation } from './cache'
import type { PortDeps } from '../../ports/deps'
import { accountData } from './service'

/** What settled: a transfer sent in the modal, a swap, an on-ramp purchase, or a transaction of the site's own. */
export const SettledKind = t.keyof({ send: null, swap: null, onramp: null, site: null }, 'SettledKind')
export type SettledKind = t.TypeOf<typeof SettledKind>

/** Public: a transaction settled on `namespace:chainId` (CAIP-2's two parts); `hash` null when not known (an on-ramp delivery). */
export const TransactionSettled = defineEvent(
  'TRANSACTION_SETTLED',
  t.type({ namespace: ChainNamespace, chainId: t.string, hash: t.union([t.string, t.null]), kind: SettledKind }),
)
export type TransactionSettled = t.TypeOf<typeof TransactionSettled>

declare module '../../kernel/registry' {
  interface EventRegistry {
    TRANSACTION_SETTLED: TransactionSettled
  }
  interface PublicEventRegistry {
    TRANSACTION_SETTLED: true
  }
}

/** The resources a settled transaction may change (identity does not). */
export const SETTLED_RESOURCES: readonly string[] = ['balances', 'history', 'purchases', 'nfts']

/**
 * The event for a transaction that settled on the CAIP-2 network `caipNetworkId`.
 *
 * ```ts
 * transactionSettled('eip155:31337', '0xab…', 'send') // TRANSACTION_SETTLED { namespace: 'eip155', chainId: '31337', hash: '0xab…', kind: 'send' }
 * ```
 */
export function transactionSettled(caipNetworkId: string, hash: string | null, kind: SettledKind): EventOf<'TRANSACTION_SETTLED'> {
  const cut = caipNetworkId.indexOf(':')
  return createEvent('TRANSACTION_SETTLED', { namespace: caipNetworkId.slice(0, cut) as ChainNamespace, chainId: caipNetworkId.slice(cut + 1), hash, kind })
}

/** What a TRANSACTION_SETTLED invalidates. `settledInvalidation({ namespace: 'eip155', chainId: '1', … }) // { chainId: 'eip155:1', resources: [...] }` */
export const settledInvalidation = ({ namespace, chainId }: TransactionSettled['payload']): Invalidation => ({
  chainId: `${namespace}:${chainId}`,
  resources: SETTLED_RESOURCES,
})

const handled = new WeakSet<object>()

/**
 * The effect every plugin that shows account data runs: each TRANSACTION_SETTLED invalidates what
 * it touched, once per event however many plugins run it (the service then tells its watchers).
 */
export const invalidateOnSettled: Effect<PortDeps> = (events$, _state$, deps) =>
  events$.pipe(
    ofType('TRANSACTION_SETTLED'),
    tap((event) => {
      if (handled.has(event)) return
      handled.add(event)
      accountData(deps).invalidate(settledInvalidation(event.payload))
    }),
    ignoreElements(),
  )

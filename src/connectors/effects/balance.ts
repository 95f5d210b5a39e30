/**
 * The native balance of the active account, read from the chain whenever the account or the
 * network changes, and again each time the modal opens (a visitor who sent or received funds
 * meanwhile sees the new balance) and a transaction of the visitor's settles (TRANSACTION_SETTLED:
 * a send, a swap, an on-ramp purchase). A failed read shows "Token Balance Unavailable" (SPEC §8; the
 * banner takes the words from the strings table by the key `balanceUnavailable`) and clears the
 * balance; the next change of account or network reads again, and an opening of the modal does
 * only once BALANCE_RETRY_BLOCK_MS have passed since the failure (SPEC §5, §9: balance fetches
 * are blocked for 30 s after a failure).
 */
import { catchError, combineLatest, defer, distinctUntilChanged, EMPTY, filter, from, map, mergeMap, scan, startWith, switchMap, tap } from 'rxjs'
import type { Effect } from '../../kernel/module'
import { createEvent, type AirlockEvent, type RootState } from '../../kernel/registry'
import type { CaipNetwork } from '../../events/shapes/network'
import type { ChainNamespace } from '../../events/shapes/namespace'
import { selectActiveNetwork } from '../../core/networks/selectors'
import { formatUnitsRounded } from '../../format/bigNumber'
import type { ConnectorRuntime } from '../runtime'

/** SPEC §5/§9: how long a failed balance read blocks the next one the modal's opening would make. */
export const BALANCE_RETRY_BLOCK_MS = 30_000

interface Target {
  readonly key: string
  readonly namespace: ChainNamespace
  readonly address: string
  readonly network: CaipNetwork
  readonly root: RootState
}

function target(root: RootState): Target | null {
  const network = selectActiveNetwork(root)
  if (!network) return null
  const namespace = network.chainNamespace
  if (!root.connection.connectedNamespaces.includes(namespace)) return null
  const address = root.account.accounts[namespace].address
  if (!address) return null
  return { key: `${network.caipNetworkId}|${address}`, namespace, address, network, root }
}

export const readBalance =
  (runtime: ConnectorRuntime): Effect =>
  (events$, state$, deps) => {
    /** When the read of a pair last failed (scheduler time), by the pair's key. */
    const failedAt = new Map<string, number>()
    const opens$ = events$.pipe(
      // TRANSACTION_SETTLED (src/core/accountData/settled.ts, by its type's name: its codec stays out of the first load).
      filter((event) => event.type === 'MODAL_OPEN' || event.type === 'TRANSACTION_SETTLED'),
      scan((count) => count + 1, 0),
      startWith(0),
    )
    return combineLatest([
      state$.pipe(
        map(target),
        distinctUntilChanged((a, b) => a?.key === b?.key),
      ),
      opens$,
    ]).pipe(
      // A new pair reads at once; the same pair again (the modal opened) unless a failure blocks it.
      distinctUntilChanged(([a, openA], [b, openB]) => a?.key === b?.key && (openA === openB || blocked(b?.key))),
      map(([t]) => t),
      switchMap((t) => {
        if (!t) return EMPTY
        const reader = runtime.readerFor(t.network, t.root, deps)
        const clear = createEvent('BALANCE_CLEARED', { namespace: t.namespace, symbol: t.network.nativeCurrency.symbol || null })
        // A placeholder network has no endpoint: no balance, and nothing to report.
        if (!reader) return from([clear])
        return defer(async (): Promise<AirlockEvent[]> => {
          const adapter = await runtime.loadAdapter(t.namespace)
          if (!adapter) return [clear]
          const balance = await adapter.getBalance(reader, t.address, t.network)
          return [
            createEvent('BALANCE_UPDATED', { namespace: t.namespace, balance: formatUnitsRounded(balance.value, balance.decimals), symbol: balance.symbol }),
          ]
        }).pipe(
          tap(() => failedAt.delete(t.key)),
          catchError(() => {
            failedAt.set(t.key, deps.scheduler.now())
            return [[clear, createEvent('NOTIFICATION_REQUESTED', { variant: 'error', key: 'balanceUnavailable' })]]
          }),
          mergeMap((events) => from(events)),
        )
      }),
    )

    function blocked(key: string | undefined): boolean {
      const at = key === undefined ? undefined : failedAt.get(key)
      return at !== undefined && deps.scheduler.now() - at < BALANCE_RETRY_BLOCK_MS
    }
  }

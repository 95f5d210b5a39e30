/**
 * The native balance of the active account, read from the chain whenever the account or the
 * network changes and each time the modal opens (a visitor who sent or received funds meanwhile
 * sees the new balance), but at most once per NATIVE_BALANCE_CACHE_MS (SPEC §9: the native
 * balance is cached 30 s, keyed by address and chain, each entry with when it was read, SPEC §3):
 * within that an opening reads nothing, and coming back to an account and network read meanwhile
 * shows the cached balance. A transaction of the visitor's that settles on the chain
 * (TRANSACTION_SETTLED: a send, a swap, an on-ramp purchase) drops that chain's entries and reads
 * again at once. A failed read shows "Token Balance Unavailable" (SPEC §8; the banner takes the
 * words from the strings table by the key `balanceUnavailable`) and clears the balance; the next
 * change of account or network reads again, and an opening of the modal does only once
 * BALANCE_RETRY_BLOCK_MS have passed since the failure (SPEC §5, §9: balance fetches are blocked
 * for 30 s after a failure).
 */
import { catchError, defer, distinctUntilChanged, EMPTY, filter, from, map, merge, mergeMap, switchMap, tap } from 'rxjs'
import type { Effect } from '../../kernel/module'
import { createEvent, type AirlockEvent, type RootState } from '../../kernel/registry'
import type { CaipNetwork } from '../../events/shapes/network'
import type { ChainNamespace } from '../../events/shapes/namespace'
import { selectActiveNetwork } from '../../core/networks/selectors'
import { formatUnitsRounded } from '../../format/bigNumber'
import type { ConnectorRuntime } from '../runtime'

/** SPEC §5/§9: how long a failed balance read blocks the next one the modal's opening would make. */
export const BALANCE_RETRY_BLOCK_MS = 30_000
/** SPEC §9 "Cache lifetime: native balance": how long a read balance stands for its address and chain. */
export const NATIVE_BALANCE_CACHE_MS = 30_000

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

/** What makes the balance read: a new target, an opening of the modal, or a settled transaction's chain (CAIP-2). */
type Trigger = { readonly t: Target | null; readonly open: boolean; readonly settled: string | null }
type Ask = { readonly t: Target | null; readonly cached?: AirlockEvent }

export const readBalance =
  (runtime: ConnectorRuntime): Effect =>
  (events$, state$, deps) => {
    /** When the read of a pair last failed (scheduler time), by the pair's key. */
    const failedAt = new Map<string, number>()
    /** SPEC §3/§9: the last balance read of a pair and when, by the pair's key (its CAIP-2 network and address). */
    const cache = new Map<string, { readonly at: number; readonly event: AirlockEvent }>()
    let current: Target | null = null
    const triggers$ = merge(
      state$.pipe(
        map(target),
        distinctUntilChanged((a, b) => a?.key === b?.key),
        tap((t) => (current = t)),
        map((t): Trigger => ({ t, open: false, settled: null })),
      ),
      events$.pipe(
        // TRANSACTION_SETTLED (src/core/accountData/settled.ts, by its type's name: its codec stays out of the first load).
        filter((event) => event.type === 'MODAL_OPEN' || event.type === 'TRANSACTION_SETTLED'),
        map((event): Trigger => {
          if (event.type === 'MODAL_OPEN') return { t: current, open: true, settled: null }
          const { namespace, chainId } = event.payload as { readonly namespace: string; readonly chainId: string }
          return { t: current, open: false, settled: `${namespace}:${chainId}` }
        }),
      ),
    )
    return triggers$.pipe(
      // What each trigger asks: a read, the cached balance, none (no target: a read under way stops),
      // or nothing at all (null: a read under way goes on).
      map(({ t, open, settled }): Ask | null => {
        if (settled !== null) {
          for (const key of cache.keys()) if (key.startsWith(`${settled}|`)) cache.delete(key)
          return t?.network.caipNetworkId === settled ? { t } : null
        }
        if (!t) return open ? null : { t }
        const hit = cache.get(t.key)
        if (hit && deps.scheduler.now() - hit.at < NATIVE_BALANCE_CACHE_MS) return open ? null : { t, cached: hit.event }
        if (open && blocked(t.key)) return null
        return { t }
      }),
      filter((ask): ask is Ask => ask !== null),
      switchMap(({ t, cached }) => {
        if (!t) return EMPTY
        if (cached) return from([cached])
        const reader = runtime.readerFor(t.network, t.root, deps)
        const clear = createEvent('BALANCE_CLEARED', { namespace: t.namespace, symbol: t.network.nativeCurrency.symbol || null })
        // A placeholder network has no endpoint: no balance, and nothing to report.
        if (!reader) return from([clear])
        return defer(async (): Promise<AirlockEvent[]> => {
          const adapter = await runtime.loadAdapter(t.namespace)
          if (!adapter) return [clear]
          const balance = await adapter.getBalance(reader, t.address, t.network)
          const updated = createEvent('BALANCE_UPDATED', {
            namespace: t.namespace,
            balance: formatUnitsRounded(balance.value, balance.decimals),
            symbol: balance.symbol,
          })
          cache.set(t.key, { at: deps.scheduler.now(), event: updated })
          return [updated]
        }).pipe(
          tap(() => failedAt.delete(t.key)),
          catchError(() => {
            failedAt.set(t.key, deps.scheduler.now())
            cache.delete(t.key)
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

/**
 * The native balance of the active account, read from the chain whenever the account or the
 * network changes. A failed read shows "Token Balance Unavailable" (SPEC §8; the banner takes the
 * words from the strings table by the key `balanceUnavailable`) and clears the balance; the next
 * change of account or network reads again (the 30 s block of SPEC §9 is met: nothing re-reads
 * an unchanged pair).
 */
import { catchError, defer, distinctUntilChanged, EMPTY, from, map, mergeMap, switchMap } from 'rxjs'
import type { Effect } from '../../kernel/module'
import { createEvent, type AirlockEvent, type RootState } from '../../kernel/registry'
import type { CaipNetwork } from '../../events/shapes/network'
import type { ChainNamespace } from '../../events/shapes/namespace'
import { selectActiveNetwork } from '../../core/networks/selectors'
import { formatUnitsRounded } from '../../format/bigNumber'
import type { ConnectorRuntime } from '../runtime'

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
  (_events$, state$, deps) =>
    state$.pipe(
      map(target),
      distinctUntilChanged((a, b) => a?.key === b?.key),
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
          catchError(() => [[clear, createEvent('NOTIFICATION_REQUESTED', { variant: 'error', key: 'balanceUnavailable' })]]),
          mergeMap((events) => from(events)),
        )
      }),
    )

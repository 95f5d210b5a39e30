/**
 * The listeners on the wallets' own events (EIP-1193 accountsChanged, chainChanged, disconnect),
 * shared by the effects that connect, restore and follow a wallet. A connect or a restore attaches
 * the listener before it asks the wallet anything, so an event the wallet sends as soon as it has
 * answered is kept; the follow effect takes the events over once the state says the wallet is
 * connected — first those kept meanwhile, in order, then each as it comes. There is one listener
 * per wallet and namespace however many effects hold it, so no event is applied twice, and it
 * stops when the last holder lets go.
 */
import { Observable } from 'rxjs'
import type { AdapterLoader, ChainAdapter, WalletProvider } from '../chains/adapter'
import type { AccountType, ChainNamespace } from '../events/shapes/namespace'
import { ChainAdapterNotFoundError } from '../kernel/errors/lookup'

export type WalletEvent =
  | { readonly type: 'accountsChanged'; readonly addresses: readonly string[]; readonly types?: readonly AccountType[] }
  | { readonly type: 'chainChanged'; readonly chainReference: string }
  | { readonly type: 'disconnect' }

export interface WalletWatch {
  /**
   * The wallet's events: on subscribing, those that came before (in order), then each as it comes.
   * One subscriber at a time takes them.
   */
  readonly events$: Observable<WalletEvent>
  /** Let go of the listener (once; again does nothing). */
  release(): void
}

export interface WalletWatches {
  /** Listen to `provider`'s events from now on, or join the listener already on it. */
  hold(namespace: ChainNamespace, provider: WalletProvider, adapter: ChainAdapter): WalletWatch
  /** Join the listener already on `provider`, if there is one. */
  join(namespace: ChainNamespace, provider: WalletProvider): WalletWatch | undefined
}

/** Events kept for a follower that has not come yet; a wallet that floods keeps only its latest. */
const KEPT_EVENTS = 100

interface Entry {
  readonly namespace: ChainNamespace
  readonly provider: WalletProvider
  holders: number
  readonly kept: WalletEvent[]
  sink: ((event: WalletEvent) => void) | undefined
  stop: () => void
}

/**
 * ```ts
 * const watch = watches.hold('eip155', provider, eip155Adapter) // before eth_requestAccounts
 * const session = await eip155Adapter.connect(provider)
 * // …the follow effect: watches.join('eip155', provider)?.events$.subscribe(apply)
 * watch.release()
 * ```
 */
export function createWalletWatches(): WalletWatches {
  const entries: Entry[] = []
  const find = (namespace: ChainNamespace, provider: WalletProvider) => entries.find((e) => e.namespace === namespace && e.provider === provider)

  function handle(entry: Entry): WalletWatch {
    entry.holders += 1
    let released = false
    const events$ = new Observable<WalletEvent>((subscriber) => {
      // What came before goes first; an event arriving while these are delivered is kept and
      // delivered in its turn, so the order is the wallet's.
      for (let event = entry.kept.shift(); event !== undefined; event = entry.kept.shift()) subscriber.next(event)
      const sink = (event: WalletEvent): void => subscriber.next(event)
      entry.sink = sink
      return () => {
        if (entry.sink === sink) entry.sink = undefined
      }
    })
    return {
      events$,
      release() {
        if (released) return
        released = true
        entry.holders -= 1
        if (entry.holders > 0) return
        entry.stop()
        entries.splice(entries.indexOf(entry), 1)
      },
    }
  }

  return {
    hold(namespace, provider, adapter) {
      const existing = find(namespace, provider)
      if (existing) return handle(existing)
      const entry: Entry = { namespace, provider, holders: 0, kept: [], sink: undefined, stop: () => undefined }
      const deliver = (event: WalletEvent): void => {
        if (entry.sink) return entry.sink(event)
        entry.kept.push(event)
        if (entry.kept.length > KEPT_EVENTS) entry.kept.shift()
      }
      try {
        entry.stop = adapter.subscribe(provider, {
          accountsChanged: (addresses, types) => deliver(types ? { type: 'accountsChanged', addresses, types } : { type: 'accountsChanged', addresses }),
          chainChanged: (chainReference) => deliver({ type: 'chainChanged', chainReference }),
          disconnect: () => deliver({ type: 'disconnect' }),
        })
      } catch {
        // A wallet whose `on` throws can still be connected; its events are not followed.
      }
      entries.push(entry)
      return handle(entry)
    },
    join(namespace, provider) {
      const existing = find(namespace, provider)
      return existing && handle(existing)
    },
  }
}

/**
 * Load the namespace's adapter, attach the listener to the wallet, then run `work` (the connect
 * or restore request): the listener is there before the wallet is asked anything. It is let go
 * when the result has been delivered (by then the follow effect has joined it if the wallet is
 * connected), on failure, or when the caller stops waiting.
 *
 * ```ts
 * withWalletWatch(runtime, 'eip155', provider, (adapter) => adapter.connect(provider)).subscribe(…)
 * ```
 */
export function withWalletWatch<T>(
  runtime: { readonly watches: WalletWatches; readonly loadAdapter: AdapterLoader },
  namespace: ChainNamespace,
  provider: WalletProvider,
  work: (adapter: ChainAdapter) => Promise<T>,
): Observable<T> {
  return new Observable<T>((subscriber) => {
    let watch: WalletWatch | undefined
    let closed = false
    void (async () => {
      const adapter = await runtime.loadAdapter(namespace)
      if (closed) return
      if (!adapter) throw new ChainAdapterNotFoundError({ namespace })
      watch = runtime.watches.hold(namespace, provider, adapter)
      const value = await work(adapter)
      if (closed) return
      subscriber.next(value)
      subscriber.complete()
    })().catch((error: unknown) => {
      if (!closed) subscriber.error(error)
    })
    return () => {
      closed = true
      watch?.release()
    }
  })
}

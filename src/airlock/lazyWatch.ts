/**
 * The instance's `watchWallets` and `watchConnectMethods` (issue 28 §3): a selection of the state,
 * watched once the chunk holding its selector (src/airlock/headless.ts) has arrived, so a page that
 * never watches fetches none of it. The returned stop works before the chunk arrives too.
 */
import type { Observable, Subscription } from 'rxjs'
import type { RootState } from '../kernel/registry'
import type { Logger } from '../kernel/deps'
import type * as HeadlessChunk from './headless'

type Headless = typeof HeadlessChunk

/**
 * Call `listener` with `pick(chunk)`'s selection now and at each change.
 *
 * ```ts
 * const stop = lazyWatch(kernel.select, (m) => m.selectConnectMethods, console.log, logger)
 * ```
 */
export function lazyWatch<T>(
  select: (selector: (state: RootState) => T) => Observable<T>,
  pick: (chunk: Headless) => (state: RootState) => T,
  listener: (value: T) => void,
  logger: Logger,
): () => void {
  let stopped = false
  let subscription: Subscription | undefined
  import('./headless').then(
    (chunk) => {
      if (!stopped) subscription = select(pick(chunk)).subscribe(listener)
    },
    (error: unknown) => logger.error('Airlock: failed to load the headless API', error),
  )
  return () => {
    stopped = true
    subscription?.unsubscribe()
  }
}

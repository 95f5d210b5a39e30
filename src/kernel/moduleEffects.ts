/**
 * Effects a lazy chunk brings (see ./lazyEffects), run through the kernel's own isolation
 * (./isolate): each failure is the module's MODULE_ERROR under the effect's hook, then that effect
 * alone starts again, so one failing effect never stops its neighbours in the chunk.
 */
import { merge, Observable } from 'rxjs'
import type { Command, Effect } from './module'
import type { AirlockEvent } from './registry'
import type { Deps } from './deps'
import { moduleError } from './kernelEvents'
import { isolate } from './isolate'

/** One effect under the kernel's rules (./isolate): its failure reported as `moduleId`'s, then a fresh start. */
export const asModuleEffect =
  <D extends Deps>(moduleId: string, name: string, effect: Effect<D>): Effect<D> =>
  (events$, state$, deps) =>
    new Observable<AirlockEvent | Command>((subscriber) =>
      isolate(
        () => effect(events$, state$, deps),
        (item) => subscriber.next(item),
        (error) => subscriber.next(moduleError(moduleId, `effect:${name}`, error)),
      ),
    )

/**
 * Named effects as one, each under the kernel's rules for `moduleId`.
 *
 * ```ts
 * moduleEffects('walletCatalog', { loadWalletPages, searchWallets })(events$, state$, deps).subscribe(dispatch)
 * ```
 */
export const moduleEffects =
  <D extends Deps>(moduleId: string, effects: Readonly<Record<string, Effect<D>>>): Effect<D> =>
  (events$, state$, deps) =>
    merge(...Object.entries(effects).map(([name, effect]) => asModuleEffect(moduleId, name, effect)(events$, state$, deps)))

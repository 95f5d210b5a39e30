/**
 * The wallet-connection effects as one chunk, fetched when first needed (see start.ts): connect,
 * follow, balance, switch, disconnect and restore, with the listeners on the wallets' events. Each
 * runs as the kernel runs a module's effect: a failure is the module's MODULE_ERROR under the
 * effect's own hook, and the effect starts again.
 */
import { merge, Observable, type Subscription } from 'rxjs'
import type { Command, Effect } from '../../kernel/module'
import type { AirlockEvent } from '../../kernel/registry'
import { moduleError } from '../../kernel/kernelEvents'
import type { ConnectorRuntime } from '../runtime'
import { createWalletWatches } from '../walletWatches'
import { connectWallet } from './connect'
import { followWallets } from './follow'
import { readBalance } from './balance'
import { switchWalletNetwork } from './switchNetwork'
import { disconnectWallets } from './disconnect'
import { restoreConnections } from './restore'

/** One effect under the kernel's rules: its failure reported as `moduleId`'s, then a fresh start. */
const asModuleEffect =
  (moduleId: string, name: string, effect: Effect): Effect =>
  (events$, state$, deps) =>
    new Observable<AirlockEvent | Command>((subscriber) => {
      let current: Subscription | undefined
      const start = (): void => {
        // An effect that fails while subscribing would fail again at once: it stays stopped.
        let subscribing = true
        try {
          current = effect(events$, state$, deps).subscribe({
            next: (item) => subscriber.next(item),
            error: (error: unknown) => {
              subscriber.next(moduleError(moduleId, `effect:${name}`, error))
              if (!subscribing && !subscriber.closed) start()
            },
          })
        } catch (error) {
          subscriber.next(moduleError(moduleId, `effect:${name}`, error))
        }
        subscribing = false
      }
      start()
      return () => current?.unsubscribe()
    })

export interface WalletEffectsOptions {
  /** The module whose effects these are (for MODULE_ERROR). */
  readonly moduleId: string
  /** Whether to restore a stored connection: false once the storage was read with nothing to restore. */
  readonly restore: boolean
}

/**
 * ```ts
 * walletEffects(runtime, { moduleId: 'wallets', restore: true })(events$, state$, deps).subscribe(dispatch)
 * ```
 */
export function walletEffects(runtime: ConnectorRuntime, options: WalletEffectsOptions): Effect {
  const watching = { ...runtime, watches: runtime.watches ?? createWalletWatches() }
  const effects: Record<string, Effect> = {
    ...(options.restore && { restoreConnections: restoreConnections(watching) }),
    connectWallet: connectWallet(watching),
    followWallets: followWallets(watching),
    readBalance: readBalance(watching),
    switchWalletNetwork: switchWalletNetwork(watching),
    disconnectWallets: disconnectWallets(watching),
  }
  return (events$, state$, deps) =>
    merge(...Object.entries(effects).map(([name, effect]) => asModuleEffect(options.moduleId, name, effect)(events$, state$, deps)))
}

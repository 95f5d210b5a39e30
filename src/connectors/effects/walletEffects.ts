/**
 * The wallet-connection effects as one chunk, fetched when first needed (see start.ts): connect,
 * follow, balance, switch, disconnect and restore, and several wallets at once (switch, disconnect one), back to a namespace still connected after a reset, with the listeners on the wallets' events. Each
 * runs as the kernel runs a module's effect: a failure is the module's MODULE_ERROR under the
 * effect's own hook, and the effect starts again.
 */
import type { Effect } from '../../kernel/module'
import { moduleEffects } from '../../kernel/moduleEffects'
import type { ConnectorRuntime } from '../runtime'
import { createWalletWatches } from '../walletWatches'
import { connectWallet } from './connect'
import { followWallets } from './follow'
import { readBalance } from './balance'
import { switchWalletNetwork } from './switchNetwork'
import { embeddedPick } from './embeddedSwitch'
import { disconnectWallets } from './disconnect'
import { restoreConnections } from './restore'
import { disconnectOneWallet, switchConnections } from './severalWallets'
import { returnAfterReset } from './partialDisconnect'

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
    embeddedPick: embeddedPick(watching),
    disconnectWallets: disconnectWallets(watching),
    switchConnections: switchConnections(watching),
    disconnectOneWallet: disconnectOneWallet(watching),
    returnAfterReset,
  }
  return moduleEffects(options.moduleId, effects)
}

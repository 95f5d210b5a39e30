/**
 * The wallet-connection module: discovery, connect, follow, balance, switch, disconnect and
 * restore, as effects over one connector runtime (all but discovery loaded when first needed). It has no state of its own; everything it
 * learns goes through events into the core slices.
 */
import { defineModule } from '../kernel/module'
import type { ConnectorRuntime } from './runtime'
import { discoverWallets } from './effects/discover'
import { startWalletEffects, type LoadWalletEffects } from './effects/start'
import { unsupportedChainView } from './effects/unsupportedChain'
import { offerWalletConnect, startWalletConnect } from './walletconnect/start'
import { contributedConnectors, type ContributedConnectors } from './contributed'

const WALLET_MODULE_ID = 'wallets'

/**
 * `loadWalletEffects` fetches the wallet effects' chunk; tests that count event-loop turns give
 * the module imported up front, as they give the chain adapter. `contributed` finds the connectors
 * a loaded plugin brings (none without it).
 *
 * ```ts
 * createKernel({ modules: [...coreModules, createWalletModule(createConnectorRuntime())], deps })
 * ```
 */
export function createWalletModule(runtime: ConnectorRuntime, loadWalletEffects?: LoadWalletEffects, contributed: ContributedConnectors = () => undefined) {
  return defineModule<null>({
    id: WALLET_MODULE_ID,
    initialState: null,
    effects: {
      discoverWallets: discoverWallets(runtime),
      contributedConnectors: contributedConnectors(runtime, contributed),
      // Restore, connect, follow, balance, switch and disconnect: their code loads when a wallet
      // is first needed (effects/start.ts), in the place their effects held among these.
      wallet: startWalletEffects(runtime, WALLET_MODULE_ID, loadWalletEffects),
      unsupportedChainView,
      offerWalletConnect,
      // Pairs, restores and follows WalletConnect sessions: its code loads when first needed.
      walletConnect: startWalletConnect(runtime),
    },
  })
}

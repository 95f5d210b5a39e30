/**
 * The wallet-connection module: discovery, connect, follow, balance, switch, disconnect and
 * restore, as effects over one connector runtime. It has no state of its own; everything it
 * learns goes through events into the core slices.
 */
import { defineModule } from '../kernel/module'
import type { ConnectorRuntime } from './runtime'
import { discoverWallets } from './effects/discover'
import { connectWallet } from './effects/connect'
import { followWallets } from './effects/follow'
import { readBalance } from './effects/balance'
import { switchWalletNetwork } from './effects/switchNetwork'
import { disconnectWallets } from './effects/disconnect'
import { restoreConnections } from './effects/restore'
import { unsupportedChainView } from './effects/unsupportedChain'
import { offerWalletConnect, startWalletConnect } from './walletconnect/start'

/**
 * ```ts
 * createKernel({ modules: [...coreModules, createWalletModule(createConnectorRuntime())], deps })
 * ```
 */
export function createWalletModule(runtime: ConnectorRuntime) {
  return defineModule<null>({
    id: 'wallets',
    initialState: null,
    effects: {
      discoverWallets: discoverWallets(runtime),
      restoreConnections: restoreConnections(runtime),
      connectWallet: connectWallet(runtime),
      followWallets: followWallets(runtime),
      readBalance: readBalance(runtime),
      switchWalletNetwork: switchWalletNetwork(runtime),
      disconnectWallets: disconnectWallets(runtime),
      unsupportedChainView,
      offerWalletConnect,
      // Pairs, restores and follows WalletConnect sessions: its code loads when first needed.
      walletConnect: startWalletConnect(runtime),
    },
  })
}

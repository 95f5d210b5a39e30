/**
 * What the WalletConnect effects share: the connector runtime with this instance's session
 * provider, the namespaces connected through the relay, and the relay client's options.
 */
import type { Deps } from '../../kernel/deps'
import type { RootState } from '../../kernel/registry'
import type { ChainNamespace } from '../../events/shapes/namespace'
import type { ResolvedOptions } from '../../events/shapes/options'
import type { ConnectorRuntime } from '../runtime'
import type { WalletConnectClientOptions } from './client'
import { WALLET_CONNECT_ID } from './port'
import type { SessionProvider } from './sessionProvider'

/** The connector runtime with this instance's session provider, made when this chunk starts. */
export interface RelayRuntime extends ConnectorRuntime {
  readonly provider: SessionProvider
}

/** The namespaces connected through the relay session. */
export const relayNamespaces = (state: RootState): ChainNamespace[] =>
  state.connection.connectedNamespaces.filter((ns) => state.connectors.activeConnectorIds[ns] === WALLET_CONNECT_ID)

export function clientOptions(options: ResolvedOptions, deps: Deps): WalletConnectClientOptions {
  let origin = 'http://localhost'
  let title = ''
  try {
    origin = deps.window?.location.origin ?? origin
    title = deps.window?.document.title ?? ''
  } catch {
    // A window we may not read (server rendering): keep the defaults.
  }
  return {
    projectId: options.projectId,
    relayUrl: options.apiUrls.relay,
    metadata: options.metadata ?? { name: title || origin, description: '', url: origin, icons: [] },
    clock: deps.clock,
  }
}

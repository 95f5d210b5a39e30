/** Something asked for by id is not there: SPEC §8's "… not found" errors. */
import { AirlockError, type ErrorParameters } from '../errors'

export const NETWORK_NOT_FOUND = 'Network not found'
export const CHAIN_ADAPTER_NOT_FOUND = 'Chain adapter not found'
export const ADAPTER_NOT_FOUND = 'Adapter not found'
export const CONNECTOR_NOT_FOUND = 'Connector not found'
export const WALLET_CONNECT_CONNECTOR_NOT_FOUND = 'WalletConnectConnector not found'

/**
 * SPEC §8 "Network not found": a network id the site did not configure.
 *
 * ```ts
 * throw new NetworkNotFoundError({ caipNetworkId: 'eip155:5' })
 * ```
 */
export class NetworkNotFoundError extends AirlockError {
  override name = 'NetworkNotFoundError'
  readonly caipNetworkId: string | undefined

  constructor({ caipNetworkId, details, cause }: ErrorParameters & { readonly caipNetworkId?: string } = {}) {
    super(NETWORK_NOT_FOUND, { details: details ?? (caipNetworkId === undefined ? undefined : `${caipNetworkId} is not among the configured networks`), cause })
    this.caipNetworkId = caipNetworkId
  }
}

/**
 * SPEC §8 "Chain adapter not found": this build has no adapter for a wallet's namespace.
 *
 * ```ts
 * if (!adapter) throw new ChainAdapterNotFoundError({ namespace: 'solana' })
 * ```
 */
export class ChainAdapterNotFoundError extends AirlockError {
  override name = 'ChainAdapterNotFoundError'
  readonly namespace: string | undefined

  constructor({ namespace, details, cause }: ErrorParameters & { readonly namespace?: string } = {}) {
    super(CHAIN_ADAPTER_NOT_FOUND, { details: details ?? (namespace === undefined ? undefined : `No chain adapter for namespace ${namespace}`), cause })
    this.namespace = namespace
  }
}

/**
 * SPEC §8 "Adapter not found": a network was added for a namespace the site has no adapter for
 * (SPEC §5).
 *
 * ```ts
 * throw new AdapterNotFoundError({ namespace: 'bip122' })
 * ```
 */
export class AdapterNotFoundError extends AirlockError {
  override name = 'AdapterNotFoundError'
  readonly namespace: string | undefined

  constructor({ namespace, details, cause }: ErrorParameters & { readonly namespace?: string } = {}) {
    super(ADAPTER_NOT_FOUND, { details: details ?? (namespace === undefined ? undefined : `No adapter for namespace ${namespace}`), cause })
    this.namespace = namespace
  }
}

/**
 * A connector id that is not among the connectors (`airlock.connect('nope')`): "Connector not
 * found"; for WalletConnect's id (WalletConnect off: `enableWalletConnect: false`, or no network
 * it serves) SPEC §8's "WalletConnectConnector not found".
 *
 * ```ts
 * await airlock.connect('io.metamask') // rejects with ConnectorNotFoundError before it is announced
 * await airlock.connect('walletConnect') // with WalletConnect off: ConnectorNotFoundError 'WalletConnectConnector not found'
 * ```
 */
export class ConnectorNotFoundError extends AirlockError {
  override name = 'ConnectorNotFoundError'
  readonly connectorId: string

  constructor({ connectorId, details, cause }: ErrorParameters & { readonly connectorId: string }) {
    // WalletConnect's connector id (src/events/shapes/connector.ts WALLET_CONNECT_ID; the kernel imports nothing above it).
    super(connectorId === 'walletConnect' ? WALLET_CONNECT_CONNECTOR_NOT_FOUND : CONNECTOR_NOT_FOUND, {
      details: details ?? `No connector with id ${JSON.stringify(connectorId)}`,
      cause,
    })
    this.connectorId = connectorId
  }
}

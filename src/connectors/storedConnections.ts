/** What storage says was connected at the last visit (SPEC §3), for the restore effects. */
import type { ChainNamespace } from '../events/shapes/namespace'
import type { StoredValues } from '../events/shapes/storage'

/**
 * The namespaces stored as connected through a connector `claims` accepts; none unless the stored
 * connection status is connected.
 *
 * ```ts
 * storedNamespaces(values, (id) => id === 'walletConnect') // ['eip155', 'solana']
 * ```
 */
export function storedNamespaces(values: StoredValues, claims: (connectorId: string) => boolean): ChainNamespace[] {
  if (values.connectionStatus !== 'connected') return []
  const stored = values.connectedConnectorIds ?? {}
  return (Object.keys(stored) as ChainNamespace[]).filter((ns) => {
    const id = stored[ns]
    return id !== undefined && id !== null && claims(id)
  })
}

/**
 * The namespaces whose calls a relay session answers on the page, each with its own session
 * (see `RelayLocalSession`). Apart from ./relay.ts so the first load, which needs only that
 * table, does not carry them: only the WalletConnect chunk imports this.
 */
import type { ChainNamespace } from '../events/shapes/namespace'
import type { RelayLocalSessionFactory } from './relay'
import { createEip155RelaySession } from './eip155/relaySession'

export const RELAY_LOCAL_SESSIONS: Partial<Record<ChainNamespace, RelayLocalSessionFactory>> = {
  eip155: createEip155RelaySession,
}

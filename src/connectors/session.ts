/** The events that make a wallet session (accounts and chain) the state of its namespace. */
import type { ChainAdapter, WalletSession } from '../chains/adapter'
import type { Connector } from '../events/shapes/connector'
import type { AccountType } from '../events/shapes/namespace'
import { createEvent, type AirlockEvent, type RootState } from '../kernel/registry'
import { findNetwork } from '../core/networks/selectors'
import { updateChainAccountData } from '../core/account/commands'

/** The CAIP-2 id a session's chain maps to. `sessionNetworkId('eip155', '137') // 'eip155:137'` */
export const sessionNetworkId = (namespace: string, chainReference: string): string => `${namespace}:${chainReference}`

/** Whether the site configured the chain the wallet is on. */
export function isSessionChainConfigured(root: RootState, adapter: ChainAdapter, session: WalletSession): boolean {
  return findNetwork(root.networks, sessionNetworkId(adapter.namespace, session.chainReference)) !== undefined
}

/**
 * The network the wallet is on (or the unsupported placeholder, SPEC §4) unless `activate` is
 * false, the connector made active, and the account fields of SPEC §3: address, CAIP-10 address, every account, and the
 * wallet's name, icon and connector type.
 *
 * ```ts
 * sessionEvents(state, connector, { addresses: ['0xf39F…'], chainReference: '31337' }, eip155Adapter)
 * // [NETWORK_SWITCHED eip155:31337, CONNECTOR_ACTIVATED, ACCOUNT_CONNECTED { address, caipAddress: 'eip155:31337:0xf39F…', … }]
 * ```
 */
export function sessionEvents(
  root: RootState,
  connector: Connector,
  session: WalletSession,
  adapter: Pick<ChainAdapter, 'namespace'>,
  { activate = true }: { readonly activate?: boolean } = {},
): AirlockEvent[] {
  const namespace = adapter.namespace
  const caipNetworkId = sessionNetworkId(namespace, session.chainReference)
  const events: AirlockEvent[] = []
  // A second namespace of one connection (a multi-chain wallet, a relay session) does not take
  // the active network from the first: its account is recorded on its own chain.
  if (!activate) {
    // nothing to switch
  } else if (findNetwork(root.networks, caipNetworkId)) {
    if (root.networks.activeCaipNetworkId !== caipNetworkId) events.push(createEvent('NETWORK_SWITCHED', { caipNetworkId }))
  } else {
    events.push(createEvent('NETWORK_UNSUPPORTED', { namespace, chainId: session.chainReference }))
  }
  events.push(createEvent('CONNECTOR_ACTIVATED', { namespace, connectorId: connector.id }))
  events.push(accountEvent(namespace, caipNetworkId, session.addresses, connector, session.accountTypes))
  return events
}

/**
 * The event of a session's accounts on `caipNetworkId`, the first one active: ACCOUNT_CONNECTED
 * when a connector was just connected, ACCOUNTS_CHANGED when the connected wallet reports a new
 * list (or a connection brought no account).
 */
export function accountEvent(
  namespace: Connector['chain'],
  caipNetworkId: string,
  addresses: readonly string[],
  connector?: Connector,
  types?: readonly AccountType[],
): AirlockEvent {
  const changed = updateChainAccountData(namespace, caipNetworkId, addresses, types)
  const { address, caipAddress, allAccounts } = changed.payload
  if (!connector || address === null || caipAddress === null) return changed
  return createEvent('ACCOUNT_CONNECTED', {
    namespace,
    address,
    caipAddress,
    allAccounts,
    connectedWalletInfo: {
      name: connector.name,
      ...(connector.imageUrl ? { icon: connector.imageUrl } : {}),
      // SPEC §3: `identifier` is the auth wallet's sign-in (email or user name), never a wallet's
      // rdns; the type lets ACCOUNT_IDENTITY_RESOLVED land only on the auth wallet's info.
      type: connector.type,
    },
  })
}

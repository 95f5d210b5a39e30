/**
 * The one reading of "the connected account of the active namespace, if the feature supports it"
 * (issue 26 §2): plugins pass the namespaces their feature serves instead of each checking the
 * active namespace, the connection and the address on its own. A module of its own, reached only
 * by the plugins' lazy chunks and `airlock/plugin`, so the page's first load does not carry it.
 */
import type { RootState } from '../../kernel/registry'
import type { ChainNamespace } from '../../events/shapes/namespace'
import type { AccountState } from './state'

/** The account a wallet has connected on the active namespace. */
export interface ConnectedAccount {
  readonly namespace: ChainNamespace
  readonly address: string
  /** CAIP-10: the network the account is on and its address. */
  readonly caipAddress: string
  /** The connector it is connected through, as `state.connectors` names it. */
  readonly connectorId: string | null
  /** The namespace's whole account record (balance, profile, …). */
  readonly record: AccountState
}

/**
 * Memoised on the account record, which belongs to one instance's state and is replaced when it
 * changes: instances on one page never evict each other's value, and a dropped state frees its own.
 */
const memo = new WeakMap<AccountState, ConnectedAccount>()

/**
 * The connected account of the active namespace (the namespace of the active network), or
 * undefined when none is connected there or when `namespaces` is given and does not list it. The
 * same account record and connector give the same object (for `useSyncExternalStore`).
 *
 * ```ts
 * selectConnectedAccount(state, ['eip155', 'solana'])?.caipAddress // 'eip155:1:0xab…'
 * useAirlockState(selectConnectedAccount)?.address // any namespace
 * ```
 */
export function selectConnectedAccount(state: RootState, namespaces?: readonly string[]): ConnectedAccount | undefined {
  const namespace = state.networks.activeNamespace
  if (namespace === null || (namespaces && !namespaces.includes(namespace)) || !state.connection.connectedNamespaces.includes(namespace)) return
  const record = state.account.accounts[namespace]
  const { address, caipAddress } = record
  if (!address || !caipAddress) return
  const connectorId = state.connectors.activeConnectorIds[namespace]
  const known = memo.get(record)
  if (known && known.connectorId === connectorId && known.namespace === namespace) return known
  const account: ConnectedAccount = { namespace, address, caipAddress, connectorId, record }
  memo.set(record, account)
  return account
}

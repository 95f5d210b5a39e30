/**
 * The wallets connected per namespace (several at once, issue 28 §2), as the connection slice and
 * the storage mirror both keep them: one entry per wallet, in the order they connected. Pure; the
 * same map back when nothing changed.
 */
import { withoutKey } from '../../kernel/patch'
import type { ChainNamespace } from '../../events/shapes/namespace'
import type { Connection } from './state'

export type ConnectionLists = Readonly<Partial<Record<ChainNamespace, readonly Connection[]>>>

/**
 * `connectorId`'s entry set: its accounts become `[address]` (the address after a CAIP-10
 * address's last colon), or stay when the address is unknown.
 *
 * ```ts
 * withConnection({}, 'eip155', 'io.rabby', 'eip155:1:0xab…') // { eip155: [{ connectorId: 'io.rabby', accounts: [{ address: '0xab…' }] }] }
 * ```
 */
export function withConnection(all: ConnectionLists, namespace: ChainNamespace, connectorId: string, address: string | undefined): ConnectionLists {
  const list = all[namespace] ?? []
  const index = list.findIndex((c) => c.connectorId === connectorId)
  const known = address?.slice(address.lastIndexOf(':') + 1)
  const held = list[index]
  if (held && (!known || held.accounts[0]?.address === known)) return all
  const entry: Connection = { connectorId, accounts: known ? [{ address: known }] : [] }
  return { ...all, [namespace]: index < 0 ? [...list, entry] : list.map((c, i) => (i === index ? entry : c)) }
}

/** Without `connectorId`'s entry, or every entry of the namespace (of all, for null); an emptied namespace has no key. */
export function withoutConnections(all: ConnectionLists, namespace: ChainNamespace | null, connectorId?: string): ConnectionLists {
  if (namespace === null) return Object.keys(all).length > 0 ? {} : all
  const list = all[namespace]
  const kept = list?.filter((c) => connectorId !== undefined && c.connectorId !== connectorId) ?? []
  if (!list || kept.length === list.length) return all
  return kept.length > 0 ? { ...all, [namespace]: kept } : withoutKey(all, namespace)
}

/** Deduplicating and merging connectors (SPEC §3 connector state). */
import type { Connector, ConnectorType } from '../../events/shapes/connector'
import type { ChainNamespace } from '../../events/shapes/namespace'
import type { MergedConnector } from './state'
import { AirlockError } from '../../kernel/errors'

/**
 * Whether two connectors are the same wallet on the same namespace: same id, or same rdns (a
 * wallet that announces itself twice through EIP-6963 under a new id stays one entry).
 *
 * ```ts
 * isSameConnector({ id: 'a', rdns: 'io.x', ... }, { id: 'b', rdns: 'io.x', ... }) // true on one chain
 * ```
 */
export function isSameConnector(a: Connector, b: Connector): boolean {
  if (a.chain !== b.chain) return false
  return a.id === b.id || (a.rdns !== undefined && a.rdns !== '' && a.rdns === b.rdns)
}

/**
 * Add connectors to a list, skipping those already there (see `isSameConnector`), the first one
 * kept. Returns the same list when nothing was new, so state keeps its reference.
 *
 * ```ts
 * addConnectors([metamask], [metamask, phantom]) // [metamask, phantom]
 * ```
 */
export function addConnectors(existing: readonly Connector[], incoming: readonly Connector[]): readonly Connector[] {
  let next: Connector[] | undefined
  for (const connector of incoming) {
    const list = next ?? existing
    if (list.some((known) => isSameConnector(known, connector))) continue
    next ??= [...existing]
    next.push(connector)
  }
  return next ?? existing
}

// These are one connector by nature whatever the namespace; a merged group keeps their type.
const SINGLETON_TYPES: ReadonlySet<ConnectorType> = new Set<ConnectorType>(['WALLET_CONNECT', 'AUTH', 'ID_AUTH'])

function mergeGroup(group: readonly Connector[]): MergedConnector {
  const [first, ...rest] = group
  if (first === undefined) throw new AirlockError('mergeGroup needs at least one connector')
  if (rest.length === 0) return first
  const sameType = rest.every((c) => c.type === first.type)
  const type: ConnectorType = sameType && SINGLETON_TYPES.has(first.type) ? first.type : 'MULTI_CHAIN'
  const chains = [...new Set(group.flatMap((c) => c.chains ?? []))]
  const imageUrl = group.find((c) => c.imageUrl !== undefined)?.imageUrl
  const imageId = group.find((c) => c.imageId !== undefined)?.imageId
  return {
    ...first,
    type,
    ...(chains.length > 0 ? { chains } : {}),
    ...(imageUrl !== undefined ? { imageUrl } : {}),
    ...(imageId !== undefined ? { imageId } : {}),
    connectors: group,
  }
}

/**
 * What Connect shows: the connectors of enabled namespaces, each group of same-name connectors on
 * different namespaces merged into one MULTI_CHAIN entry (WalletConnect and the auth connectors
 * keep their type), in order of first appearance. A second same-name connector on a namespace
 * already in the group starts a group of its own rather than being dropped.
 *
 * ```ts
 * mergeConnectors([phantomEvm, phantomSolana], filter) // [{ type: 'MULTI_CHAIN', connectors: [phantomEvm, phantomSolana], ... }]
 * ```
 */
export function mergeConnectors(connectors: readonly Connector[], filterByNamespace: Readonly<Record<ChainNamespace, boolean>>): readonly MergedConnector[] {
  const groups: Connector[][] = []
  for (const connector of connectors) {
    if (!filterByNamespace[connector.chain]) continue
    const group = groups.find((g) => g[0]?.name === connector.name && !g.some((c) => c.chain === connector.chain))
    if (group) group.push(connector)
    else groups.push([connector])
  }
  return groups.map(mergeGroup)
}

/**
 * What a relay-protocol session grants, decoded (SPEC §3: namespaces with accounts written
 * chain-namespace:chainId:address). The wallet's answer is untrusted: an account that is not
 * CAIP-10, names a chain the site did not configure, or carries an address malformed for its
 * namespace is dropped with a warning, and the rest is kept.
 */
import * as t from 'io-ts'
import { isRight } from '../../kernel/either'
import { parseCaipAddress } from '../../validation/caip10'
import { isAddressFor } from '../../validation/address'
import { ChainNamespace } from '../../events/shapes/namespace'
import type { CaipNetwork } from '../../events/shapes/network'
import type { GrantedNamespace } from '../../chains/relay'

export type { GrantedNamespace }

const SessionNamespaceCodec = t.intersection([
  t.type({ accounts: t.array(t.unknown) }),
  t.partial({ methods: t.array(t.unknown), events: t.array(t.unknown), chains: t.array(t.unknown) }),
])
export const SessionNamespacesCodec = t.record(t.string, SessionNamespaceCodec)

export interface GrantedSession {
  readonly namespaces: GrantedNamespace[]
  /** Why parts of the answer were dropped, for the console. */
  readonly dropped: string[]
}

const strings = (list: readonly unknown[] | undefined): string[] => (list ?? []).filter((v): v is string => typeof v === 'string')

/**
 * ```ts
 * grantedSession({ eip155: { accounts: ['eip155:31337:0xf39F…', 'eip155:9:0xf39F…', 'nonsense'] } }, networks)
 * // { namespaces: [{ namespace: 'eip155', chains: ['eip155:31337'], addresses: { 'eip155:31337': ['0xf39F…'] }, … }],
 * //   dropped: ['eip155:9:0xf39F… names a chain the site did not configure', '"nonsense" …'] }
 * ```
 */
export function grantedSession(namespaces: unknown, networks: readonly CaipNetwork[]): GrantedSession {
  const dropped: string[] = []
  const decoded = SessionNamespacesCodec.decode(namespaces)
  if (!isRight(decoded)) return { namespaces: [], dropped: ['the session namespaces are not an object of { accounts: [] }'] }
  const configured = new Set<string>(networks.map((n) => n.caipNetworkId))
  const result = new Map<ChainNamespace, { chains: string[]; addresses: Record<string, string[]>; methods: Set<string>; events: Set<string> }>()
  for (const [key, entry] of Object.entries(decoded.right)) {
    for (const account of entry.accounts) {
      const parsed = parseCaipAddress(account)
      if (!parsed.ok) {
        dropped.push(parsed.error)
        continue
      }
      const { namespace, reference, address } = parsed.value
      const caip2 = `${namespace}:${reference}`
      // The key may be a namespace ('eip155') or a chain ('eip155:1'); the account must belong to it.
      if (key.split(':')[0] !== namespace || !ChainNamespace.is(namespace)) {
        dropped.push(`${String(account)} does not belong to the namespace ${key}`)
        continue
      }
      if (!configured.has(caip2)) {
        dropped.push(`${String(account)} names a chain the site did not configure`)
        continue
      }
      if (!isAddressFor(namespace, address)) {
        dropped.push(`${String(account)} has a malformed address`)
        continue
      }
      let granted = result.get(namespace)
      if (!granted) result.set(namespace, (granted = { chains: [], addresses: {}, methods: new Set(), events: new Set() }))
      if (!granted.chains.includes(caip2)) granted.chains.push(caip2)
      const list = (granted.addresses[caip2] ??= [])
      if (!list.includes(address)) list.push(address)
      strings(entry.methods).forEach((m) => granted.methods.add(m))
      strings(entry.events).forEach((e) => granted.events.add(e))
    }
  }
  return {
    namespaces: [...result].map(([namespace, g]) => ({ namespace, chains: g.chains, addresses: g.addresses, methods: [...g.methods], events: [...g.events] })),
    dropped,
  }
}

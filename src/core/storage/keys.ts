/**
 * Every browser-storage key of SPEC §3, with the io-ts codec of its stored JSON form. Keys are
 * prefixed `@airlock/` so they never collide with the page's own.
 */
import * as t from 'io-ts'
import { StoredValues } from '../../events/shapes/storage'
import { parseCaipNetworkId } from '../../validation/caip2'

export const STORAGE_PREFIX = '@airlock/'

/** The name of a stored value in `StoredValues`. */
export type StoredName = keyof Required<StoredValues>
/** The decoded type of one stored value. */
export type StoredValue<K extends StoredName> = Exclude<StoredValues[K], undefined>

export interface StorageEntry<A> {
  readonly key: string
  /** Decodes the parsed JSON of the key; encodes to what is JSON-stringified into it. */
  readonly codec: t.Type<A, unknown, unknown>
}

/**
 * Whether a string is a CAIP-2 network id (SPEC §5: exactly two parts, each in the grammar).
 *
 * ```ts
 * isStorableNetworkId('eip155:1') // true
 * isStorableNetworkId('eip155:1,eip155:2') // false
 * ```
 */
export function isStorableNetworkId(value: unknown): value is string {
  return typeof value === 'string' && parseCaipNetworkId(value).ok
}

/** A CAIP-2 network id, stored as a JSON string. */
export const StoredNetworkId = new t.Type<string, string, unknown>(
  'StoredNetworkId',
  isStorableNetworkId,
  (input, context) => (isStorableNetworkId(input) ? t.success(input) : t.failure(input, context)),
  t.identity,
)

/**
 * Smart-account-enabled networks: a list of CAIP-2 ids stored comma-joined (SPEC §3), e.g.
 * `"eip155:1,eip155:8453"`; the empty string is the empty list. The CAIP-2 grammar has no comma,
 * so joining is lossless.
 */
export const CommaJoinedNetworkIds = new t.Type<string[], string, unknown>(
  'CommaJoinedNetworkIds',
  (input): input is string[] => Array.isArray(input) && input.every(isStorableNetworkId),
  (input, context) => {
    if (typeof input !== 'string') return t.failure(input, context)
    if (input === '') return t.success([])
    const ids = input.split(',')
    return ids.every(isStorableNetworkId) ? t.success(ids) : t.failure(input, context)
  },
  (ids) => ids.join(','),
)

const entry = <A>(name: string, codec: t.Type<A, unknown, unknown>): StorageEntry<A> => ({ key: `${STORAGE_PREFIX}${name}`, codec })

const props = StoredValues.props

/** Each stored value's key and codec (SPEC §3 browser storage). */
export const storageEntries: { readonly [K in StoredName]: StorageEntry<StoredValue<K>> } = {
  activeNamespace: entry('active_namespace', props.activeNamespace),
  activeCaipNetworkId: entry('active_caip_network_id', StoredNetworkId),
  recentWallets: entry('recent_wallets', props.recentWallets),
  deepLinkChoice: entry('wallet_deep_link', props.deepLinkChoice),
  connectedConnectorIds: entry('connected_connector_ids', props.connectedConnectorIds),
  connectionStatus: entry('connection_status', props.connectionStatus),
  connectedNamespaces: entry('connected_namespaces', props.connectedNamespaces),
  preferredAccountTypes: entry('preferred_account_types', props.preferredAccountTypes),
  connections: entry('connections', props.connections),
  lastUsedChain: entry('last_used_chain', props.lastUsedChain),
  smartAccountEnabledNetworks: entry('smart_account_enabled_networks', CommaJoinedNetworkIds),
}

/** The names of every stored value, in a fixed order. */
export const STORED_NAMES = Object.keys(storageEntries) as readonly StoredName[]

/** How many recent wallets are kept (SPEC §9). */
export const RECENT_WALLETS_KEPT = 2

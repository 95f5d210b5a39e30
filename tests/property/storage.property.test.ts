/**
 * SPEC §3 browser storage: whatever a visitor, an extension or an older version left in storage,
 * start-up works. A corrupt key resets only itself; every other key keeps its value, byte for
 * byte; disabled storage and a full quota are survived.
 */
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { isRight } from 'fp-ts/Either'
import { runs } from './settings'
import { createKernel } from '../../src/kernel/kernel'
import { defaultDeps, memoryStorage, type Logger, type StorageLike } from '../../src/kernel/deps'
import { createEvent, type AirlockEvent } from '../../src/kernel/registry'
import { createSafeStorage } from '../../src/kernel/storage'
import { CHAIN_NAMESPACES } from '../../src/events/shapes/namespace'
import type { StoredValues } from '../../src/events/shapes/storage'
import { connectionModule } from '../../src/core/connection/module'
import { connectorsModule } from '../../src/core/connectors/module'
import { accountModule } from '../../src/core/account/module'
import { createStorageModule, hydrate } from '../../src/core/storage/module'
import { STORED_NAMES, storageEntries, type StoredName, type StoredValue } from '../../src/core/storage/keys'

// ---- valid stored values, one arbitrary per key ----

const namespace = fc.constantFrom(...CHAIN_NAMESPACES)
const accountType = fc.constantFrom('eoa' as const, 'smartAccount' as const, 'payment' as const, 'ordinal' as const, 'stx' as const)
const caip2 = fc.tuple(fc.stringMatching(/^[-a-z0-9]{3,8}$/), fc.stringMatching(/^[-_a-zA-Z0-9]{1,32}$/)).map(([ns, reference]) => `${ns}:${reference}`)
const optionalText = fc.option(fc.string(), { nil: null })
const wallet = fc.record(
  {
    id: fc.string(),
    name: fc.string(),
    image_id: optionalText,
    mobile_link: optionalText,
    desktop_link: optionalText,
    webapp_link: optionalText,
    chains: fc.array(caip2, { maxLength: 3 }),
    rdns: optionalText,
  },
  { requiredKeys: ['id', 'name'] },
)
const perNamespace = <T>(value: fc.Arbitrary<T>) =>
  fc.record({ eip155: value, solana: value, polkadot: value, bip122: value, cosmos: value }, { requiredKeys: [] })
const connection = fc.record({ connectorId: fc.string(), accounts: fc.array(fc.record({ address: fc.string() }), { maxLength: 3 }) })

const validValue: { [K in StoredName]: fc.Arbitrary<NonNullable<StoredValues[K]>> } = {
  activeNamespace: namespace,
  activeCaipNetworkId: caip2,
  recentWallets: fc.array(wallet, { maxLength: 2 }),
  deepLinkChoice: fc.record({ href: fc.webUrl(), name: fc.string() }),
  connectedConnectorIds: perNamespace(fc.string()),
  connectionStatus: fc.constantFrom('connected' as const, 'disconnected' as const),
  connectedNamespaces: fc.uniqueArray(namespace),
  preferredAccountTypes: perNamespace(accountType),
  connections: perNamespace(fc.array(connection, { maxLength: 2 })),
  lastUsedChain: namespace,
  smartAccountEnabledNetworks: fc.array(caip2, { maxLength: 4 }),
}

/** A valid stored state: any subset of keys, each with a valid value. */
const storedState = fc.record(validValue, { requiredKeys: [] }) as fc.Arbitrary<StoredValues>

// ---- garbage: invalid JSON, wrong types, anything at all ----

const garbage = fc.oneof(
  fc.string(),
  fc.string().map((s) => `{${s}`),
  fc.oneof(fc.integer(), fc.boolean(), fc.constant(null), fc.string(), fc.array(fc.integer()), fc.object()).map((v) => JSON.stringify(v)),
  fc.anything().map((v) => JSON.stringify(v) ?? 'undefined'),
)

/** Whether a raw string would decode as a valid value of the key. */
function decodes<K extends StoredName>(name: K, raw: string): boolean {
  let json: unknown
  try {
    json = JSON.parse(raw)
  } catch {
    return false
  }
  return isRight(storageEntries[name].codec.decode(json))
}

/** For any subset of keys, a raw string that is really corrupt for that key. */
const corruption = fc.record(
  Object.fromEntries(STORED_NAMES.map((name) => [name, garbage.filter((raw) => !decodes(name, raw))])) as Record<StoredName, fc.Arbitrary<string>>,
  { requiredKeys: [] },
) as fc.Arbitrary<Partial<Record<StoredName, string>>>

// ---- helpers ----

function write<K extends StoredName>(storage: StorageLike, name: K, value: StoredValue<K>): void {
  const { key, codec } = storageEntries[name]
  storage.setItem(key, JSON.stringify(codec.encode(value)))
}

function quietLogger(): Logger & { warnings: string[] } {
  const warnings: string[] = []
  return { warnings, warn: (message) => void warnings.push(message), error: (message) => void warnings.push(message) }
}

/** Start-up as createAirlock does it: read storage, then the modules fold STORAGE_HYDRATED. */
function startUp(storage: StorageLike | undefined, logger: Logger) {
  const values = hydrate(createSafeStorage(storage, logger))
  const kernel = createKernel({
    modules: [connectionModule, connectorsModule, accountModule, createStorageModule()],
    deps: defaultDeps({ storage, logger }),
  })
  kernel.dispatch(createEvent('STORAGE_HYDRATED', { values }))
  return { values, kernel }
}

/** A few domain events that make the storage mirror write. */
const domainEvents: fc.Arbitrary<AirlockEvent[]> = fc.array(
  fc.oneof(
    caip2.map((caipNetworkId) => createEvent('NETWORK_SWITCHED', { caipNetworkId })),
    fc
      .tuple(namespace, wallet)
      .map(([ns, w]) => createEvent('CONNECT_SUCCESS', { method: 'qrcode', name: w.name, namespace: ns, connectorId: w.id, wallet: w })),
    fc.option(namespace, { nil: null }).map((ns) => createEvent('DISCONNECT_SUCCESS', { namespace: ns })),
    fc.array(caip2, { maxLength: 3 }).map((caipNetworkIds) => createEvent('SMART_ACCOUNT_NETWORKS_REPORTED', { caipNetworkIds })),
  ),
  { maxLength: 5 },
)

describe('storage start-up (property)', () => {
  it('random corruption of any storage key never breaks start-up and never changes another key (SPEC §3 browser storage)', () => {
    fc.assert(
      fc.property(storedState, corruption, (valid, corrupt) => {
        const inner = memoryStorage()
        for (const name of STORED_NAMES) {
          const raw = corrupt[name]
          if (raw !== undefined) inner.setItem(storageEntries[name].key, raw)
          else if (valid[name] !== undefined) write(inner, name, valid[name])
        }
        const before = inner.dump()
        // Re-encoding a value gives the same bytes, so count writes to see that none happens.
        let writes = 0
        const storage = { ...inner, setItem: (key: string, value: string) => ((writes += 1), inner.setItem(key, value)) }
        const logger = quietLogger()

        const { values, kernel } = startUp(storage, logger)

        for (const name of STORED_NAMES) {
          const key = storageEntries[name].key
          if (corrupt[name] !== undefined) {
            // Reset, not rewritten with garbage, and not handed to the modules.
            expect(storage.getItem(key)).toBeNull()
            expect(name in values).toBe(false)
          } else if (valid[name] !== undefined) {
            expect(values[name]).toEqual(valid[name])
            expect(storage.getItem(key)).toBe(before[key])
          } else {
            expect(storage.getItem(key)).toBeNull()
            expect(name in values).toBe(false)
          }
        }
        expect(writes).toBe(0)
        // Nothing else appeared in storage, and each corrupt key cost exactly one warning.
        expect(Object.keys(storage.dump()).sort()).toEqual(
          STORED_NAMES.filter((n) => corrupt[n] === undefined && valid[n] !== undefined)
            .map((n) => storageEntries[n].key)
            .sort(),
        )
        expect(logger.warnings).toHaveLength(Object.keys(corrupt).length)
        // The modules started from what was read.
        const state = kernel.getState()
        expect(state.storage).toEqual(values)
        expect(state.connection.status).toBe(values.connectionStatus === 'connected' ? 'connecting' : 'disconnected')
        expect(kernel.log().some((event) => event.type === 'MODULE_ERROR')).toBe(false)
        kernel.destroy()
      }),
      runs(),
    )
  })

  it('storage that throws on every call (disabled) never breaks start-up (SPEC §3 browser storage)', () => {
    fc.assert(
      fc.property(domainEvents, (events) => {
        const denied = (): never => {
          throw new DOMException('The operation is insecure.', 'SecurityError')
        }
        const logger = quietLogger()
        const { values, kernel } = startUp({ getItem: denied, setItem: denied, removeItem: denied }, logger)
        expect(values).toEqual({})
        expect(kernel.getState().connection.status).toBe('disconnected')
        for (const event of events) kernel.dispatch(event)
        expect(kernel.log().some((event) => event.type === 'MODULE_ERROR')).toBe(false)
        expect(kernel.log()).toHaveLength(events.length + 1)
        kernel.destroy()
      }),
      runs(),
    )
  })

  it('storage that throws QuotaExceededError on every write never breaks start-up and keeps what it held (SPEC §3 browser storage)', () => {
    fc.assert(
      fc.property(storedState, domainEvents, (valid, events) => {
        const inner = memoryStorage()
        for (const name of STORED_NAMES) if (valid[name] !== undefined) write(inner, name, valid[name])
        const before = inner.dump()
        const full: StorageLike = {
          getItem: (key) => inner.getItem(key),
          setItem: () => {
            throw new DOMException('The quota has been exceeded.', 'QuotaExceededError')
          },
          removeItem: (key) => inner.removeItem(key),
        }
        const logger = quietLogger()
        const { values, kernel } = startUp(full, logger)
        for (const name of STORED_NAMES) expect(values[name]).toEqual(valid[name])
        for (const event of events) kernel.dispatch(event)
        expect(kernel.log().some((event) => event.type === 'MODULE_ERROR')).toBe(false)
        // No write got through; removals (of cleared values) may have.
        for (const [key, raw] of Object.entries(inner.dump())) expect(raw).toBe(before[key])
        kernel.destroy()
      }),
      runs(),
    )
  })
})

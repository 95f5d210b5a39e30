import { describe, expect, it, vi } from 'vitest'
import { createKernel } from '../../kernel/kernel'
import { defaultDeps, memoryStorage, type Logger, type StorageLike } from '../../kernel/deps'
import { createEvent } from '../../kernel/registry'
import { createSafeStorage, STORAGE_WRITE_WARNING } from '../../kernel/storage'
import type { StoredValues } from '../../events/shapes/storage'
import { createStorageModule, hydrate } from './module'
import { storageEntries } from './keys'

const k = (name: keyof typeof storageEntries) => storageEntries[name].key

function spyStorage(initial: Record<string, string> = {}) {
  const inner = memoryStorage(initial)
  const calls: string[] = []
  const storage: StorageLike & { dump(): Record<string, string> } = {
    getItem: (key) => inner.getItem(key),
    setItem: (key, value) => {
      calls.push(`set ${key}`)
      inner.setItem(key, value)
    },
    removeItem: (key) => {
      calls.push(`remove ${key}`)
      inner.removeItem(key)
    },
    dump: () => inner.dump(),
  }
  return { storage, calls }
}

function start(storage: StorageLike | undefined, logger: Logger = { warn: vi.fn(), error: vi.fn() }) {
  const kernel = createKernel({ modules: [createStorageModule()], deps: defaultDeps({ storage, logger }) })
  const values: StoredValues = hydrate(createSafeStorage(storage, logger))
  kernel.dispatch(createEvent('STORAGE_HYDRATED', { values }))
  return kernel
}

describe('storage write effect', () => {
  it('STORAGE_HYDRATED itself writes nothing (SPEC §3 browser storage)', () => {
    const { storage, calls } = spyStorage({ [k('lastUsedChain')]: '"eip155"', [k('connectionStatus')]: '"connected"' })
    start(storage)
    expect(calls).toEqual([])
  })

  it('writes exactly the keys an event changed, as JSON through their codecs (SPEC §3, §4)', () => {
    const { storage, calls } = spyStorage({ [k('lastUsedChain')]: '"eip155"' })
    const kernel = start(storage)
    kernel.dispatch(createEvent('SMART_ACCOUNT_NETWORKS_REPORTED', { caipNetworkIds: ['eip155:1', 'eip155:10'] }))
    expect(calls).toEqual([`set ${k('smartAccountEnabledNetworks')}`])
    expect(storage.getItem(k('smartAccountEnabledNetworks'))).toBe('"eip155:1,eip155:10"')
    expect(storage.getItem(k('lastUsedChain'))).toBe('"eip155"')
  })

  it('removes the keys whose value was cleared (SPEC §4 disconnect clears the login fields)', () => {
    const { storage, calls } = spyStorage({
      [k('lastUsedChain')]: '"eip155"',
      [k('activeNamespace')]: '"eip155"',
      [k('connectionStatus')]: '"connected"',
    })
    const kernel = start(storage)
    kernel.dispatch(createEvent('DISCONNECT_SUCCESS', { namespace: null }))
    expect(calls.sort()).toEqual([`remove ${k('lastUsedChain')}`, `set ${k('connectionStatus')}`].sort())
    expect(storage.dump()).toEqual({ [k('activeNamespace')]: '"eip155"', [k('connectionStatus')]: '"disconnected"' })
  })

  it('an event that changes nothing writes nothing (SPEC §3)', () => {
    const { storage, calls } = spyStorage({ [k('activeCaipNetworkId')]: '"eip155:1"', [k('activeNamespace')]: '"eip155"' })
    const kernel = start(storage)
    kernel.dispatch(createEvent('NETWORK_SWITCHED', { caipNetworkId: 'eip155:1' }))
    kernel.dispatch(createEvent('MODAL_CLOSE', { connected: false }))
    expect(calls).toEqual([])
  })

  it('what was written hydrates back to the same values on the next load (SPEC §3)', () => {
    const { storage } = spyStorage()
    const kernel = start(storage)
    kernel.dispatch(createEvent('NETWORK_SWITCHED', { caipNetworkId: 'eip155:8453' }))
    kernel.dispatch(
      createEvent('CONNECT_SUCCESS', {
        method: 'mobile',
        name: 'Rainbow',
        namespace: 'eip155',
        connectorId: 'walletConnect',
        wallet: { id: 'rainbow', name: 'Rainbow', mobile_link: 'rainbow://' },
        deepLink: { href: 'rainbow://', name: 'Rainbow' },
      }),
    )
    kernel.dispatch(createEvent('SET_PREFERRED_ACCOUNT_TYPE', { namespace: 'eip155', accountType: 'smartAccount', network: 'eip155:8453' }))
    const logger = { warn: vi.fn(), error: vi.fn() }
    expect(hydrate(createSafeStorage(storage, logger))).toEqual(kernel.getState().storage)
    expect(logger.warn).not.toHaveBeenCalled()
  })

  it('a quota error is survived with a warning; state still changes (SPEC §3; kernel safe storage)', () => {
    const inner = memoryStorage()
    const full: StorageLike = {
      getItem: (key) => inner.getItem(key),
      setItem: () => {
        throw new DOMException('full', 'QuotaExceededError')
      },
      removeItem: (key) => inner.removeItem(key),
    }
    const logger = { warn: vi.fn(), error: vi.fn() }
    const kernel = start(full, logger)
    kernel.dispatch(createEvent('NETWORK_SWITCHED', { caipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp' }))
    expect(kernel.getState().storage.activeNamespace).toBe('solana')
    expect(logger.warn).toHaveBeenCalledWith(`${STORAGE_WRITE_WARNING} ${k('activeNamespace')}`, expect.any(DOMException))
    expect(kernel.log().some((e) => e.type === 'MODULE_ERROR')).toBe(false)
  })

  it('disabled storage (throwing or absent) is survived: no error, state still changes (SPEC §3)', () => {
    const denied = () => {
      throw new DOMException('denied', 'SecurityError')
    }
    for (const storage of [{ getItem: denied, setItem: denied, removeItem: denied }, undefined]) {
      const kernel = start(storage)
      kernel.dispatch(createEvent('PREFERRED_ACCOUNT_TYPE_STORED', { namespace: 'eip155', accountType: 'smartAccount' }))
      kernel.dispatch(createEvent('DISCONNECT_SUCCESS', { namespace: null }))
      expect(kernel.getState().storage).toEqual({ preferredAccountTypes: { eip155: 'smartAccount' }, connectionStatus: 'disconnected' })
      expect(kernel.log().some((e) => e.type === 'MODULE_ERROR')).toBe(false)
    }
  })
})

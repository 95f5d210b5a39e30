import { describe, expect, it, vi } from 'vitest'
import { memoryStorage, type Logger, type StorageLike } from '../../kernel/deps'
import { createSafeStorage, STORAGE_CORRUPT_WARNING } from '../../kernel/storage'
import { hydrate } from './hydrate'
import { storageEntries } from './keys'

const logger = () => ({ warn: vi.fn<Logger['warn']>(), error: vi.fn<Logger['error']>() })
const k = (name: keyof typeof storageEntries) => storageEntries[name].key

describe('hydrate', () => {
  it('reads every stored value of SPEC §3 browser storage', () => {
    const storage = memoryStorage({
      [k('activeNamespace')]: '"solana"',
      [k('activeCaipNetworkId')]: '"solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp"',
      [k('recentWallets')]: '[{"id":"a","name":"A"},{"id":"b","name":"B"}]',
      [k('deepLinkChoice')]: '{"href":"rainbow://","name":"Rainbow"}',
      [k('connectedConnectorIds')]: '{"eip155":"io.metamask"}',
      [k('connectionStatus')]: '"connected"',
      [k('connectedNamespaces')]: '["eip155","solana"]',
      [k('preferredAccountTypes')]: '{"eip155":"smartAccount"}',
      [k('connections')]: '{"eip155":[{"connectorId":"io.metamask","accounts":[{"address":"0x1"}]}]}',
      [k('lastUsedChain')]: '"eip155"',
      [k('smartAccountEnabledNetworks')]: '"eip155:1,eip155:8453"',
    })
    expect(hydrate(createSafeStorage(storage, logger()))).toEqual({
      activeNamespace: 'solana',
      activeCaipNetworkId: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
      recentWallets: [
        { id: 'a', name: 'A' },
        { id: 'b', name: 'B' },
      ],
      deepLinkChoice: { href: 'rainbow://', name: 'Rainbow' },
      connectedConnectorIds: { eip155: 'io.metamask' },
      connectionStatus: 'connected',
      connectedNamespaces: ['eip155', 'solana'],
      preferredAccountTypes: { eip155: 'smartAccount' },
      connections: { eip155: [{ connectorId: 'io.metamask', accounts: [{ address: '0x1' }] }] },
      lastUsedChain: 'eip155',
      smartAccountEnabledNetworks: ['eip155:1', 'eip155:8453'],
    })
  })

  it('an empty storage gives no values (SPEC §3)', () => {
    expect(hydrate(createSafeStorage(memoryStorage(), logger()))).toEqual({})
  })

  it('a corrupt value resets only its own key, with a warning (SPEC §3; kernel safe storage)', () => {
    const storage = memoryStorage({ [k('lastUsedChain')]: '"eip155"', [k('connectionStatus')]: '{not json', [k('activeNamespace')]: '"tron"' })
    const log = logger()
    const values = hydrate(createSafeStorage(storage, log))
    expect(values).toEqual({ lastUsedChain: 'eip155' })
    expect(storage.dump()).toEqual({ [k('lastUsedChain')]: '"eip155"' })
    expect(log.warn).toHaveBeenCalledWith(`${STORAGE_CORRUPT_WARNING} ${k('connectionStatus')}`)
    expect(log.warn).toHaveBeenCalledWith(`${STORAGE_CORRUPT_WARNING} ${k('activeNamespace')}`)
    expect(log.warn).toHaveBeenCalledTimes(2)
  })

  it('keeps the latest 2 recent wallets when more were stored (SPEC §3, §9 recent wallets kept: 2)', () => {
    const storage = memoryStorage({ [k('recentWallets')]: '[{"id":"a","name":"A"},{"id":"b","name":"B"},{"id":"c","name":"C"}]' })
    expect(hydrate(createSafeStorage(storage, logger())).recentWallets?.map((w) => w.id)).toEqual(['a', 'b'])
  })

  it('a recent wallet without an id is corrupt (SPEC §3: each with id)', () => {
    const storage = memoryStorage({ [k('recentWallets')]: '[{"name":"A"}]' })
    expect(hydrate(createSafeStorage(storage, logger()))).toEqual({})
  })

  it('disabled storage (every call throws, or none at all) gives no values and no error (SPEC §3)', () => {
    const throwing: StorageLike = {
      getItem: () => {
        throw new DOMException('denied', 'SecurityError')
      },
      setItem: () => {
        throw new DOMException('denied', 'SecurityError')
      },
      removeItem: () => {
        throw new DOMException('denied', 'SecurityError')
      },
    }
    expect(hydrate(createSafeStorage(throwing, logger()))).toEqual({})
    expect(hydrate(createSafeStorage(undefined, logger()))).toEqual({})
  })
})

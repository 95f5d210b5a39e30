import { describe, expect, it } from 'vitest'
import { isLeft, isRight } from '../../kernel/either'
import { StoredValues } from '../../events/shapes/storage'
import { CommaJoinedNetworkIds, STORAGE_PREFIX, STORED_NAMES, StoredNetworkId, storageEntries } from './keys'

describe('storage keys', () => {
  it('there is one key for every stored value of SPEC §3 browser storage', () => {
    expect([...STORED_NAMES].sort()).toEqual(Object.keys(StoredValues.props).sort())
    expect(STORED_NAMES).toHaveLength(11)
  })

  it('every key is prefixed @airlock/ and no two values share a key (SPEC §3 browser storage)', () => {
    const keys = STORED_NAMES.map((name) => storageEntries[name].key)
    expect(STORAGE_PREFIX).toBe('@airlock/')
    for (const key of keys) expect(key.startsWith('@airlock/')).toBe(true)
    expect(new Set(keys).size).toBe(keys.length)
  })

  it('smart-account-enabled networks are stored comma-joined (SPEC §3 browser storage)', () => {
    expect(CommaJoinedNetworkIds.encode(['eip155:1', 'eip155:8453'])).toBe('eip155:1,eip155:8453')
    expect(CommaJoinedNetworkIds.decode('eip155:1,eip155:8453')).toEqual({ _tag: 'Right', right: ['eip155:1', 'eip155:8453'] })
    expect(CommaJoinedNetworkIds.encode([])).toBe('')
    expect(CommaJoinedNetworkIds.decode('')).toEqual({ _tag: 'Right', right: [] })
  })

  it('a comma-joined value with an entry that is not a CAIP-2 id does not decode (SPEC §3, §5 network ids)', () => {
    for (const bad of ['eip155:1,,eip155:2', 'eip155', 'eip155:1:0xab', ['eip155:1'], 42]) {
      expect(isLeft(CommaJoinedNetworkIds.decode(bad))).toBe(true)
    }
  })

  it('the active network id must be a CAIP-2 id with exactly two parts (SPEC §5)', () => {
    expect(isRight(StoredNetworkId.decode('eip155:137'))).toBe(true)
    expect(isLeft(StoredNetworkId.decode('eip155:137:0xab'))).toBe(true)
    expect(isLeft(StoredNetworkId.decode(137))).toBe(true)
  })

  it('the connection status stores only connected or disconnected (SPEC §3 browser storage)', () => {
    const { codec } = storageEntries.connectionStatus
    expect(isRight(codec.decode('connected'))).toBe(true)
    expect(isRight(codec.decode('disconnected'))).toBe(true)
    expect(isLeft(codec.decode('connecting'))).toBe(true)
  })
})

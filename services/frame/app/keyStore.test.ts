/**
 * The wallet keys at rest (issue 14 §1): sealed with a non-extractable AES-GCM device key kept as
 * a CryptoKey in the frame's store, opened only by that key and for that record; the recovery
 * backup opens only with the user's wrapKey and for that user. WebCrypto here is Node's.
 */
import { describe, expect, it } from 'vitest'
import { base64 } from '@scure/base'
import { bytesToHex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { createKeyStore } from './keyStore'
import { deviceKey, seal, unseal } from './sealing'
import { deviceId } from './session'
import { memoryStore } from './store'
import { decryptBackup, encryptBackup, generateWalletKeys, walletAddresses } from './walletKeys'

const wrapKey = () => base64.encode(crypto.getRandomValues(new Uint8Array(32)))

/** Every byte value of `value` and what it holds, flattened, to look for a key in it. */
function bytesIn(value: unknown): string {
  if (value instanceof Uint8Array) return bytesToHex(value)
  if (typeof value === 'object' && value !== null) return Object.values(value).map(bytesIn).join('|')
  return String(value)
}

describe('the device key', () => {
  it('is an AES-GCM key that script can use but never export, made once per store', async () => {
    const store = memoryStore()
    const key = await deviceKey(store)
    expect(key.extractable).toBe(false)
    expect(key.algorithm).toMatchObject({ name: 'AES-GCM', length: 256 })
    await expect(crypto.subtle.exportKey('raw', key)).rejects.toThrow()
    // The store keeps a structured clone: the same key, as another object.
    const sealed = await seal(key, new Uint8Array([1, 2, 3]), 'test')
    expect(await unseal(await deviceKey(store), sealed, 'test')).toEqual(new Uint8Array([1, 2, 3]))
    await expect(unseal(await deviceKey(memoryStore()), sealed, 'test')).rejects.toThrow()
  })

  it('is one key when two starts make it at once', async () => {
    const store = memoryStore()
    const [a, b] = await Promise.all([deviceKey(store), deviceKey(store)])
    expect(await unseal(b, await seal(a, new Uint8Array([7]), 'test'), 'test')).toEqual(new Uint8Array([7]))
  })

  it('opens what it sealed, for the same context only', async () => {
    const key = await deviceKey(memoryStore())
    const plaintext = crypto.getRandomValues(new Uint8Array(64))
    const sealed = await seal(key, plaintext.slice(), 'wallet:alice')
    expect(bytesIn(sealed)).not.toContain(bytesToHex(plaintext).slice(2))
    expect(await unseal(key, sealed, 'wallet:alice')).toEqual(plaintext)
    await expect(unseal(key, sealed, 'wallet:bob')).rejects.toThrow()
    await expect(unseal(await deviceKey(memoryStore()), sealed, 'wallet:alice')).rejects.toThrow()
    const tampered = { iv: sealed.iv, data: sealed.data.slice() }
    tampered.data[0]! ^= 1
    await expect(unseal(key, tampered, 'wallet:alice')).rejects.toThrow()
  })
})

describe('the key store', () => {
  it('keeps each user’s keys sealed and gives them back', async () => {
    const store = memoryStore()
    const keys = createKeyStore(store)
    const alice = generateWalletKeys()
    const bob = generateWalletKeys()
    await keys.save('alice', alice)
    await keys.save('bob', bob)
    expect(await keys.load('alice')).toEqual(alice)
    expect(await keys.load('bob')).toEqual(bob)
    expect(await keys.load('carol')).toBeUndefined()
    // At rest: neither key's bytes, in any form.
    const stored = bytesIn(await store.get('wallet:alice'))
    expect(stored).not.toContain(alice.evm.slice(2))
    expect(stored).not.toContain(bytesToHex(alice.solana).slice(2))
  })

  it('gives nothing for a record moved to another user, or sealed under a key since replaced', async () => {
    const store = memoryStore()
    const keys = createKeyStore(store)
    await keys.save('alice', generateWalletKeys())
    await store.set('wallet:mallory', await store.get('wallet:alice'))
    expect(await keys.load('mallory')).toBeUndefined()
    await store.delete('deviceKey')
    expect(await keys.load('alice')).toBeUndefined()
  })
})

describe('the wallet keys', () => {
  it('are a secp256k1 key and an ed25519 seed with their addresses', () => {
    const keys = generateWalletKeys()
    const addresses = walletAddresses(keys)
    expect(addresses.eip155).toBe(privateKeyToAccount(keys.evm).address)
    expect(addresses.solana).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/)
    expect(keys.solana).toHaveLength(32)
    expect(generateWalletKeys().evm).not.toBe(keys.evm)
  })

  it('come back from the backup with the wrapKey, for the same user only', async () => {
    const keys = generateWalletKeys()
    const key = wrapKey()
    const backup = await encryptBackup(key, 'alice', keys)
    expect(backup).toMatch(/^v1\.[A-Za-z0-9+/=]+\.[A-Za-z0-9+/=]+$/)
    expect(backup).not.toContain(keys.evm.slice(2))
    expect(await decryptBackup(key, 'alice', backup)).toEqual(keys)
    await expect(decryptBackup(key, 'bob', backup)).rejects.toThrow()
    await expect(decryptBackup(wrapKey(), 'alice', backup)).rejects.toThrow()
    await expect(decryptBackup(key, 'alice', 'v2.AAAA.AAAA')).rejects.toThrow('Unknown wallet backup format')
  })
})

describe('the device id', () => {
  it('is a UUID made once per store', async () => {
    const store = memoryStore()
    const id = await deviceId(store)
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/)
    expect(await deviceId(store)).toBe(id)
    expect(await deviceId(memoryStore())).not.toBe(id)
  })
})

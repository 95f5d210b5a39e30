/**
 * The wallet keys at rest (issue 14 §1): sealed with a non-extractable AES-GCM device key kept as
 * a CryptoKey in the frame's store, opened only by that key and for that record; the recovery
 * backup opens only with its backup key K and for that user; K is split 2 of 3 and any two shares,
 * no fewer, give it back; the recovery code carries a share and finds typos. WebCrypto here is Node's.
 */
import { describe, expect, it } from 'vitest'
import { bytesToHex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { createKeyStore } from './keyStore'
import { combineShares, decodeRecoveryCode, encodeRecoveryCode, INVALID_RECOVERY_CODE, splitBackupKey } from './recovery/shares'
import { deviceKey, seal, unseal } from './sealing'
import { deviceId } from './session'
import { memoryStore } from './store'
import { decryptBackup, encryptBackup, generateBackupKey, generateWalletKeys, walletAddresses } from './walletKeys'

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

  it('come back from the backup with its backup key, for the same user only', async () => {
    const keys = generateWalletKeys()
    const key = generateBackupKey()
    const backup = await encryptBackup(key, 'alice', keys)
    expect(backup).toMatch(/^v2\.[A-Za-z0-9+/=]+\.[A-Za-z0-9+/=]+$/)
    expect(backup).not.toContain(keys.evm.slice(2))
    expect(await decryptBackup(key, 'alice', backup)).toEqual(keys)
    await expect(decryptBackup(key, 'bob', backup)).rejects.toThrow()
    await expect(decryptBackup(generateBackupKey(), 'alice', backup)).rejects.toThrow()
    await expect(decryptBackup(key, 'alice', 'v1.AAAA.AAAA')).rejects.toThrow('Unknown wallet backup format')
  })
})

describe('the backup key’s shares (2 of 3)', () => {
  it('any two give the key back; one alone is not it', async () => {
    const key = generateBackupKey()
    const { device, service, recovery } = await splitBackupKey(key)
    for (const share of [device, service, recovery]) {
      expect(share).toHaveLength(33)
      expect(bytesToHex(share)).not.toContain(bytesToHex(key).slice(2))
    }
    expect(await combineShares(device, service)).toEqual(key)
    expect(await combineShares(service, recovery)).toEqual(key)
    expect(await combineShares(recovery, device)).toEqual(key)
    // Shares of another split of the same key do not mix with these.
    const other = await splitBackupKey(key)
    expect(await combineShares(other.recovery, service).catch(() => null)).not.toEqual(key)
  })

  it('are kept sealed per user and kind on the device', async () => {
    const store = memoryStore()
    const keyStore = createKeyStore(store)
    const { device, recovery } = await splitBackupKey(generateBackupKey())
    await keyStore.saveShare('alice', 'device', device)
    await keyStore.saveShare('alice', 'recovery', recovery)
    expect(await keyStore.loadShare('alice', 'device')).toEqual(device)
    expect(await keyStore.loadShare('alice', 'recovery')).toEqual(recovery)
    expect(await keyStore.loadShare('bob', 'device')).toBeUndefined()
    expect(bytesIn(await store.get('share:device:alice'))).not.toContain(bytesToHex(device).slice(2))
    // Moved to another record, a sealed share does not open.
    await store.set('share:device:bob', await store.get('share:device:alice'))
    expect(await keyStore.loadShare('bob', 'device')).toBeUndefined()
  })
})

describe('the recovery code', () => {
  it('is the share in grouped Crockford base32 with a check, read back forgivingly', async () => {
    const { recovery } = await splitBackupKey(generateBackupKey())
    const code = await encodeRecoveryCode(recovery)
    expect(code).toMatch(/^([0-9A-HJKMNP-TV-Z]{4}-){13}[0-9A-HJKMNP-TV-Z]{4}$/)
    expect(await decodeRecoveryCode(code)).toEqual(recovery)
    expect(await decodeRecoveryCode(` ${code.toLowerCase().replaceAll('-', ' ')}\n`)).toEqual(recovery)
    expect(await decodeRecoveryCode(code.replaceAll('0', 'O').replaceAll('1', 'l'))).toEqual(recovery)
  })

  it('refuses a typo, a short code and garbage as not valid', async () => {
    const { recovery } = await splitBackupKey(generateBackupKey())
    const code = await encodeRecoveryCode(recovery)
    const typo = (code[0] === 'A' ? 'B' : 'A') + code.slice(1)
    for (const wrong of [typo, code.slice(0, -5), '', 'not a code!', code + '-AAAA']) {
      await expect(decodeRecoveryCode(wrong)).rejects.toThrow(INVALID_RECOVERY_CODE)
    }
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

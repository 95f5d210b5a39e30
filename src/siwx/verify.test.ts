/**
 * The reference verifier fails closed (SPEC §3 SIWX session; LOCAL-STACK "Sign-in with a wallet":
 * each case where viem's verifySiweMessage or wallet-standard-util's verifySignIn passes is refused
 * here). Real signatures: a viem account (secp256k1), an ed25519 key, a bitcoin regtest key with
 * bip322-js.
 */
import { describe, expect, it } from 'vitest'
import { privateKeyToAccount } from 'viem/accounts'
import { ed25519 } from '@noble/curves/ed25519'
import { base58 } from '@scure/base'
import * as bitcoin from 'bitcoinjs-lib'
import * as ecc from '@bitcoinerlab/secp256k1'
import { ECPairFactory } from 'ecpair'
import { Signer, Verifier } from 'bip322-js'
import { formatSiwxMessage, type SiwxMessageData } from '../format/siwxMessage'
import { memoryNonceStore, verifySiwx, SiwxVerificationError, type VerifySiwxOptions } from './verify'

const account = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80')
const other = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d')
const NOW = Date.parse('2026-01-02T12:00:00Z')
const SITE = { domain: 'app.example.com', uri: 'https://app.example.com' }

function eip155Data(nonce: string, change: Partial<SiwxMessageData> = {}): SiwxMessageData {
  return {
    ...SITE,
    accountAddress: account.address,
    chainId: 'eip155:31337',
    version: '1',
    nonce,
    issuedAt: '2026-01-02T11:59:00Z',
    expirationTime: '2026-01-03T00:00:00Z',
    statement: 'Sign in to Example',
    ...change,
  }
}

async function setUp(change: Partial<SiwxMessageData> = {}, signer = account) {
  const nonces = memoryNonceStore({ now: () => NOW })
  const message = formatSiwxMessage(eip155Data(nonces.issue(), change))
  const signature = await signer.signMessage({ message })
  const options: VerifySiwxOptions = { ...SITE, chainIds: ['eip155:31337'], nonces, now: NOW }
  return { message, signature, options }
}

async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(SiwxVerificationError)
  return (error as SiwxVerificationError).reason
}

describe('verifySiwx fails closed (SPEC §3 SIWX session, LOCAL-STACK sign-in)', () => {
  it('accepts a message the address signed for this site, chain and nonce, once', async () => {
    const { message, signature, options } = await setUp()
    const { data, namespace } = await verifySiwx(message, signature, options)
    expect(namespace).toBe('eip155')
    expect(data.accountAddress).toBe(account.address)
    // The nonce is consumed: the same message again is a replay.
    expect(await refusal(verifySiwx(message, signature, options))).toBe('the nonce was not issued or was used already')
  })

  it('refuses when the site gives no domain or URI (viem passes with no domain)', async () => {
    const { message, signature, options } = await setUp()
    expect(await refusal(verifySiwx(message, signature, { ...options, domain: '' }))).toMatch(/domain was not given/)
    expect(await refusal(verifySiwx(message, signature, { ...options, uri: '' }))).toMatch(/URI was not given/)
  })

  it('refuses a message for another domain or URI', async () => {
    const a = await setUp({ domain: 'evil.example.com' })
    expect(await refusal(verifySiwx(a.message, a.signature, a.options))).toBe('the message is for evil.example.com, not app.example.com')
    const b = await setUp({ uri: 'https://evil.example.com' })
    expect(await refusal(verifySiwx(b.message, b.signature, b.options))).toMatch(/URI is https:\/\/evil.example.com/)
    // A domain that only starts like the site's is another domain.
    const c = await setUp({ domain: 'app.example.com.evil.io' })
    expect(await refusal(verifySiwx(c.message, c.signature, c.options))).toMatch(/not app.example.com/)
  })

  it('refuses a nonce the site never issued (viem passes with no nonce)', async () => {
    const { options } = await setUp()
    const message = formatSiwxMessage(eip155Data('madeUpNonce1'))
    const signature = await account.signMessage({ message })
    expect(await refusal(verifySiwx(message, signature, options))).toBe('the nonce was not issued or was used already')
  })

  it('refuses a chain id the site does not accept (viem does not check it)', async () => {
    const { message, signature, options } = await setUp({ chainId: 'eip155:1' })
    expect(await refusal(verifySiwx(message, signature, options))).toBe('the chain eip155:1 is not accepted')
  })

  it('refuses an expired message, one without expiration, one not valid yet, one issued in the future', async () => {
    const expired = await setUp({ expirationTime: '2026-01-02T11:59:59Z' })
    expect(await refusal(verifySiwx(expired.message, expired.signature, expired.options))).toBe('the message has expired')
    const open = await setUp({ expirationTime: undefined })
    expect(await refusal(verifySiwx(open.message, open.signature, open.options))).toBe('the message has no expiration time')
    const early = await setUp({ notBefore: '2026-01-02T12:00:01Z' })
    expect(await refusal(verifySiwx(early.message, early.signature, early.options))).toBe('the message is not valid yet')
    const future = await setUp({ issuedAt: '2026-01-02T12:05:00Z' })
    expect(await refusal(verifySiwx(future.message, future.signature, future.options))).toBe('the message was issued in the future')
  })

  it('compares times as times, not strings: offsets count, and "2026-1-3" is not a time', async () => {
    // As strings '2026-01-02T13:00:00+02:00' > '2026-01-02T12:00:00Z'; as a time it is 11:00Z, already past.
    const offset = await setUp({ expirationTime: '2026-01-02T13:00:00+02:00' })
    expect(await refusal(verifySiwx(offset.message, offset.signature, offset.options))).toBe('the message has expired')
    // As strings '2026-01-02T10:00:00-05:00' < '2026-01-02T12:00:00Z'; as a time it is 15:00Z, in the future.
    const later = await setUp({ expirationTime: '2026-01-02T10:00:00-05:00' })
    expect((await verifySiwx(later.message, later.signature, later.options)).data.expirationTime).toBe('2026-01-02T10:00:00-05:00')
    // '2026-1-3…' > '2026-01-02…' as a string: unparsable as RFC 3339, the message is refused whole.
    const { message, signature, options } = await setUp()
    const tampered = message.replace('Expiration Time: 2026-01-03T00:00:00Z', 'Expiration Time: 2026-1-3T00:00:00Z')
    expect(await refusal(verifySiwx(tampered, signature, options))).toMatch(/expiration time is not an RFC 3339 time/)
  })

  it('refuses a signature by another key, and a message changed after signing', async () => {
    const { message, signature, options } = await setUp({}, other)
    expect(await refusal(verifySiwx(message, signature, options))).toBe('the signature is not the address’s')
    const good = await setUp()
    expect(await refusal(verifySiwx(good.message.replace('Sign in to Example', 'Sign in to Exampl3'), good.signature, good.options))).toBe(
      'the signature is not the address’s',
    )
    // The refused attempts did not burn the nonce.
    expect((await verifySiwx(good.message, good.signature, good.options)).namespace).toBe('eip155')
  })

  it('refuses text that is not a sign-in message (viem parses garbage as {})', async () => {
    const { options } = await setUp()
    expect(await refusal(verifySiwx('hello', '0x', options))).toMatch(/Invalid sign-in message/)
  })

  it('solana: ed25519 over the exact bytes; another key or another chain is refused', async () => {
    const secret = ed25519.utils.randomPrivateKey()
    const address = base58.encode(ed25519.getPublicKey(secret))
    const chainId = 'solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z'
    const nonces = memoryNonceStore({ now: () => NOW })
    const message = formatSiwxMessage({ ...eip155Data(nonces.issue()), accountAddress: address, chainId })
    const sign = (key: Uint8Array) => base58.encode(ed25519.sign(new TextEncoder().encode(message), key))
    const options = { ...SITE, chainIds: [chainId], nonces, now: NOW }
    expect(await refusal(verifySiwx(message, sign(ed25519.utils.randomPrivateKey()), options))).toBe('the signature is not the address’s')
    expect(await refusal(verifySiwx(message, sign(secret), { ...options, chainIds: ['solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'] }))).toMatch(/not accepted/)
    expect((await verifySiwx(message, sign(secret), options)).namespace).toBe('solana')
  })

  it('bip122: BIP-322 through the verifier the site passes; without one, refused', async () => {
    const network = bitcoin.networks.regtest
    const key = ECPairFactory(ecc).fromWIF('cPh6jdUNqTKrH9HFGmmjm7P15V4UioUqUYiYEcAtzgbmzVh5rysk', network)
    const address = bitcoin.payments.p2wpkh({ pubkey: key.publicKey, network }).address!
    const chainId = 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328'
    const nonces = memoryNonceStore({ now: () => NOW })
    const message = formatSiwxMessage({ ...eip155Data(nonces.issue()), accountAddress: address, chainId })
    const signature = Signer.sign(key.toWIF(), address, message)
    const options = { ...SITE, chainIds: [chainId], nonces, now: NOW }
    expect(await refusal(verifySiwx(message, signature, options))).toBe('no BIP-322 verifier was given for bitcoin sign-ins')
    const verifyBip322 = (a: string, m: string, s: string) => Verifier.verifySignature(a, m, s)
    const forged = Signer.sign(key.toWIF(), address, `${message}x`)
    expect(await refusal(verifySiwx(message, forged, { ...options, verifyBip322 }))).toBe('the signature is not the address’s')
    expect((await verifySiwx(message, signature, { ...options, verifyBip322 })).namespace).toBe('bip122')
  })
})

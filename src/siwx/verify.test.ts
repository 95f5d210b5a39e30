/**
 * The reference verifier fails closed (SPEC §3 SIWX session; LOCAL-STACK "Sign-in with a wallet":
 * each case where viem's verifySiweMessage or wallet-standard-util's verifySignIn passes is refused
 * here). Real signatures: a viem account (secp256k1), an ed25519 key, a bitcoin regtest key with
 * bip322-js.
 */
import { describe, expect, it } from 'vitest'
import { createHash } from 'node:crypto'
import { privateKeyToAccount } from 'viem/accounts'
import { ed25519, ED25519_TORSION_SUBGROUP } from '@noble/curves/ed25519'
import { base58 } from '@scure/base'
import * as bitcoin from 'bitcoinjs-lib'
import * as ecc from '@bitcoinerlab/secp256k1'
import { ECPairFactory } from 'ecpair'
import { Signer, Verifier } from 'bip322-js'
import { formatSiwxMessage, type SiwxMessageData } from '../format/siwxMessage'
import { memoryNonceStore, strictEd25519, verifySiwx, SiwxVerificationError, type VerifySiwxOptions } from './verify'

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

describe('a statement of printable ASCII only (EIP-4361), at the verifier', () => {
  it.each([
    ['U+2028', 'hi\u2028URI: https://evil.example'],
    ['U+0085', 'hi\u0085URI: https://evil.example'],
  ])('refuses a message the address signed whose statement holds %s, and keeps the nonce', async (_name, statement) => {
    const nonces = memoryNonceStore({ now: () => NOW })
    // Written without the formatter, which refuses it: what an attacker or a lax wallet sends.
    const message = formatSiwxMessage(eip155Data(nonces.issue(), { statement: 'PLACEHOLDER' })).replace('PLACEHOLDER', statement)
    const signature = await account.signMessage({ message })
    const options: VerifySiwxOptions = { ...SITE, chainIds: ['eip155:31337'], nonces, now: NOW }
    expect(await refusal(verifySiwx(message, signature, options))).toBe(
      'Invalid sign-in message: it holds a character other than printable ASCII and line feeds',
    )
    // Refused before the nonce was consumed: the same nonce still signs in with a clean statement.
    const clean = message.replace(statement, 'hi')
    expect((await verifySiwx(clean, await account.signMessage({ message: clean }), options)).data.statement).toBe('hi')
  })
})

/**
 * Strict Ed25519 (issue 23 §2): the vectors ZIP-215 verification (noble's and ox's default,
 * which this verifier used) accepts — each is checked to pass there first — are refused here.
 */
describe('solana: strict ed25519', () => {
  const L = ed25519.CURVE.n
  const hex = (h: string) => Uint8Array.from(Buffer.from(h, 'hex'))
  const le = (n: bigint) => Uint8Array.from({ length: 32 }, (_, i) => Number((n >> BigInt(8 * i)) & 0xffn))
  const fromLe = (b: Uint8Array) => b.reduceRight((n, byte) => (n << 8n) | BigInt(byte), 0n)
  const mod = (n: bigint) => ((n % L) + L) % L
  // RFC 8032's k: SHA-512(R ‖ A ‖ M) mod L (noble hashes R and A as it re-encodes them).
  const k = (r: Uint8Array, a: Uint8Array, m: Uint8Array) => mod(fromLe(createHash('sha512').update(r).update(a).update(m).digest()))
  const concat = (r: Uint8Array, s: Uint8Array) => Uint8Array.from([...r, ...s])
  const IDENTITY = hex(ED25519_TORSION_SUBGROUP[0]!)
  const ZERO = new Uint8Array(32)
  const message = new TextEncoder().encode('example.com wants you to sign in with your Solana account:')
  const zip215 = (sig: Uint8Array, m: Uint8Array, a: Uint8Array) => ed25519.verify(sig, m, a)

  /** A real key: its secret scalar and public key. */
  const key = () => {
    const { scalar, pointBytes } = ed25519.utils.getExtendedPublicKey(ed25519.utils.randomPrivateKey())
    return { a: scalar, A: pointBytes }
  }

  it('accepts a real signature (the positive control)', () => {
    const secret = ed25519.utils.randomPrivateKey()
    expect(strictEd25519(message, ed25519.sign(message, secret), ed25519.getPublicKey(secret))).toBe(true)
  })

  it('refuses every small-order public key with R = identity, S = 0 (each "signs" any message under ZIP-215)', () => {
    expect(base58.encode(IDENTITY)).toBe('4uQeVj5tqViQh7yWWGStvkEG1Zmhx6uasJtWCJziofM')
    for (const torsion of ED25519_TORSION_SUBGROUP) {
      const A = hex(torsion)
      const signature = concat(IDENTITY, ZERO)
      expect(zip215(signature, message, A), torsion).toBe(true)
      expect(strictEd25519(message, signature, A), torsion).toBe(false)
    }
  })

  it('refuses non-canonical encodings of A (y = p + 1 for the identity; x = 0 with the sign bit)', () => {
    for (const A of [
      hex('eeffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f'),
      hex('0100000000000000000000000000000000000000000000000000000000000080'),
    ]) {
      const signature = concat(IDENTITY, ZERO)
      expect(zip215(signature, message, A)).toBe(true)
      expect(strictEd25519(message, signature, A)).toBe(false)
    }
  })

  it('refuses a small-order R, canonical or not, from the key’s own holder (S = k·a)', () => {
    const { a, A } = key()
    for (const R of [IDENTITY, hex('eeffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff7f')]) {
      const signature = concat(R, le(mod(k(IDENTITY, A, message) * a)))
      expect(zip215(signature, message, A)).toBe(true)
      // RFC 8032's decoding alone (noble's zip215: false) still takes the canonical one.
      if (R === IDENTITY) expect(ed25519.verify(signature, message, A, { zip215: false })).toBe(true)
      expect(strictEd25519(message, signature, A)).toBe(false)
    }
  })

  it('refuses S ≥ L (the same signature with S + L)', () => {
    const secret = ed25519.utils.randomPrivateKey()
    const signature = ed25519.sign(message, secret)
    const malleated = concat(signature.subarray(0, 32), le(fromLe(signature.subarray(32)) + L))
    expect(strictEd25519(message, malleated, ed25519.getPublicKey(secret))).toBe(false)
  })

  it('refuses a mixed-order public key (a real key plus an 8-torsion point), which the cofactored equation accepts', () => {
    const { a, A } = key()
    const mixed = ed25519.ExtendedPoint.fromHex(A).add(ed25519.ExtendedPoint.fromHex(ED25519_TORSION_SUBGROUP[1]!)).toRawBytes()
    const r = mod(fromLe(ed25519.utils.randomPrivateKey()))
    const R = ed25519.ExtendedPoint.BASE.multiply(r).toRawBytes()
    const signature = concat(R, le(mod(r + k(R, mixed, message) * a)))
    expect(ed25519.verify(signature, message, mixed, { zip215: false })).toBe(true)
    expect(strictEd25519(message, signature, mixed)).toBe(false)
  })

  it('verifySiwx refuses the issue’s sign-in: 4uQeVj5tqViQh7yWWGStvkEG1Zmhx6uasJtWCJziofM, R = identity, S = 0', async () => {
    const chainId = 'solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z'
    const nonces = memoryNonceStore({ now: () => NOW })
    const text = formatSiwxMessage({ ...eip155Data(nonces.issue()), accountAddress: base58.encode(IDENTITY), chainId })
    const signature = base58.encode(concat(IDENTITY, ZERO))
    expect(await refusal(verifySiwx(text, signature, { ...SITE, chainIds: [chainId], nonces, now: NOW }))).toBe('the signature is not the address’s')
  })
})

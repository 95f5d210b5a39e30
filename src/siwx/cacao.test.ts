/**
 * A one-click sign-in's CACAO at the verifier (issue 28 §4): what a wallet answers
 * `wc_sessionAuthenticate` with, built and formatted by WalletConnect's own utils (the ReCap in
 * the resources and the statement it writes from it, as sign-client sends and formats them),
 * signed by a real key. The message parses and verifies; a CACAO that is not that same sign-in
 * is refused, without spending the nonce.
 */
import { describe, expect, it } from 'vitest'
import { privateKeyToAccount } from 'viem/accounts'
import { buildAuthObject, createEncodedRecap, formatMessage } from '@walletconnect/utils'
import { EIP155_METHODS } from '../chains/eip155/methods'
import { parseSiwxMessage } from '../format/siwxMessage'
import { memoryNonceStore, verifySiwx, SiwxVerificationError } from './verify'

const account = privateKeyToAccount('0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a')
const other = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d')
const NOW = Date.parse('2026-01-02T12:00:00Z')
const SITE = { domain: '127.0.0.1:5173', uri: 'http://127.0.0.1:5173' }
const CHAIN = 'eip155:31337'

/** The wallet's answer to an authenticate request with `nonce`: the CACAO and the message it signed. */
async function oneClick(nonce: string, signer = account) {
  const payload = {
    type: 'caip122',
    chains: [CHAIN],
    domain: SITE.domain,
    aud: SITE.uri,
    version: '1',
    nonce,
    iat: '2026-01-02T11:59:30.123Z',
    exp: '2026-01-03T12:00:00.000Z',
    statement: 'Sign in to the Airlock demo',
    // sign-client adds the methods asked as a ReCap, the last resource.
    resources: [createEncodedRecap('eip155', 'request', [...EIP155_METHODS])],
  }
  const iss = `did:pkh:${CHAIN}:${signer.address}`
  const message = formatMessage(payload, iss)
  const signature = await signer.signMessage({ message })
  return { message, signature, cacao: buildAuthObject(payload, { t: 'eip191', s: signature }, iss) as unknown }
}

/** A CACAO as the tests change it. */
type Cacao = { h: { t: string }; p: Record<string, unknown>; s: { t: string; s: string } }

function setUp() {
  const nonces = memoryNonceStore({ now: () => NOW })
  return { nonces, nonce: nonces.issue(), options: { ...SITE, chainIds: [CHAIN], nonces, now: NOW } }
}

async function refusal(promise: Promise<unknown>): Promise<string> {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(SiwxVerificationError)
  return (error as SiwxVerificationError).reason
}

describe("a one-click sign-in's CACAO (wc_sessionAuthenticate) at the verifier", () => {
  it('the message sign-client formats (ReCap statement and resource) parses and verifies with its CACAO, once', async () => {
    const { nonce, options } = setUp()
    const { message, signature, cacao } = await oneClick(nonce)
    const parsed = parseSiwxMessage(message)
    expect(parsed).toMatchObject({ ...SITE, accountAddress: account.address, chainId: CHAIN, nonce, issuedAt: '2026-01-02T11:59:30.123Z' })
    expect(parsed.statement).toMatch(/^Sign in to the Airlock demo I further authorize the stated URI to perform the following actions on my behalf: /)
    expect(parsed.resources?.[0]).toMatch(/^urn:recap:/)
    const { data } = await verifySiwx(message, signature, { ...options, cacao })
    expect(data.accountAddress).toBe(account.address)
    expect(await refusal(verifySiwx(message, signature, { ...options, cacao }))).toBe('the nonce was not issued or was used already')
  })

  it.each([
    ['another nonce', (c: Cacao) => ({ ...c, p: { ...c.p, nonce: 'an0therNonce1' } }), 'the CACAO’s nonce is not the message’s'],
    ['another issuer', (c: Cacao) => ({ ...c, p: { ...c.p, iss: `did:pkh:${CHAIN}:${other.address}` } }), 'the CACAO’s issuer is not the message’s account'],
    ['another chain', (c: Cacao) => ({ ...c, p: { ...c.p, iss: `did:pkh:eip155:1:${account.address}` } }), 'the CACAO’s issuer is not the message’s account'],
    ['another domain', (c: Cacao) => ({ ...c, p: { ...c.p, domain: 'evil.example' } }), 'the CACAO’s domain is not the message’s'],
    ['another expiration', (c: Cacao) => ({ ...c, p: { ...c.p, exp: '2027-01-01T00:00:00.000Z' } }), 'the CACAO’s expiration time is not the message’s'],
    ['another signature', (c: Cacao) => ({ ...c, s: { t: 'eip191', s: `${c.s.s.slice(0, -2)}00` } }), 'the CACAO’s signature is not the one verified'],
    ['an unknown signature type', (c: Cacao) => ({ ...c, s: { ...c.s, t: 'solana:ed25519' } }), 'the CACAO’s signature type is not eip191 or eip1271'],
    ['another header', (c: Cacao) => ({ ...c, h: { t: 'eip4361' } }), 'the CACAO is not a CAIP-122 sign-in'],
    ['no CACAO at all (text)', () => 'cacao', 'the CACAO is not a CAIP-122 sign-in'],
  ])('refuses a CACAO with %s, and the nonce is not spent', async (_what, change, reason) => {
    const { nonce, options } = setUp()
    const { message, signature, cacao } = await oneClick(nonce)
    expect(await refusal(verifySiwx(message, signature, { ...options, cacao: change(cacao as Cacao) }))).toBe(reason)
    // The good CACAO still signs in: the refusal spent nothing.
    await expect(verifySiwx(message, signature, { ...options, cacao })).resolves.toMatchObject({ namespace: 'eip155' })
  })
})

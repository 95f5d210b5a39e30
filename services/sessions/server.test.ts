/**
 * The sessions service (SPEC §3 SIWX session, §4 sign-in flow; the site's side of sign-in): nonces
 * issued and single use, a signed message verified for the calling page's own origin by the
 * fail-closed verifier; a sign-in is a credential (DESIGN "Trust boundaries"): the browser that
 * signed gets an HttpOnly cookie, and sessions are read and revoked only with it — without it 401
 * and nothing, with another browser's only that browser's sessions. Real signatures: a viem
 * account, an ed25519 key, a bitcoin regtest key signing BIP-322 with bip322-js; browsers are
 * cookie jars over Node's fetch (tests/support/browserFetch.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { privateKeyToAccount } from 'viem/accounts'
import { ed25519 } from '@noble/curves/ed25519'
import { base58 } from '@scure/base'
import * as bitcoin from 'bitcoinjs-lib'
import * as ecc from '@bitcoinerlab/secp256k1'
import { ECPairFactory } from 'ecpair'
import { Signer } from 'bip322-js'
import { formatSiwxMessage, type SiwxMessageData } from '../../src/format/siwxMessage'
import { browserFetch, type BrowserFetch } from '../../tests/support/browserFetch'
import { CREDENTIAL_COOKIE, startSessionsService, type SessionsService } from './server.mjs'
import { idleMs } from '../../tests/support/until'

const SITE = 'http://127.0.0.1:5173'
const EVM = 'eip155:31337'
const SOLANA = 'solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z'
const BITCOIN = 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328'
const account = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80')

let service: SessionsService
beforeAll(async () => {
  service = await startSessionsService({ origins: [SITE], chainIds: [EVM, SOLANA, BITCOIN] })
}, idleMs(60_000))
afterAll(() => service?.stop())

const post = (path: string, body?: unknown, origin: string | null = SITE) =>
  fetch(`${service.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(origin === null ? {} : { origin }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  })

/** A call as the page in `browser` makes it, with its cookies. */
const call = (browser: BrowserFetch, path: string, body?: unknown) =>
  browser.fetch(`${service.url}${path}`, {
    method: body === undefined && !path.endsWith('/revoke') ? 'GET' : 'POST',
    credentials: 'include',
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  })

type Listed = { sessions: { id: string; message: string; data: SiwxMessageData }[] }

/** `browser` signs in as `account` on EVM; the new session's id. */
async function signIn(browser: BrowserFetch, signer = account): Promise<string> {
  const message = formatSiwxMessage(data(await nonce(), { accountAddress: signer.address }))
  const created = await call(browser, '/v1/sessions', { message, signature: await signer.signMessage({ message }) })
  expect(created.status).toBe(201)
  return ((await created.json()) as { id: string }).id
}

async function nonce(): Promise<string> {
  const answer = await post('/v1/nonce')
  expect(answer.status).toBe(200)
  return ((await answer.json()) as { nonce: string }).nonce
}

function data(n: string, change: Partial<SiwxMessageData> = {}): SiwxMessageData {
  const now = Date.now()
  return {
    domain: '127.0.0.1:5173',
    uri: SITE,
    accountAddress: account.address,
    chainId: EVM,
    version: '1',
    nonce: n,
    issuedAt: new Date(now - 1000).toISOString(),
    expirationTime: new Date(now + 3_600_000).toISOString(),
    ...change,
  }
}

describe('sessions service (SPEC §3 SIWX session, §4 sign-in)', () => {
  it('eip155: a nonce, a signed message, a session and the credential cookie for the browser that signed; the same message again is refused (replay)', async () => {
    const browser = browserFetch(SITE)
    const message = formatSiwxMessage(data(await nonce()))
    const signature = await account.signMessage({ message })
    const created = await call(browser, '/v1/sessions', { message, signature })
    expect(created.status).toBe(201)
    expect(created.headers.get('access-control-allow-origin')).toBe(SITE)
    expect(created.headers.get('access-control-allow-credentials')).toBe('true')
    const { id } = (await created.json()) as { id: string }
    // HttpOnly (no page script reads it), Secure, SameSite=Strict, host-only (__Host-, Path=/), for the session's life.
    expect(browser.setCookies).toHaveLength(1)
    expect(browser.setCookies[0]).toMatch(
      new RegExp(`^${CREDENTIAL_COOKIE}=[A-Za-z0-9_-]{43}; Path=/; Max-Age=(3599|3600); HttpOnly; Secure; SameSite=Strict$`),
    )

    const list = await call(browser, `/v1/sessions?address=${account.address}&chainId=${EVM}`)
    expect(list.status).toBe(200)
    const { sessions } = (await list.json()) as Listed
    expect(sessions.map((s) => s.id)).toEqual([id])
    expect(sessions[0]?.data.accountAddress).toBe(account.address)
    expect(((await (await call(browser, `/v1/sessions/${id}`)).json()) as { id: string }).id).toBe(id)

    const replay = await post('/v1/sessions', { message, signature })
    expect(replay.status).toBe(401)
    expect(((await replay.json()) as { message: string }).message).toBe('Sign-in refused: the nonce was not issued or was used already')
  })

  it('refuses a message for another domain, even with a nonce the service issued', async () => {
    const message = formatSiwxMessage(data(await nonce(), { domain: 'evil.example', uri: 'https://evil.example' }))
    const answer = await post('/v1/sessions', { message, signature: await account.signMessage({ message }) })
    expect(answer.status).toBe(401)
    expect(((await answer.json()) as { message: string }).message).toBe('Sign-in refused: the message is for evil.example, not 127.0.0.1:5173')
  })

  it('answers only the site origins: another origin (on any method) or none on POST is refused, and CORS never names it', async () => {
    const foreign = await post('/v1/nonce', undefined, 'http://127.0.0.1:9999')
    expect(foreign.status).toBe(403)
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull()
    expect((await post('/v1/nonce', undefined, null)).status).toBe(403)
    const preflight = await fetch(`${service.url}/v1/sessions`, { method: 'OPTIONS', headers: { origin: 'http://evil.example' } })
    expect(preflight.status).toBe(403)
    // A same-site page on another port gets the cookie sent along: its reads are refused too.
    const sibling = browserFetch('http://127.0.0.1:9999')
    expect((await call(sibling, '/v1/sessions')).status).toBe(403)
  })

  it('sessions are read and revoked only with the credential: without it 401 and no data, the session untouched', async () => {
    const id = await signIn(browserFetch(SITE))
    const anyone = browserFetch(SITE)
    for (const path of [`/v1/sessions?address=${account.address}&chainId=${EVM}`, '/v1/sessions', `/v1/sessions/${id}`]) {
      const answer = await call(anyone, path)
      expect(answer.status, path).toBe(401)
      expect(await answer.json(), path).toEqual({ message: 'Sign-in required' })
    }
    // No Origin at all (a script outside any browser): the same.
    const bare = await fetch(`${service.url}/v1/sessions?address=${account.address}&chainId=${EVM}`)
    expect(bare.status).toBe(401)
    expect(await bare.json()).toEqual({ message: 'Sign-in required' })
    const revoke = await call(anyone, `/v1/sessions/${id}/revoke`)
    expect(revoke.status).toBe(401)
    // A made-up cookie is no credential.
    const forged = await fetch(`${service.url}/v1/sessions/${id}/revoke`, {
      method: 'POST',
      headers: { origin: SITE, cookie: `${CREDENTIAL_COOKIE}=${'A'.repeat(43)}` },
    })
    expect(forged.status).toBe(401)
    expect((await service.sessions()).find((s) => s.id === id)?.revoked).toBe(false)
  })

  it('another browser’s credential reads and revokes only its own sessions, never another address’s', async () => {
    const other = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d')
    const alice = browserFetch(SITE)
    const aliceId = await signIn(alice)
    const mallory = browserFetch(SITE)
    const malloryId = await signIn(mallory, other)
    const asked = (await (await call(mallory, `/v1/sessions?address=${account.address}&chainId=${EVM}`)).json()) as Listed
    expect(asked.sessions).toEqual([])
    const all = (await (await call(mallory, '/v1/sessions')).json()) as Listed
    expect(all.sessions.map((s) => s.id)).toEqual([malloryId])
    expect((await call(mallory, `/v1/sessions/${aliceId}`)).status).toBe(404)
    expect((await call(mallory, `/v1/sessions/${aliceId}/revoke`)).status).toBe(404)
    expect((await service.sessions()).find((s) => s.id === aliceId)?.revoked).toBe(false)
  })

  it('a second sign-in in the same browser replaces its credential (the old token stops working) and keeps both sessions', async () => {
    const other = privateKeyToAccount('0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a')
    const browser = browserFetch(SITE)
    const first = await signIn(browser)
    const before = browser.cookies()[CREDENTIAL_COOKIE]!
    const second = await signIn(browser, other)
    expect(browser.cookies()[CREDENTIAL_COOKIE]).not.toBe(before)
    const listed = (await (await call(browser, '/v1/sessions')).json()) as Listed
    expect(listed.sessions.map((s) => s.id).sort()).toEqual([first, second].sort())
    // A token planted (or captured) before the sign-in is worth nothing after it.
    const stale = await fetch(`${service.url}/v1/sessions`, { headers: { origin: SITE, cookie: `${CREDENTIAL_COOKIE}=${before}` } })
    expect(stale.status).toBe(401)
  })

  it('solana: ed25519 over the message; a signature by another key is refused', async () => {
    const secret = ed25519.utils.randomPrivateKey()
    const address = base58.encode(ed25519.getPublicKey(secret))
    const message = formatSiwxMessage(data(await nonce(), { accountAddress: address, chainId: SOLANA }))
    const sign = (key: Uint8Array) => base58.encode(ed25519.sign(new TextEncoder().encode(message), key))
    const forged = await post('/v1/sessions', { message, signature: sign(ed25519.utils.randomPrivateKey()) })
    expect(forged.status).toBe(401)
    expect(((await forged.json()) as { message: string }).message).toBe('Sign-in refused: the signature is not the address’s')
    expect((await post('/v1/sessions', { message, signature: sign(secret) })).status).toBe(201)
  })

  it('solana: a small-order key with R = identity, S = 0 is refused (strict ed25519; ZIP-215 took it and the service answered 201)', async () => {
    const identity = new Uint8Array(32)
    identity[0] = 1
    const address = base58.encode(identity)
    expect(address).toBe('4uQeVj5tqViQh7yWWGStvkEG1Zmhx6uasJtWCJziofM')
    const message = formatSiwxMessage(data(await nonce(), { accountAddress: address, chainId: SOLANA }))
    const signature = new Uint8Array(64)
    signature[0] = 1
    const answer = await post('/v1/sessions', { message, signature: base58.encode(signature) })
    expect(answer.status).toBe(401)
    expect(((await answer.json()) as { message: string }).message).toBe('Sign-in refused: the signature is not the address’s')
    expect((await service.sessions()).filter((s) => s.data.accountAddress === address)).toEqual([])
  })

  it.each([
    ['U+2028', 'hi\u2028URI: https://evil.example'],
    ['U+0085', 'hi\u0085URI: https://evil.example'],
  ])('refuses a signed message whose statement holds %s (EIP-4361: printable ASCII)', async (_name, statement) => {
    const message = formatSiwxMessage(data(await nonce(), { statement: 'PLACEHOLDER' })).replace('PLACEHOLDER', statement)
    const answer = await post('/v1/sessions', { message, signature: await account.signMessage({ message }) })
    expect(answer.status).toBe(401)
    expect(((await answer.json()) as { message: string }).message).toBe(
      'Sign-in refused: Invalid sign-in message: it holds a character other than printable ASCII and line feeds',
    )
  })

  it('bip122: BIP-322 (bip322-js) for a regtest P2WPKH address', async () => {
    const network = bitcoin.networks.regtest
    const key = ECPairFactory(ecc).fromWIF('cPh6jdUNqTKrH9HFGmmjm7P15V4UioUqUYiYEcAtzgbmzVh5rysk', network)
    const address = bitcoin.payments.p2wpkh({ pubkey: key.publicKey, network }).address!
    const message = formatSiwxMessage(data(await nonce(), { accountAddress: address, chainId: BITCOIN }))
    const browser = browserFetch(SITE)
    const answer = await call(browser, '/v1/sessions', { message, signature: Signer.sign(key.toWIF(), address, message) })
    expect(answer.status).toBe(201)
    const list = await call(browser, `/v1/sessions?address=${address}&chainId=${BITCOIN}`)
    expect(((await list.json()) as Listed).sessions).toHaveLength(1)
  })

  it('revoking with the credential ends the session; the last one revoked, the credential ends and its cookie is cleared', async () => {
    const browser = browserFetch(SITE)
    const id = await signIn(browser)
    expect((await call(browser, `/v1/sessions/00000000-0000-0000-0000-000000000000`)).status).toBe(404)
    const revoked = await call(browser, `/v1/sessions/${id}/revoke`)
    expect(revoked.status).toBe(200)
    expect(revoked.headers.getSetCookie()).toEqual([`${CREDENTIAL_COOKIE}=; Path=/; Max-Age=0; HttpOnly; Secure; SameSite=Strict`])
    expect(browser.cookies()).toEqual({})
    expect((await service.sessions()).find((s) => s.id === id)?.revoked).toBe(true)
    expect((await call(browser, '/v1/sessions')).status).toBe(401)
  })

  it('refuses a body without message and signature', async () => {
    const answer = await post('/v1/sessions', { message: 1 })
    expect(answer.status).toBe(400)
  })
})

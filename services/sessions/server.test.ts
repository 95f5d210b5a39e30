/**
 * The sessions service (SPEC §3 SIWX session, §4 sign-in flow; the site's side of sign-in): nonces
 * issued and single use, a signed message verified for the calling page's own origin by the
 * fail-closed verifier, sessions listed per account and revoked. Real signatures: a viem account,
 * an ed25519 key, a bitcoin regtest key signing BIP-322 with bip322-js.
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
import { startSessionsService, type SessionsService } from './server.mjs'

const SITE = 'http://127.0.0.1:5173'
const EVM = 'eip155:31337'
const SOLANA = 'solana:4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z'
const BITCOIN = 'bip122:0f9188f13cb7b2c71f2a335e3a4fc328'
const account = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80')

let service: SessionsService
beforeAll(async () => {
  service = await startSessionsService({ origins: [SITE], chainIds: [EVM, SOLANA, BITCOIN] })
}, 60_000)
afterAll(() => service?.stop())

const post = (path: string, body?: unknown, origin: string | null = SITE) =>
  fetch(`${service.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(origin === null ? {} : { origin }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  })

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
  it('eip155: a nonce, a signed message, a session listed for the account; the same message again is refused (replay)', async () => {
    const message = formatSiwxMessage(data(await nonce()))
    const signature = await account.signMessage({ message })
    const created = await post('/v1/sessions', { message, signature })
    expect(created.status).toBe(201)
    expect(created.headers.get('access-control-allow-origin')).toBe(SITE)
    const { id } = (await created.json()) as { id: string }

    const list = await fetch(`${service.url}/v1/sessions?address=${account.address}&chainId=${EVM}`, { headers: { origin: SITE } })
    const { sessions } = (await list.json()) as { sessions: { id: string; message: string; data: SiwxMessageData }[] }
    expect(sessions.map((s) => s.id)).toContain(id)
    expect(sessions.find((s) => s.id === id)?.data.accountAddress).toBe(account.address)

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

  it('answers only the site origins: another origin or none is refused on POST, and CORS never names it', async () => {
    const foreign = await post('/v1/nonce', undefined, 'http://127.0.0.1:9999')
    expect(foreign.status).toBe(403)
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull()
    expect((await post('/v1/nonce', undefined, null)).status).toBe(403)
    const preflight = await fetch(`${service.url}/v1/sessions`, { method: 'OPTIONS', headers: { origin: 'http://evil.example' } })
    expect(preflight.status).toBe(403)
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
    expect(service.sessions().filter((s) => s.data.accountAddress === address)).toEqual([])
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
    const answer = await post('/v1/sessions', { message, signature: Signer.sign(key.toWIF(), address, message) })
    expect(answer.status).toBe(201)
    const list = await fetch(`${service.url}/v1/sessions?address=${address}&chainId=${BITCOIN}`)
    expect(((await list.json()) as { sessions: unknown[] }).sessions).toHaveLength(1)
  })

  it('a revoked session is no longer listed, and reads as revoked', async () => {
    const message = formatSiwxMessage(data(await nonce(), { chainId: EVM }))
    const created = await post('/v1/sessions', { message, signature: await account.signMessage({ message }) })
    const { id } = (await created.json()) as { id: string }
    expect((await post(`/v1/sessions/${id}/revoke`)).status).toBe(200)
    const one = (await (await fetch(`${service.url}/v1/sessions/${id}`)).json()) as { revoked: boolean }
    expect(one.revoked).toBe(true)
    const list = await fetch(`${service.url}/v1/sessions?address=${account.address}&chainId=${EVM}`)
    expect(((await list.json()) as { sessions: { id: string }[] }).sessions.map((s) => s.id)).not.toContain(id)
    expect((await fetch(`${service.url}/v1/sessions/00000000-0000-0000-0000-000000000000`)).status).toBe(404)
  })

  it('refuses a body without message and signature', async () => {
    const answer = await post('/v1/sessions', { message: 1 })
    expect(answer.status).toBe(400)
  })
})

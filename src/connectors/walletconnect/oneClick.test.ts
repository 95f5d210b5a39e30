/**
 * One-click sign-in's request and the reading of the wallet's answer (./oneClick.ts): when it is
 * asked (sign-in on, eip155 networks only), what it asks (the sign-in message's fields, the active
 * chain first, the SPEC §6 methods), and which CACAO of an answer is taken (io-ts decoded, bound to
 * the request: domain, URI, nonce, a requested chain).
 */
import { describe, expect, it } from 'vitest'
import { resolveOptions } from '../../core/options/resolve'
import { ethereum } from '../../core/networks/chains/ethereum'
import { polygon } from '../../core/networks/chains/polygon'
import { solana } from '../../core/networks/chains/solana'
import { EIP155_METHODS } from '../../chains/eip155/methods'
import { oneClickChains, signInRequest, signedInOf, type SignInRequest } from './oneClick'

const siwx = { getNonce: async () => 'n0nce123', addSession: async () => {}, getSessions: async () => [], revokeSession: async () => {} }
const options = (networks: unknown[], withSiwx = true) => resolveOptions({ projectId: 'test', networks, ...(withSiwx ? { siwx } : {}) }).options

const ADDRESS = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
const request: SignInRequest = signInRequest({
  chains: ['eip155:137', 'eip155:1'],
  location: { host: 'shop.example:8443', origin: 'https://shop.example:8443' },
  nonce: 'n0nce123',
  statement: 'Sign in to the shop',
  expiresAt: Date.parse('2026-11-30T00:00:00.000Z'),
})

/** A CACAO as a wallet answers one (the signature is not checked here: the server and sign-client do). */
const cacao = (p: Record<string, unknown> = {}, s: Record<string, unknown> = { t: 'eip191', s: '0xabcd' }) => ({
  h: { t: 'caip122' },
  p: {
    domain: 'shop.example:8443',
    aud: 'https://shop.example:8443',
    version: '1',
    nonce: 'n0nce123',
    iat: '2026-11-29T22:00:00.000Z',
    exp: '2026-11-30T00:00:00.000Z',
    statement: 'Sign in to the shop',
    iss: `did:pkh:eip155:137:${ADDRESS}`,
    ...p,
  },
  s,
})

describe('oneClickChains: when one-click sign-in is asked', () => {
  it('asks with sign-in on and eip155 networks only, the active network first, each once', () => {
    expect(oneClickChains(options([ethereum, polygon]), 'eip155:137')).toEqual(['eip155:137', 'eip155:1'])
    // No active network: the site's default (its first) leads.
    expect(oneClickChains(options([polygon, ethereum]), null)).toEqual(['eip155:137', 'eip155:1'])
  })

  it('does not ask without sign-in, or when a solana network is configured (the fallback proposal carries eip155 only)', () => {
    expect(oneClickChains(options([ethereum], false), 'eip155:1')).toBeNull()
    expect(oneClickChains(options([ethereum, solana]), 'eip155:1')).toBeNull()
  })
})

describe('signInRequest: what the wallet is asked to sign', () => {
  it("carries the page's host and origin, the site's nonce and statement, an expiration time and the SPEC §6 eip155 methods", () => {
    expect(request).toEqual({
      chains: ['eip155:137', 'eip155:1'],
      domain: 'shop.example:8443',
      uri: 'https://shop.example:8443',
      nonce: 'n0nce123',
      statement: 'Sign in to the shop',
      exp: '2026-11-30T00:00:00.000Z',
      methods: [...EIP155_METHODS],
    })
    expect(request.methods).toContain('personal_sign')
  })

  it('leaves the statement out when the site has none', () => {
    const bare = signInRequest({ chains: ['eip155:1'], location: { host: 'a.example', origin: 'https://a.example' }, nonce: 'n0nce123', expiresAt: 0 })
    expect(bare).not.toHaveProperty('statement')
  })
})

describe("signedInOf: the wallet's answer, a boundary", () => {
  it('reads the account, chain and CACAO of an answer to this request', () => {
    const answer = [cacao()]
    expect(signedInOf(answer, request)).toEqual({ caipNetworkId: 'eip155:137', address: ADDRESS, cacao: answer[0] })
  })

  it('takes the first CACAO that answers the request, skipping those that do not decode or are bound to another one', () => {
    const good = cacao({ iss: `did:pkh:eip155:1:${ADDRESS}` })
    const answer = [{ h: { t: 'caip122' }, p: { domain: 'shop.example:8443' } }, cacao({ nonce: 'an0therNonce' }), good]
    expect(signedInOf(answer, request)?.cacao).toBe(good)
    expect(signedInOf(answer, request)?.caipNetworkId).toBe('eip155:1')
  })

  it.each([
    ['another domain', cacao({ domain: 'evil.example' })],
    ['another URI', cacao({ aud: 'https://evil.example' })],
    ['another nonce', cacao({ nonce: 'an0therNonce' })],
    ['a chain not asked', cacao({ iss: `did:pkh:eip155:10:${ADDRESS}` })],
    ['a solana issuer', cacao({ iss: 'did:pkh:solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp:7S3P4HxJpyyigGzodYwHtCxZyUQe9JiBMHyRWXArAaKv' })],
    ['not a did:pkh issuer', cacao({ iss: ADDRESS })],
    ['another header', { ...cacao(), h: { t: 'eip4361' } }],
    ['an unknown signature type', cacao({}, { t: 'solana:ed25519', s: '0xabcd' })],
    ['a signature that is not text', cacao({}, { t: 'eip191', s: 42 })],
  ])('refuses a CACAO with %s', (_what, item) => {
    expect(signedInOf([item], request)).toBeNull()
  })

  it('answers null for an answer that is no list (a plain session: the fallback)', () => {
    expect(signedInOf(undefined, request)).toBeNull()
    expect(signedInOf({ cacao: cacao() }, request)).toBeNull()
    expect(signedInOf([], request)).toBeNull()
  })
})

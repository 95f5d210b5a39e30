/**
 * What a one-click sign-in's answer grants when the page makes the session itself (a contract
 * account's CACAO, ./signInAnswer.ts): the same namespaces sign-client makes from the same CACAOs
 * (WalletConnect's own utils, as its engine calls them); and a CACAO that does not answer the
 * request is named.
 */
import { describe, expect, it } from 'vitest'
import {
  buildAuthObject,
  buildNamespacesFromAuth,
  createEncodedRecap,
  getChainsFromRecap,
  getDidAddress,
  getMethodsFromRecap,
  getNamespacedDidChainId,
  getRecapFromResources,
  populateAuthPayload,
} from '@walletconnect/utils'
import { EIP155_METHODS } from '../../chains/eip155/methods'
import type { Cacao } from './oneClick'
import { grantedBy, unanswered } from './signInSettle'
import type { SignInRequest } from './oneClick'

const ADDRESS = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
const REQUEST: SignInRequest = {
  chains: ['eip155:31337', 'eip155:1337'],
  domain: '127.0.0.1:5173',
  uri: 'http://127.0.0.1:5173',
  nonce: 'n0nce1234',
  exp: '2026-01-03T12:00:00.000Z',
  methods: [...EIP155_METHODS],
}

function cacaoOf(resources: string[], chain = 'eip155:31337', fields: Partial<Cacao['p']> = {}): Cacao {
  const payload = {
    type: 'caip122',
    chains: [chain],
    domain: REQUEST.domain,
    aud: REQUEST.uri,
    version: '1',
    nonce: REQUEST.nonce,
    iat: '2026-01-02T11:59:30.123Z',
    exp: REQUEST.exp,
    resources,
    ...fields,
  }
  return buildAuthObject(payload, { t: 'eip1271', s: '0x1234' }, `did:pkh:${chain}:${ADDRESS}`) as unknown as Cacao
}

/** sign-client's engine on an authenticate answer: the ReCap's methods, each CACAO's account on its chain and the ReCap's chains. */
function signClientGrants(cacaos: Cacao[]) {
  const methods: string[] = []
  const accounts: string[] = []
  for (const { p } of cacaos) {
    const recap = getRecapFromResources(p.resources)
    const chains = [getNamespacedDidChainId(p.iss)!]
    if (recap) {
      methods.push(...getMethodsFromRecap(recap))
      chains.push(...getChainsFromRecap(recap))
    }
    for (const chain of chains) accounts.push(`${chain}:${getDidAddress(p.iss)}`)
  }
  return methods.length > 0 ? buildNamespacesFromAuth([...new Set(methods)], [...new Set(accounts)]) : {}
}

describe('grantedBy: the namespaces sign-client would make from the same CACAOs', () => {
  it('a ReCap of the methods only (as sign-client asks): the CACAO’s account on its chain', () => {
    const cacao = cacaoOf([createEncodedRecap('eip155', 'request', [...EIP155_METHODS])])
    expect(grantedBy([cacao])).toEqual(signClientGrants([cacao]))
    expect(grantedBy([cacao]).eip155!.accounts).toEqual([`eip155:31337:${ADDRESS}`])
  })

  it('a ReCap with chains (as a wallet fills it in, populateAuthPayload): the account on each', () => {
    const filled = populateAuthPayload({
      authPayload: { ...cacaoOf([createEncodedRecap('eip155', 'request', [...EIP155_METHODS])]).p, chains: REQUEST.chains as string[] } as never,
      chains: [...REQUEST.chains],
      methods: ['personal_sign', 'eth_sendTransaction'],
    })
    const cacao = cacaoOf(filled.resources ?? [])
    expect(grantedBy([cacao])).toEqual(signClientGrants([cacao]))
    expect(grantedBy([cacao]).eip155!.accounts).toEqual([`eip155:31337:${ADDRESS}`, `eip155:1337:${ADDRESS}`])
  })

  it('no ReCap, or one that is not JSON: no method granted, no session', () => {
    expect(grantedBy([cacaoOf([])])).toEqual({})
    expect(grantedBy([cacaoOf(['urn:recap:not-json'])])).toEqual({})
  })
})

describe('unanswered: a CACAO that does not answer the request', () => {
  it('names the field that differs, and null when all match', () => {
    const resources = [createEncodedRecap('eip155', 'request', ['personal_sign'])]
    expect(unanswered(cacaoOf(resources), REQUEST)).toBeNull()
    expect(unanswered(cacaoOf(resources, 'eip155:10'), REQUEST)).toBe('the chain eip155:10 was not asked')
    expect(unanswered(cacaoOf(resources, undefined, { domain: 'evil.example' }), REQUEST)).toBe('the CACAO’s domain is not the page’s')
    expect(unanswered(cacaoOf(resources, undefined, { aud: 'https://evil.example' }), REQUEST)).toBe('the CACAO’s URI is not the page’s')
    expect(unanswered(cacaoOf(resources, undefined, { nonce: 'another1' }), REQUEST)).toBe('the CACAO’s nonce is not the one asked')
    expect(unanswered({ ...cacaoOf(resources), h: { t: 'eip4361' } }, REQUEST)).toBe('the CACAO is not a CAIP-122 sign-in by an eip155 account')
  })
})

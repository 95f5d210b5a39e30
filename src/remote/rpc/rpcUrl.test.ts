import { describe, expect, it } from 'vitest'
import { resolveRpcUrl, rpcUrl } from './rpcUrl'

describe('rpcUrl', () => {
  it('builds {rpc host}/v1/?chainId={CAIP-2 id}&projectId={id} (SPEC §7)', () => {
    expect(rpcUrl('https://rpc.example', 'eip155:1', 'p1')).toBe('https://rpc.example/v1/?chainId=eip155%3A1&projectId=p1')
    expect(rpcUrl('https://rpc.example/', 'eip155:137', 'p1')).toBe('https://rpc.example/v1/?chainId=eip155%3A137&projectId=p1')
  })
  it('takes a bare number as an EVM chain id', () => {
    expect(rpcUrl('https://rpc.example', 10, 'p1')).toBe('https://rpc.example/v1/?chainId=eip155%3A10&projectId=p1')
  })
})

describe('resolveRpcUrl', () => {
  const base = { caipNetworkId: 'eip155:1', rpcHost: 'https://rpc.example', projectId: 'p1' }
  it("prefers the site's custom RPC URL for the network", () => {
    const customRpcUrls = { 'eip155:1': [{ url: 'https://mine.example' }, { url: 'https://second.example' }], 'eip155:10': [{ url: 'https://op.example' }] }
    expect(resolveRpcUrl({ ...base, customRpcUrls, defaultRpcUrl: 'https://own.example' })).toBe('https://mine.example')
  })
  it("then the network's own URL, then the rpc-host shape", () => {
    const customRpcUrls = { 'eip155:10': [{ url: 'https://op.example' }], 'eip155:1': [] }
    expect(resolveRpcUrl({ ...base, customRpcUrls, defaultRpcUrl: 'https://own.example' })).toBe('https://own.example')
    expect(resolveRpcUrl({ ...base, customRpcUrls })).toBe('https://rpc.example/v1/?chainId=eip155%3A1&projectId=p1')
    expect(resolveRpcUrl(base)).toBe('https://rpc.example/v1/?chainId=eip155%3A1&projectId=p1')
  })
  it('has no URL for a network without its own when the site set no rpc host (no vendor default)', () => {
    expect(resolveRpcUrl({ ...base, rpcHost: null })).toBeUndefined()
    expect(resolveRpcUrl({ ...base, rpcHost: null, defaultRpcUrl: 'https://own.example' })).toBe('https://own.example')
  })
})

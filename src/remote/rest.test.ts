import { describe, expect, it } from 'vitest'
import { getRest, restUrl } from './rest'

describe('REST reads below a network endpoint (bip122 Esplora)', () => {
  it('puts the path below the endpoint, with or without slashes, keeping its query', () => {
    expect(restUrl('http://127.0.0.1:3002', '/address/x')).toBe('http://127.0.0.1:3002/address/x')
    expect(restUrl('https://blockstream.info/api/', 'address/x')).toBe('https://blockstream.info/api/address/x')
    expect(restUrl('https://rpc.example/v1?projectId=p', '/tx/ab')).toBe('https://rpc.example/v1/tx/ab?projectId=p')
  })

  it('answers the JSON body, and a non-2xx answer with the SPEC §8 status error', async () => {
    const fetch = (async (url: string) =>
      url.endsWith('/ok') ? new Response(JSON.stringify({ a: 1 }), { status: 200 }) : new Response('no', { status: 400 })) as unknown as typeof globalThis.fetch
    await expect(getRest(fetch, 'http://127.0.0.1:1', '/ok')).resolves.toEqual({ a: 1 })
    await expect(getRest(fetch, 'http://127.0.0.1:1', '/bad')).rejects.toThrow('HTTP status code: 400')
  })
})

import { describe, expect, it } from 'vitest'
import * as t from 'io-ts'
import { fetchJson } from './fetchJson'
import { buildUrl } from './url'

const Body = t.type({ count: t.number })
const answer =
  (status: number, body: string): typeof fetch =>
  async () =>
    new Response(body, { status })

describe('fetchJson', () => {
  it('returns the decoded body of a 2xx answer', async () => {
    await expect(fetchJson(answer(200, '{"count":3}'), 'http://127.0.0.1/x', Body)).resolves.toEqual({ count: 3 })
  })
  it('throws "HTTP status code: N" for a non-2xx answer (SPEC §8)', async () => {
    await expect(fetchJson(answer(503, '{}'), 'http://127.0.0.1/x', Body)).rejects.toThrow('HTTP status code: 503')
  })
  it('throws "HTTP request failed" for a body of the wrong shape (SPEC §8)', async () => {
    await expect(fetchJson(answer(200, '{"count":"3"}'), 'http://127.0.0.1/x', Body)).rejects.toThrow('HTTP request failed')
    await expect(fetchJson(answer(200, 'not json'), 'http://127.0.0.1/x', Body)).rejects.toThrow('HTTP request failed')
  })
  it('throws "HTTP request failed" when the request cannot be made (SPEC §8)', async () => {
    const down: typeof fetch = async () => {
      throw new TypeError('connection refused')
    }
    await expect(fetchJson(down, 'http://127.0.0.1/x', Body)).rejects.toThrow('HTTP request failed')
    await expect(fetchJson(undefined, 'http://127.0.0.1/x', Body)).rejects.toThrow('HTTP request failed')
  })
  it('gives up with "The request took too long to respond" (SPEC §8)', async () => {
    const hang: typeof fetch = (_url, init) =>
      new Promise((_resolve, reject) => init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))))
    await expect(fetchJson(hang, 'http://127.0.0.1/x', Body, { timeoutMs: 20 })).rejects.toThrow('The request took too long to respond')
  })
})

describe('buildUrl', () => {
  it('joins base and path, skips undefined and comma-joins arrays', () => {
    expect(buildUrl('http://127.0.0.1:4001/api', '/getWallets', { page: 1, include: ['a', 'b'], search: undefined })).toBe(
      'http://127.0.0.1:4001/api/getWallets?page=1&include=a%2Cb',
    )
  })
})

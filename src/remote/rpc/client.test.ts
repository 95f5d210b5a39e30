/**
 * The chain RPC client against real local HTTP servers that script their answers: retries on the
 * SPEC §7 statuses and codes with the §9 backoff, Retry-After in both forms, no retry where a
 * retry cannot help, time-outs, network failures, bad bodies and aborts.
 */
import { afterEach, describe, expect, it } from 'vitest'
import * as t from 'io-ts'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createRpcClient, type RpcClientOptions } from './client'
import { RpcError } from './errors'
import { recordingScheduler } from '../../../tests/support/recordingScheduler'

interface Received {
  readonly method: string | undefined
  readonly contentType: string | undefined
  readonly body: string
}
type Handler = (res: ServerResponse, call: number, req: IncomingMessage) => void
let server: Server | undefined

/** A server on 127.0.0.1, a free port, answering call n (1-based) with `handler`. */
async function serve(handler: Handler): Promise<{ url: string; calls: () => number; received: Received[] }> {
  const received: Received[] = []
  server = createServer((req, res) => {
    let body = ''
    req.setEncoding('utf8')
    req.on('data', (chunk: string) => (body += chunk))
    req.on('end', () => {
      received.push({ method: req.method, contentType: req.headers['content-type'], body })
      handler(res, received.length, req)
    })
  })
  const listening = server
  await new Promise<void>((resolve) => listening.listen(0, '127.0.0.1', resolve))
  return { url: `http://127.0.0.1:${(listening.address() as AddressInfo).port}/`, calls: () => received.length, received }
}

afterEach(async () => {
  const closing = server
  server = undefined
  if (!closing) return
  closing.closeAllConnections()
  await new Promise<void>((resolve) => closing.close(() => resolve()))
})

const json = (res: ServerResponse, body: unknown, headers: Record<string, string> = {}): void => {
  res.writeHead(200, { 'content-type': 'application/json', ...headers })
  res.end(JSON.stringify(body))
}
const ok = (res: ServerResponse, result: unknown = '0x1'): void => json(res, { jsonrpc: '2.0', id: 1, result })
const rpcError = (res: ServerResponse, code: number): void =>
  json(res, { jsonrpc: '2.0', id: 1, error: { code, message: `node says ${code}`, data: { why: code } } })
const status = (res: ServerResponse, code: number, headers: Record<string, string> = {}): void => {
  res.writeHead(code, headers)
  res.end()
}
const hang = (): void => undefined

/** A client whose waits are recorded and return at once; its per-try time-out runs on real timers. */
function client(url: string, extra: Partial<RpcClientOptions> = {}) {
  const sleeps: number[] = []
  const rpc = createRpcClient({ url, fetch, scheduler: recordingScheduler(sleeps, extra.timeoutMs ?? 10_000), ...extra })
  return { rpc, sleeps }
}

describe('the chain RPC client', () => {
  it('POSTs a JSON-RPC 2.0 request as application/json and returns the result', async () => {
    const { url, received } = await serve((res) => ok(res, '0x7a69'))
    expect(await client(url).rpc.request('eth_getBalance', ['0xabc', 'latest'])).toBe('0x7a69')
    expect(received).toHaveLength(1)
    expect(received[0]?.method).toBe('POST')
    expect(received[0]?.contentType).toBe('application/json')
    expect(JSON.parse(received[0]?.body ?? '')).toEqual({ jsonrpc: '2.0', id: 1, method: 'eth_getBalance', params: ['0xabc', 'latest'] })
  })

  it('sends an empty params list when none is given, and a new id per request', async () => {
    const { url, received } = await serve((res) => ok(res))
    const { rpc } = client(url)
    await rpc.request('eth_chainId')
    await rpc.request('eth_chainId')
    expect(received.map((r) => JSON.parse(r.body) as unknown)).toEqual([
      { jsonrpc: '2.0', id: 1, method: 'eth_chainId', params: [] },
      { jsonrpc: '2.0', id: 2, method: 'eth_chainId', params: [] },
    ])
  })

  it('returns a null result (a pending transaction receipt, say) as null', async () => {
    const { url } = await serve((res) => ok(res, null))
    expect(await client(url).rpc.request('eth_getTransactionReceipt', ['0x1'])).toBeNull()
  })

  it('decodes the result with a codec, and refuses a result of the wrong shape', async () => {
    const { url, calls } = await serve((res, n) => ok(res, n === 1 ? '0x1' : 1))
    const { rpc } = client(url)
    expect(await rpc.request('eth_chainId', [], t.string)).toBe('0x1')
    const error = await rpc.request('eth_chainId', [], t.string).catch((e: unknown) => e)
    expect(error).toMatchObject({ message: 'HTTP request failed', details: 'The result of eth_chainId is not of the expected shape' })
    expect(calls()).toBe(2)
  })

  it('retries a 429 after Retry-After: 1, waiting at least 1000 ms', async () => {
    const { url, calls } = await serve((res, n) => (n === 1 ? status(res, 429, { 'retry-after': '1' }) : ok(res)))
    const { rpc, sleeps } = client(url)
    expect(await rpc.request('eth_blockNumber')).toBe('0x1')
    expect(calls()).toBe(2)
    expect(sleeps).toHaveLength(1)
    expect(sleeps[0]).toBeGreaterThanOrEqual(1000)
    expect(sleeps).toEqual([1000])
  })

  it('retries a 429 after a Retry-After HTTP date', async () => {
    const nowMs = Date.parse('2026-10-21T07:28:00Z')
    const { url, calls } = await serve((res, n) => (n === 1 ? status(res, 429, { 'retry-after': 'Wed, 21 Oct 2026 07:28:02 GMT' }) : ok(res)))
    const { rpc, sleeps } = client(url, { clock: { now: () => nowMs } })
    expect(await rpc.request('eth_blockNumber')).toBe('0x1')
    expect(calls()).toBe(2)
    expect(sleeps).toEqual([2000])
  })

  it('caps a far Retry-After at 5 s, and never waits less than the backoff', async () => {
    const later = new Date(Date.now() + 60_000).toUTCString()
    const { url } = await serve((res, n) =>
      n === 1 ? status(res, 429, { 'retry-after': later }) : n === 2 ? status(res, 503, { 'retry-after': '0' }) : ok(res),
    )
    const { rpc, sleeps } = client(url)
    await rpc.request('eth_blockNumber')
    expect(sleeps).toEqual([5000, 300])
  })

  it('backs off 150 then 300 ms and gives up with "HTTP status code: 503" after exactly 3 requests', async () => {
    const { url, calls } = await serve((res) => status(res, 503))
    const { rpc, sleeps } = client(url)
    const error = await rpc.request('eth_blockNumber').catch((e: unknown) => e)
    expect(error).toMatchObject({ message: 'HTTP status code: 503', code: 503 })
    expect(calls()).toBe(3)
    expect(sleeps).toEqual([150, 300])
  })

  it('retries a 500 and returns the later success', async () => {
    const { url, calls } = await serve((res, n) => (n === 1 ? status(res, 500) : ok(res, '0x2')))
    const { rpc, sleeps } = client(url)
    expect(await rpc.request('eth_blockNumber')).toBe('0x2')
    expect(calls()).toBe(2)
    expect(sleeps).toEqual([150])
  })

  it.each([403, 408, 413, 502, 504])('retries HTTP %i', async (code) => {
    const { url, calls } = await serve((res, n) => (n === 1 ? status(res, code) : ok(res)))
    expect(await client(url).rpc.request('eth_blockNumber')).toBe('0x1')
    expect(calls()).toBe(2)
  })

  it.each([400, 404])('does not retry HTTP %i', async (code) => {
    const { url, calls } = await serve((res) => status(res, code))
    await expect(client(url).rpc.request('eth_blockNumber')).rejects.toThrow(`HTTP status code: ${code}`)
    expect(calls()).toBe(1)
  })

  it.each([4001, -32602, -32603, -32601])('never retries JSON-RPC %i, and keeps its code, message and data', async (code) => {
    const { url, calls } = await serve((res) => rpcError(res, code))
    const { rpc, sleeps } = client(url)
    const error = await rpc.request('eth_sendTransaction').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(RpcError)
    expect(error).toMatchObject({ message: 'RPC Request failed', code, details: `node says ${code}`, data: { why: code } })
    expect(calls()).toBe(1)
    expect(sleeps).toEqual([])
  })

  it.each([-32005, -32002])('retries the retryable JSON-RPC code %i', async (code) => {
    const { url, calls } = await serve((res, n) => (n === 1 ? rpcError(res, code) : ok(res)))
    expect(await client(url).rpc.request('eth_blockNumber')).toBe('0x1')
    expect(calls()).toBe(2)
  })

  it('gives up on a retryable JSON-RPC code after 3 tries, keeping the code', async () => {
    const { url, calls } = await serve((res) => rpcError(res, -32005))
    const error = await client(url)
      .rpc.request('eth_blockNumber')
      .catch((e: unknown) => e)
    expect(error).toBeInstanceOf(RpcError)
    expect((error as RpcError).code).toBe(-32005)
    expect(calls()).toBe(3)
  })

  it('times out a server that never answers, three times, with "The request took too long to respond"', async () => {
    const { url, calls } = await serve(hang)
    const { rpc, sleeps } = client(url, { timeoutMs: 200 })
    const started = Date.now()
    await expect(rpc.request('eth_blockNumber')).rejects.toThrow('The request took too long to respond')
    expect(calls()).toBe(3)
    expect(sleeps).toEqual([150, 300])
    expect(Date.now() - started).toBeGreaterThanOrEqual(3 * 190)
  })

  it('retries a network failure and gives up with "HTTP request failed"', async () => {
    const { url, calls } = await serve((res) => res.socket?.destroy())
    const error = await client(url)
      .rpc.request('eth_blockNumber')
      .catch((e: unknown) => e)
    expect(error).toMatchObject({ message: 'HTTP request failed' })
    expect(calls()).toBe(3)
  })

  it('retries a network failure and returns the later success', async () => {
    const { url, calls } = await serve((res, n) => (n === 1 ? res.socket?.destroy() : ok(res)))
    expect(await client(url).rpc.request('eth_blockNumber')).toBe('0x1')
    expect(calls()).toBe(2)
  })

  it.each([
    ['not JSON-RPC', '{"hello":"world"}'],
    ['not JSON', '<html>busy</html>'],
    ['a wrong version', '{"jsonrpc":"1.0","id":1,"result":"0x1"}'],
    ['an error without a code', '{"jsonrpc":"2.0","id":1,"error":{"message":"x"}}'],
  ])('refuses a body that is %s with "HTTP request failed" and a details line, without retrying', async (_what, body) => {
    const { url, calls } = await serve((res) => {
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end(body)
    })
    const error = await client(url)
      .rpc.request('eth_blockNumber')
      .catch((e: unknown) => e)
    expect(error).toMatchObject({ message: 'HTTP request failed', details: expect.stringMatching(/^The answer is not/) })
    expect(calls()).toBe(1)
  })

  it('stops a try in flight with "Request was aborted", without retrying', async () => {
    const { url, calls } = await serve(hang)
    const controller = new AbortController()
    const { rpc, sleeps } = client(url)
    const pending = rpc.request('eth_blockNumber', [], undefined, { signal: controller.signal })
    setTimeout(() => controller.abort(), 50)
    await expect(pending).rejects.toThrow('Request was aborted')
    expect(calls()).toBe(1)
    expect(sleeps).toEqual([])
  })

  it('stops a wait between tries with "Request was aborted"', async () => {
    const { url, calls } = await serve((res) => status(res, 503, { 'retry-after': '5' }))
    const controller = new AbortController()
    // The real sleep: the test only ends early if the abort cuts the 5 s wait short.
    const rpc = createRpcClient({ url, fetch })
    const started = Date.now()
    const pending = rpc.request('eth_blockNumber', [], undefined, { signal: controller.signal })
    setTimeout(() => controller.abort(), 100)
    await expect(pending).rejects.toThrow('Request was aborted')
    expect(Date.now() - started).toBeLessThan(2000)
    expect(calls()).toBe(1)
  })

  it('does not send anything for a signal already aborted', async () => {
    const { url, calls } = await serve((res) => ok(res))
    await expect(client(url).rpc.request('eth_blockNumber', [], undefined, { signal: AbortSignal.abort() })).rejects.toThrow('Request was aborted')
    expect(calls()).toBe(0)
  })

  it('honours retryCount and baseDelayMs', async () => {
    const { url, calls } = await serve((res) => status(res, 502))
    const { rpc, sleeps } = client(url, { retryCount: 4, baseDelayMs: 10 })
    await expect(rpc.request('eth_blockNumber')).rejects.toThrow('HTTP status code: 502')
    expect(calls()).toBe(4)
    expect(sleeps).toEqual([10, 20, 40])
  })
})

/**
 * The chain RPC client against real local HTTP servers that script their answers: retries on the
 * SPEC §7 statuses and codes with the §9 backoff, Retry-After in both forms, no retry where a
 * retry cannot help, time-outs, bad bodies and aborts.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createRpcClient } from './client'
import { RpcError } from './errors'

type Handler = (req: IncomingMessage, res: ServerResponse, call: number) => void
let server: Server | undefined

async function serve(handler: Handler): Promise<{ url: string; calls: () => number }> {
  let calls = 0
  server = createServer((req, res) => {
    req.resume()
    req.on('end', () => handler(req, res, ++calls))
  })
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve))
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, calls: () => calls }
}

afterEach(async () => {
  server?.closeAllConnections()
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()))
  server = undefined
})

const ok = (res: ServerResponse, result: unknown = '0x1') => {
  res.writeHead(200, { 'content-type': 'application/json' })
  res.end(JSON.stringify({ jsonrpc: '2.0', id: 1, result }))
}
const rpcError = (res: ServerResponse, code: number) => {
  res.writeHead(200, { 'content-type': 'application/json' })
  res.end(JSON.stringify({ jsonrpc: '2.0', id: 1, error: { code, message: `error ${code}` } }))
}
const status = (res: ServerResponse, code: number, headers: Record<string, string> = {}) => {
  res.writeHead(code, headers)
  res.end()
}

function client(url: string, extra: { timeoutMs?: number } = {}) {
  const sleeps: number[] = []
  const rpc = createRpcClient({ url, fetch, sleep: async (ms) => void sleeps.push(ms), ...extra })
  return { rpc, sleeps }
}

describe('the chain RPC client', () => {
  it('returns the result', async () => {
    const { url } = await serve((_req, res) => ok(res, '0x7a69'))
    expect(await client(url).rpc.request('eth_chainId')).toBe('0x7a69')
  })

  it('retries a 429 after Retry-After seconds', async () => {
    const { url, calls } = await serve((_req, res, n) => (n === 1 ? status(res, 429, { 'retry-after': '1' }) : ok(res)))
    const { rpc, sleeps } = client(url)
    expect(await rpc.request('eth_blockNumber')).toBe('0x1')
    expect(calls()).toBe(2)
    expect(sleeps).toEqual([1000])
  })

  it('retries a 429 after a Retry-After date, capped', async () => {
    const later = new Date(Date.now() + 60_000).toUTCString()
    const { url } = await serve((_req, res, n) => (n === 1 ? status(res, 429, { 'retry-after': later }) : ok(res)))
    const { rpc, sleeps } = client(url)
    await rpc.request('eth_blockNumber')
    expect(sleeps).toEqual([5000])
  })

  it('backs off 150 then 300 ms and gives up after 3 tries of 503', async () => {
    const { url, calls } = await serve((_req, res) => status(res, 503))
    const { rpc, sleeps } = client(url)
    await expect(rpc.request('eth_blockNumber')).rejects.toThrow('HTTP status code: 503')
    expect(calls()).toBe(3)
    expect(sleeps).toEqual([150, 300])
  })

  it.each([403, 408, 413, 500, 502, 504])('retries HTTP %i', async (code) => {
    const { url, calls } = await serve((_req, res, n) => (n === 1 ? status(res, code) : ok(res)))
    expect(await client(url).rpc.request('eth_blockNumber')).toBe('0x1')
    expect(calls()).toBe(2)
  })

  it('does not retry a 404', async () => {
    const { url, calls } = await serve((_req, res) => status(res, 404))
    await expect(client(url).rpc.request('eth_blockNumber')).rejects.toThrow('HTTP status code: 404')
    expect(calls()).toBe(1)
  })

  it.each([4001, -32602, -32601])('never retries JSON-RPC %i and keeps its code', async (code) => {
    const { url, calls } = await serve((_req, res) => rpcError(res, code))
    const error = await client(url).rpc.request('eth_sendTransaction').catch((e: unknown) => e)
    expect(error).toBeInstanceOf(RpcError)
    expect((error as RpcError).code).toBe(code)
    expect((error as RpcError).message).toBe('RPC Request failed')
    expect(calls()).toBe(1)
  })

  it('retries the retryable JSON-RPC code -32005', async () => {
    const { url, calls } = await serve((_req, res, n) => (n === 1 ? rpcError(res, -32005) : ok(res)))
    expect(await client(url).rpc.request('eth_blockNumber')).toBe('0x1')
    expect(calls()).toBe(2)
  })

  it('times out a server that hangs, three times, with the SPEC message', async () => {
    const { url, calls } = await serve(() => undefined)
    await expect(client(url, { timeoutMs: 150 }).rpc.request('eth_blockNumber')).rejects.toThrow('The request took too long to respond')
    expect(calls()).toBe(3)
  })

  it('refuses a body that is not JSON-RPC, without retrying', async () => {
    const { url, calls } = await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end('{"hello":"world"}')
    })
    await expect(client(url).rpc.request('eth_blockNumber')).rejects.toThrow('HTTP request failed')
    expect(calls()).toBe(1)
  })

  it('stops on abort', async () => {
    const { url } = await serve(() => undefined)
    const controller = new AbortController()
    const pending = client(url).rpc.request('eth_blockNumber', [], { signal: controller.signal })
    setTimeout(() => controller.abort(), 50)
    await expect(pending).rejects.toThrow('Request was aborted')
  })
})

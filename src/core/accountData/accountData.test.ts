/**
 * The account-data service (issue 26 §2) over the real Blockchain API client, against a small
 * local HTTP server that counts each path it is asked and answers after a short wait (so reads
 * overlap): one cache per instance, concurrent reads sharing one call, staleness on the instance's
 * clock (SPEC §9: balances 30 s, identity 5 min), invalidation, SPEC §5's 30 s block after a
 * failed balance read, a network the API does not serve never asked, and aborts that stop the
 * call only when nobody waits any more.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createBlockchainApi } from '../../remote/blockchain/client'
import type { WalletAccess } from '../../ports/wallet'
import { Subject } from 'rxjs'
import { accountData } from './service'
import { invalidateOnSettled, transactionSettled } from './settled'
import { testDeps } from '../../../tests/support/testDeps'
import { until } from '../../../tests/support/until'
import type { AirlockEvent, RootState } from '../../kernel/registry'

const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const ACCOUNT = `eip155:1:${ADDRESS}`
const BALANCE = { name: 'Ether', symbol: 'ETH', chainId: 'eip155:1', price: 3000, quantity: { decimals: '18', numeric: '1.5' }, iconUrl: '' }

let server: Server
let url = ''
const asked: string[] = []
const aborted: string[] = []
let failBalances = false
/** Balance reads get no answer (until their connection closes). */
let holdBalances = false

beforeAll(async () => {
  server = createServer((req, res) => {
    const path = new URL(req.url ?? '', 'http://x').pathname
    asked.push(path)
    let done = false
    req.socket.once('close', () => done || aborted.push(path))
    const answer = (status: number, body: unknown) =>
      setTimeout(() => {
        done = true
        if (!res.destroyed) res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body))
      }, 40)
    if (path === '/v1/supported-chains') return answer(200, { http: ['eip155:1'] })
    if (path.endsWith('/balance') && holdBalances) return
    if (path.endsWith('/balance')) return failBalances ? answer(500, { error: 'down' }) : answer(200, { balances: [BALANCE] })
    if (path.startsWith('/v1/identity/')) return answer(200, { name: 'holder.eth', avatar: null })
    if (path.endsWith('/history')) return answer(200, { data: [], next: null })
    answer(404, { error: 'no such path' })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})
afterAll(async () => {
  server.closeAllConnections()
  await new Promise((resolve) => server.close(resolve))
})

const noWallet: WalletAccess = { connection: () => undefined }

/** One instance's ports: its own API client and clock. */
function instance() {
  let now = 1_000_000
  const api = createBlockchainApi({ baseUrl: url, projectId: 'p', sdkType: 'airlock', sdkVersion: 't', fetch })
  const data = accountData({ api, wallet: noWallet, clock: { now: () => now } })
  return { api, data, advance: (ms: number) => void (now += ms) }
}

const count = (suffix: string) => asked.filter((path) => path.endsWith(suffix)).length

describe('the account-data service', () => {
  it('is one per instance: the same service for one instance’s ports, none shared by two instances', async () => {
    const a = instance()
    const b = instance()
    expect(accountData({ api: a.api, wallet: noWallet, clock: { now: () => 0 } })).toBe(a.data)
    expect(b.data).not.toBe(a.data)
    const before = count('/balance')
    await a.data.balances(ACCOUNT)
    await b.data.balances(ACCOUNT)
    // b's cache did not hold a's answer.
    expect(count('/balance')).toBe(before + 2)
  })

  it('concurrent reads of one key make one call; fresh for 30 s (SPEC §9), then read again; a forced read calls at once', async () => {
    const { data, advance } = instance()
    const before = count('/balance')
    const [x, y, z] = await Promise.all([data.balances(ACCOUNT), data.balances(ACCOUNT), data.balances(ACCOUNT)])
    expect(count('/balance')).toBe(before + 1)
    expect(x).toEqual([{ ...BALANCE, value: 0 }])
    expect(y).toBe(x)
    expect(z).toBe(x)
    advance(29_999)
    expect(data.fresh('balances', ACCOUNT)).toBe(true)
    expect(await data.balances(ACCOUNT)).toBe(x)
    expect(count('/balance')).toBe(before + 1)
    advance(1)
    expect(data.fresh('balances', ACCOUNT)).toBe(false)
    await data.balances(ACCOUNT)
    expect(count('/balance')).toBe(before + 2)
    await data.balances(ACCOUNT, { force: true })
    expect(count('/balance')).toBe(before + 3)
  })

  it('identity is kept 5 minutes per address, whichever chain asked', async () => {
    const { data, advance } = instance()
    const before = count(`/v1/identity/${ADDRESS}`)
    expect(await data.identity(ACCOUNT)).toEqual({ name: 'holder.eth', avatar: null })
    await data.identity(`eip155:10:${ADDRESS.toLowerCase()}`)
    advance(299_999)
    await data.identity(ACCOUNT)
    expect(count(`/v1/identity/${ADDRESS}`)).toBe(before + 1)
    advance(1)
    await data.identity(ACCOUNT)
    expect(count(`/v1/identity/${ADDRESS}`)).toBe(before + 2)
  })

  it('an invalidation makes what it matches stale (the next read calls) and tells the watchers; what it does not match stays', async () => {
    const { data } = instance()
    const seen: unknown[] = []
    data.invalidated$.subscribe((match) => seen.push(match))
    await data.balances(ACCOUNT)
    await data.history(ACCOUNT, null)
    const balances = count('/balance')
    const history = count('/history')
    data.invalidate({ chainId: 'eip155:10' })
    data.invalidate({ chainId: 'eip155:1', resources: ['balances'] })
    expect(seen).toEqual([{ chainId: 'eip155:10' }, { chainId: 'eip155:1', resources: ['balances'] }])
    expect(data.fresh('balances', ACCOUNT)).toBe(false)
    await data.balances(ACCOUNT)
    expect(count('/balance')).toBe(balances + 1)
    // History is read each time it is asked (staleness 0); concurrent reads still share a call.
    await Promise.all([data.history(ACCOUNT, null), data.history(ACCOUNT, null)])
    expect(count('/history')).toBe(history + 1)
  })

  it('a failed balance read blocks the address 30 s (SPEC §5), forced reads too; a network the API does not serve is never asked', async () => {
    const { data, advance } = instance()
    failBalances = true
    try {
      const before = count('/balance')
      await expect(data.balances(ACCOUNT)).rejects.toThrow('HTTP status code: 500')
      await expect(data.balances(ACCOUNT, { force: true })).rejects.toThrow('HTTP status code: 500')
      expect(count('/balance')).toBe(before + 1)
      failBalances = false
      advance(30_000)
      expect(await data.balances(ACCOUNT)).toHaveLength(1)
      expect(count('/balance')).toBe(before + 2)
      await expect(data.balances(`eip155:1337:${ADDRESS}`)).rejects.toThrow('Chain is not supported')
      await expect(data.nfts(`eip155:1337:${ADDRESS}`, null)).rejects.toThrow('Chain is not supported')
      expect(asked.filter((path) => path.includes('1337'))).toEqual([])
      expect(count('/balance')).toBe(before + 2)
    } finally {
      failBalances = false
    }
  })

  it('an aborted reader stops waiting; the call goes on for the others, and stops when nobody waits', async () => {
    const { data } = instance()
    await data.balances(ACCOUNT) // the served networks read, so the next calls go straight to /balance
    const first = new AbortController()
    const reading = data.balances(ACCOUNT, { force: true, signal: first.signal })
    const other = data.balances(ACCOUNT)
    first.abort()
    await expect(reading).rejects.toThrow()
    expect(await other).toHaveLength(1)

    // A read nobody else waits for, held at the server: its reader's abort closes the call there.
    const before = aborted.length
    const askedBefore = asked.length
    holdBalances = true
    try {
      const alone = new AbortController()
      const lone = data.balances(ACCOUNT, { force: true, signal: alone.signal })
      await until(() => asked.length > askedBefore, 10_000, 'the server asked for the balance')
      alone.abort()
      await expect(lone).rejects.toThrow()
      await until(() => aborted.length === before + 1, 10_000, 'the call closed at the server')
      expect(aborted.slice(before)).toEqual([asked.at(-1)])
    } finally {
      holdBalances = false
    }
  })

  it('TRANSACTION_SETTLED invalidates the balances, history and NFTs of its chain (not identity, not another chain), once however many plugins run the effect', async () => {
    const { api, data } = instance()
    const deps = { ...testDeps(), api }
    const events$ = new Subject<AirlockEvent>()
    const state$ = new Subject<RootState>()
    // Three plugins (tokens, activity, send) each run the effect.
    const running = [1, 2, 3].map(() => invalidateOnSettled(events$, state$, deps).subscribe())
    const seen: unknown[] = []
    data.invalidated$.subscribe((match) => seen.push(match))
    await Promise.all([data.balances(ACCOUNT), data.identity(ACCOUNT), data.history(ACCOUNT, null)])
    events$.next(transactionSettled('eip155:10', '0x01', 'site'))
    expect(data.fresh('balances', ACCOUNT)).toBe(true)
    events$.next(transactionSettled('eip155:1', `0x${'ab'.repeat(32)}`, 'send'))
    expect(seen).toEqual([
      { chainId: 'eip155:10', resources: ['balances', 'history', 'purchases', 'nfts'] },
      { chainId: 'eip155:1', resources: ['balances', 'history', 'purchases', 'nfts'] },
    ])
    expect(data.fresh('balances', ACCOUNT)).toBe(false)
    expect(data.fresh('identity', `any:any:${ADDRESS.toLowerCase()}`)).toBe(true)
    running.forEach((subscription) => subscription.unsubscribe())
  })
})

import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DEFAULT_FEATURES, MAX_ENTRIES, queryWallets, startConfigService } from './server.mjs'
import { WALLETS, syntheticWallets } from './catalog.mjs'
import type { CatalogWallet } from './catalog.mjs'

const all = [...WALLETS, ...syntheticWallets(700)]
const BTC = 'bip122:000000000019d6689c085ae165831e93'
const SOL = 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp'
const byName = (name: string) => WALLETS.find((w) => w.name === name)!

let service: Awaited<ReturnType<typeof startConfigService>>
let custom: Awaited<ReturnType<typeof startConfigService>>
beforeAll(async () => {
  service = await startConfigService({ wallets: all, allowedOrigins: ['https://shop.example'] })
  custom = await startConfigService({
    features: [{ id: 'email', isEnabled: false }],
    corsOrigins: ['https://app.example'],
    wallets: [{ ...byName('MetaMask'), badge_type: 'certified' }, byName('Phantom')],
  })
})
afterAll(async () => {
  await Promise.all([service?.close(), custom?.close()])
})

const get = (path: string, init?: RequestInit) => fetch(`${service.url}${path}`, init)
type Page = { data: CatalogWallet[]; count: number }
const wallets = async (query: string, base = service.url) => {
  const response = await fetch(`${base}/getWallets?projectId=p&${query}`)
  expect(response.status).toBe(200)
  return (await response.json()) as Page
}

describe('the config service', () => {
  it('listens on 127.0.0.1 on the port it was given or picked', () => {
    expect(service.url).toBe(`http://127.0.0.1:${service.port}`)
    expect(service.port).toBeGreaterThan(0)
  })

  it('serves the default features, and the ones it was given', async () => {
    const response = await get('/appkit/v1/config?projectId=p')
    expect(response.headers.get('content-type')).toMatch(/^application\/json(; charset=utf-8)?$/)
    const config = (await response.json()) as { features: typeof DEFAULT_FEATURES }
    expect(config).toEqual({ features: DEFAULT_FEATURES })
    expect(config.features.map((f) => f.id)).toEqual(['email', 'social', 'swap', 'onramp', 'activity'])
    expect(config.features.every((f) => f.isEnabled)).toBe(true)
    expect(config.features.find((f) => f.id === 'social')?.config).toEqual(['google', 'x', 'farcaster', 'discord', 'apple', 'github', 'facebook'])
    expect(config.features.find((f) => f.id === 'onramp')?.config).toBeNull()
    expect(await (await fetch(`${custom.url}/appkit/v1/config?projectId=p`)).json()).toEqual({ features: [{ id: 'email', isEnabled: false }] })
  })

  it('serves allowed origins (empty by default) and a disabled analytics config', async () => {
    expect(await (await get('/projects/v1/origins?projectId=p')).json()).toEqual({ allowedOrigins: ['https://shop.example'] })
    expect(await (await fetch(`${custom.url}/projects/v1/origins?projectId=p`)).json()).toEqual({ allowedOrigins: [] })
    expect(await (await get('/getAnalyticsConfig?projectId=p')).json()).toEqual({ isAnalyticsEnabled: false })
  })

  it('refuses every route without a project id: 401 with the server message', async () => {
    for (const path of [
      '/getWallets',
      '/appkit/v1/config',
      '/projects/v1/origins',
      '/getAnalyticsConfig',
      `/getWalletImage/${WALLETS[0]!.image_id}`,
      '/getWallets?projectId=',
      '/getWallets?projectId=%20',
    ]) {
      const response = await get(path)
      expect(response.status, path).toBe(401)
      expect(await response.json(), path).toEqual({ message: 'Unauthorized: invalid key' })
    }
  })

  it('answers anything else with a 404 JSON message', async () => {
    for (const path of ['/elsewhere?projectId=p', '/?projectId=p', '/getWallets/extra?projectId=p', '/getWalletImage/?projectId=p']) {
      const response = await get(path)
      expect(response.status, path).toBe(404)
      expect(await response.json(), path).toEqual({ message: 'Not found' })
    }
  })
})

describe('GET /getWallets', () => {
  it('pages the catalog and 700 synthetic wallets 40 at a time; count is the total', async () => {
    const one = await wallets('page=1')
    const two = await wallets('page=2&entries=40')
    expect(one.count).toBe(all.length)
    expect(two.count).toBe(all.length)
    expect(one.data.map((w) => w.id)).toEqual(all.slice(0, 40).map((w) => w.id))
    expect(two.data.map((w) => w.id)).toEqual(all.slice(40, 80).map((w) => w.id))
    expect((await wallets('')).data).toEqual(one.data)
    const lastPage = Math.ceil(all.length / 40)
    expect((await wallets(`page=${lastPage}`)).data).toHaveLength(all.length - (lastPage - 1) * 40)
    expect((await wallets(`page=${lastPage + 1}`)).data).toEqual([])
  })

  it('keeps image_id and adds no image_url', async () => {
    const { data } = await wallets('entries=1')
    expect(data[0]).toEqual(all[0])
    expect(data[0]).not.toHaveProperty('image_url')
    expect(data[0]?.image_id).toMatch(/^[0-9a-f]{64}$/)
  })

  it('filters by include and exclude ids', async () => {
    const metamask = byName('MetaMask')
    const phantom = byName('Phantom')
    const included = await wallets(`include=${metamask.id},${phantom.id}`)
    expect(included.data.map((w) => w.name)).toEqual(['MetaMask', 'Phantom'])
    expect(included.count).toBe(2)
    const excluded = await wallets(`exclude=${metamask.id},%20${phantom.id}%20&entries=100`)
    expect(excluded.count).toBe(all.length - 2)
    expect(excluded.data.some((w) => w.id === metamask.id || w.id === phantom.id)).toBe(false)
    expect((await wallets(`include=${metamask.id}&exclude=${metamask.id}`)).count).toBe(0)
    expect((await wallets('include=unknown')).count).toBe(0)
  })

  it('keeps wallets that support at least one of the chains asked for', async () => {
    const btc = await wallets(`chains=${BTC}&entries=100`)
    expect(btc.count).toBe(all.filter((w) => w.chains.includes(BTC)).length)
    expect(btc.data.map((w) => w.name)).toContain('Xverse')
    expect(btc.data.map((w) => w.name)).not.toContain('MetaMask')
    const either = await wallets(`chains=${BTC},${SOL}&entries=100`)
    expect(either.data.map((w) => w.name)).toEqual(expect.arrayContaining(['Xverse', 'Solflare', 'Phantom']))
    expect(either.data.every((w) => w.chains.includes(BTC) || w.chains.includes(SOL))).toBe(true)
    expect((await wallets('chains=eip155:1')).count).toBe(all.filter((w) => w.chains.includes('eip155:1')).length)
    expect((await wallets('chains=cosmos:nowhere')).count).toBe(0)
  })

  it('searches names case-insensitively, trimmed', async () => {
    expect((await wallets('search=meta')).data.map((w) => w.name)).toEqual(['MetaMask'])
    expect((await wallets('search=META')).data.map((w) => w.name)).toEqual(['MetaMask'])
    expect((await wallets('search=%20%20MetaMask%20')).data.map((w) => w.name)).toEqual(['MetaMask'])
    expect((await wallets('search=test%20wallet%200007')).count).toBe(1)
    expect((await wallets('search=test%20wallet')).count).toBe(700)
    expect((await wallets('search=no%20such%20wallet')).count).toBe(0)
    expect((await wallets(`search=wallet&chains=${SOL}&entries=100`)).data.every((w) => /wallet/i.test(w.name) && w.chains.includes(SOL))).toBe(true)
  })

  it('caps entries at the maximum', async () => {
    expect((await wallets('entries=100')).data).toHaveLength(MAX_ENTRIES)
    expect((await wallets('entries=101')).data).toHaveLength(MAX_ENTRIES)
    expect((await wallets('entries=100000')).data).toHaveLength(MAX_ENTRIES)
    expect((await wallets('entries=99999999999999999999999999')).data).toHaveLength(MAX_ENTRIES)
    expect((await wallets('entries=7')).data).toHaveLength(7)
  })

  it('survives bad query values with defaults', async () => {
    const first = (await wallets('')).data
    for (const query of [
      'page=abc',
      'page=-1',
      'page=0',
      'page=1.5',
      'page=',
      'page=1e3',
      'entries=-5',
      'entries=abc',
      'entries=0',
      'entries=',
      'include=',
      'exclude=,,,',
      'chains=,',
      'search=%20',
      'badge_type=',
      'page=1&page=x',
      'projectId=p&page=%F0%9F%92%A9',
    ]) {
      const page = await wallets(query)
      expect(page.data, query).toEqual(first)
      expect(page.count, query).toBe(all.length)
    }
    expect((await wallets('page=99999999999999999999999')).data).toEqual([])
    const malformed = await get('/getWallets?projectId=p&search=%E0%A4%A')
    expect(malformed.status).toBe(200)
  })

  it('filters by badge_type only when asked and entries carry one', async () => {
    expect((await wallets('', custom.url)).count).toBe(2)
    expect((await wallets('badge_type=certified', custom.url)).data.map((w) => w.name)).toEqual(['MetaMask'])
    expect((await wallets('badge_type=none', custom.url)).count).toBe(0)
  })
})

describe('queryWallets', () => {
  const list = all.slice(0, 100)
  it('is pure: pages, filters and counts without touching its input', () => {
    const before = JSON.stringify(list)
    expect(queryWallets(list, {})).toEqual({ data: list.slice(0, 40), count: 100 })
    expect(queryWallets(list, { page: '3' })).toEqual({ data: list.slice(80, 100), count: 100 })
    expect(queryWallets(list, { page: '2', entries: '10', search: 'a' }).count).toBe(list.filter((w) => w.name.toLowerCase().includes('a')).length)
    expect(JSON.stringify(list)).toBe(before)
  })
  it('never throws on odd values', () => {
    const odd = [undefined, '', ' ', 'abc', '-5', '0', '1.5', 'NaN', 'Infinity', '1e400', '9'.repeat(400), ',,,', '\u0000', '__proto__']
    for (const value of odd) {
      const result = queryWallets(list, { page: value, entries: value, include: value, exclude: value, chains: value, search: value, badge_type: value })
      expect(result.data.length).toBeLessThanOrEqual(MAX_ENTRIES)
      expect(Number.isInteger(result.count)).toBe(true)
    }
    expect(queryWallets([], { page: '5' })).toEqual({ data: [], count: 0 })
  })
})

describe('GET /getWalletImage/:id', () => {
  it('serves a generated SVG with a safe content type, cache and CSP', async () => {
    const response = await get(`/getWalletImage/${byName('MetaMask').image_id}?projectId=p`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('image/svg+xml')
    expect(response.headers.get('cache-control')).toBe('public, max-age=86400')
    expect(response.headers.get('content-security-policy')).toBe("default-src 'none'; style-src 'unsafe-inline'")
    const svg = await response.text()
    expect(svg.startsWith('<svg')).toBe(true)
    expect(svg).toContain('>M</text>')
    expect(svg).not.toMatch(/<script|href=|on\w+=/i)
    const synthetic = await get(`/getWalletImage/${all[WALLETS.length + 6]!.image_id}?projectId=p`)
    expect(await synthetic.text()).toContain('>TW</text>')
  })

  it('404s an unknown or malformed id', async () => {
    for (const id of ['nope', '0'.repeat(64), '..%2F..%2Fetc%2Fpasswd', '%3Cscript%3E', 'a'.repeat(500)]) {
      const response = await get(`/getWalletImage/${id}?projectId=p`)
      // An id longer than any route parameter may be (100) is 414 URI Too Long.
      expect(response.status, id).toBe(id.length > 100 ? 414 : 404)
      expect(response.headers.get('content-type'), id).toMatch(/^application\/json(; charset=utf-8)?$/)
    }
  })
})

describe('CORS', () => {
  const origin = async (value: string, path = '/getWallets?projectId=p', init: RequestInit = {}, base = service.url) => {
    const response = await fetch(`${base}${path}`, { ...init, headers: { origin: value } })
    expect(response.headers.get('access-control-allow-origin')).not.toBe('*')
    expect(response.headers.get('vary')).toBe('Origin')
    return response
  }

  it('reflects loopback origins on any port', async () => {
    for (const value of ['http://127.0.0.1:5173', 'http://localhost:3000', 'http://127.0.0.1:1']) {
      expect((await origin(value)).headers.get('access-control-allow-origin'), value).toBe(value)
    }
  })

  it('gives a foreign origin no allow-origin header, and never *', async () => {
    for (const value of [
      'https://evil.example',
      'http://127.0.0.1.evil.example',
      'http://localhost.evil.example:80',
      'https://127.0.0.1:5173',
      'null',
      '*',
      'http://127.0.0.1:5173/path',
      'https://app.example',
    ]) {
      expect((await origin(value)).headers.get('access-control-allow-origin'), value).toBeNull()
    }
    const plain = await get('/getWallets?projectId=p')
    expect(plain.headers.get('access-control-allow-origin')).toBeNull()
  })

  it('reflects the configured origins', async () => {
    const response = await origin('https://app.example', '/getWallets?projectId=p', {}, custom.url)
    expect(response.headers.get('access-control-allow-origin')).toBe('https://app.example')
    expect((await origin('https://evil.example', '/getWallets?projectId=p', {}, custom.url)).headers.get('access-control-allow-origin')).toBeNull()
  })

  it('answers preflights with 204, and errors carry the header too', async () => {
    const preflight = await origin('http://localhost:3000', '/getWallets?projectId=p', { method: 'OPTIONS' })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-origin')).toBe('http://localhost:3000')
    expect(preflight.headers.get('access-control-allow-methods')).toContain('GET')
    const foreign = await origin('https://evil.example', '/getWallets?projectId=p', { method: 'OPTIONS' })
    expect(foreign.status).toBe(204)
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull()
    const unauthorized = await origin('http://127.0.0.1:5173', '/getWallets')
    expect(unauthorized.status).toBe(401)
    expect(unauthorized.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:5173')
  })
})

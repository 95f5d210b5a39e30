import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startConfigService, MAX_ENTRIES } from './server.mjs'
import { WALLETS, syntheticWallets, walletIcon } from './catalog.mjs'

const all = [...WALLETS, ...syntheticWallets(700)]
let service: Awaited<ReturnType<typeof startConfigService>>
beforeAll(async () => {
  service = await startConfigService({ wallets: all, allowedOrigins: ['https://shop.example'] })
})
afterAll(() => service.close())

const get = (path: string, init?: RequestInit) => fetch(`${service.url}${path}`, init)
const wallets = async (query: string) => (await (await get(`/getWallets?projectId=p&${query}`)).json()) as { data: { id: string; name: string }[]; count: number }

describe('the config service', () => {
  it('serves features and allowed origins', async () => {
    const config = (await (await get('/appkit/v1/config?projectId=p')).json()) as { features: { id: string }[] }
    expect(config.features.map((f) => f.id)).toEqual(['email', 'social', 'swap', 'onramp', 'activity'])
    expect(await (await get('/projects/v1/origins?projectId=p')).json()).toEqual({ allowedOrigins: ['https://shop.example'] })
  })

  it('refuses a call without a project id with the server message the SDK maps to an alert', async () => {
    const response = await get('/getWallets')
    expect(response.status).toBe(401)
    expect(await response.json()).toEqual({ message: 'Unauthorized: invalid key' })
  })

  it('pages the catalog: 40 by default, the count is the total after filters', async () => {
    const one = await wallets('page=1')
    const two = await wallets('page=2&entries=40')
    expect(one.data).toHaveLength(40)
    expect(one.count).toBe(all.length)
    expect(two.data[0]?.id).toBe(all[40]?.id)
    expect(new Set([...one.data, ...two.data].map((w) => w.id)).size).toBe(80)
  })

  it('filters by include, exclude, chains and a case-insensitive search', async () => {
    const metamask = WALLETS.find((w) => w.name === 'MetaMask')!
    const phantom = WALLETS.find((w) => w.name === 'Phantom')!
    expect((await wallets(`include=${metamask.id},${phantom.id}`)).data.map((w) => w.name)).toEqual(['MetaMask', 'Phantom'])
    expect((await wallets(`exclude=${metamask.id}&entries=100`)).data.some((w) => w.id === metamask.id)).toBe(false)
    const btc = await wallets('chains=bip122:000000000019d6689c085ae165831e93&entries=100')
    expect(btc.data.map((w) => w.name)).toContain('Xverse')
    expect(btc.data.map((w) => w.name)).not.toContain('MetaMask')
    expect((await wallets('search=META')).data.map((w) => w.name)).toEqual(['MetaMask'])
    expect((await wallets('search=test%20wallet%200007')).count).toBe(1)
  })

  it('caps entries and survives bad query values', async () => {
    expect((await wallets('entries=100000')).data).toHaveLength(MAX_ENTRIES)
    const odd = await wallets('page=abc&entries=-5&include=&search=%20')
    expect(odd.data).toHaveLength(40)
    expect((await wallets('page=999')).data).toEqual([])
  })

  it('serves generated SVG icons with a safe content type, 404 for unknown ids', async () => {
    const response = await get(`/getWalletImage/${WALLETS[0]!.image_id}?projectId=p`)
    expect(response.status).toBe(200)
    expect(response.headers.get('content-type')).toBe('image/svg+xml')
    const svg = await response.text()
    expect(svg.startsWith('<svg')).toBe(true)
    expect(svg).not.toMatch(/<script|href=|on\w+=/i)
    expect((await get('/getWalletImage/nope?projectId=p')).status).toBe(404)
    expect((await get('/elsewhere?projectId=p')).status).toBe(404)
  })

  it('reflects loopback origins in CORS and never answers *', async () => {
    const local = await get('/getWallets?projectId=p', { headers: { origin: 'http://127.0.0.1:5173' } })
    expect(local.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:5173')
    const foreign = await get('/getWallets?projectId=p', { headers: { origin: 'https://evil.example' } })
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull()
    const preflight = await get('/getWallets?projectId=p', { method: 'OPTIONS', headers: { origin: 'http://localhost:3000' } })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-origin')).toBe('http://localhost:3000')
  })
})

describe('the catalog', () => {
  it('holds at least 30 well-known wallets with unique ids, names and rdns, and safe links', () => {
    expect(WALLETS.length).toBeGreaterThanOrEqual(30)
    expect(new Set(WALLETS.map((w) => w.id)).size).toBe(WALLETS.length)
    expect(new Set(WALLETS.map((w) => w.name)).size).toBe(WALLETS.length)
    const rdns = WALLETS.flatMap((w) => (w.rdns ? [w.rdns] : []))
    expect(new Set(rdns).size).toBe(rdns.length)
    for (const w of WALLETS) {
      for (const link of [w.homepage, w.mobile_link, w.desktop_link, w.webapp_link]) {
        if (link === undefined) continue
        expect(link, w.name).toMatch(/^(https:\/\/|[a-z][a-z0-9+.-]*:\/\/)/)
        expect(link.toLowerCase(), w.name).not.toMatch(/^(javascript|data|vbscript):/)
      }
    }
  })

  it('escapes a name in its generated icon', () => {
    const svg = walletIcon('x', '<script>alert(1)</script> Wallet')
    expect(svg).not.toContain('<script')
    expect(svg).toContain('&lt;')
  })

  it('makes the same synthetic wallets every time', () => {
    expect(syntheticWallets(3)).toEqual(syntheticWallets(3))
    expect(syntheticWallets(700)).toHaveLength(700)
  })
})

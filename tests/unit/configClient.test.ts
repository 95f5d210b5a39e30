/**
 * The `config` port's real client (src/remote/config) against the local reference config service
 * (services/config) on loopback, and against a server that fails: SPEC §7 paths and query, io-ts
 * decoding, SPEC §8 messages, SPEC §9's retry; and, with no config API set, the bundled catalog
 * with not a single request.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createServer, type Server } from 'node:http'
import { asyncScheduler, firstValueFrom, lastValueFrom, toArray } from 'rxjs'
import { AirlockError } from '../../src/kernel/errors'
import { createConfigClient, CONFIG_NOT_CONFIGURED } from '../../src/remote/config/client'
import { VERSION } from '../../src/version'
import { startConfigService } from '../../services/config/server.mjs'
import { WALLETS, walletIcon } from '../../services/config/catalog.mjs'

let service: Awaited<ReturnType<typeof startConfigService>>
/** Every URL the client fetched, in order. */
let urls: URL[] = []
const recordingFetch: typeof fetch = (input, init) => {
  urls.push(new URL(String(input)))
  return fetch(input, init)
}

/** A server that answers every request with `status` and counts them. */
async function failingServer(status: number): Promise<{ url: string; hits: () => number; close: () => Promise<void> }> {
  let hits = 0
  const server: Server = createServer((_req, res) => {
    hits += 1
    res.writeHead(status, { 'content-type': 'application/json' })
    res.end(JSON.stringify({ message: 'unavailable' }))
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  return { url: `http://127.0.0.1:${port}`, hits: () => hits, close: () => new Promise((resolve) => server.close(() => resolve())) }
}

/** A loopback port nothing listens on. */
async function closedPort(): Promise<string> {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return `http://127.0.0.1:${port}`
}

const client = (baseUrl: string | null, projectId = 'p1') => createConfigClient({ baseUrl, projectId, fetch: recordingFetch, scheduler: asyncScheduler })

beforeAll(async () => {
  service = await startConfigService({ allowedOrigins: ['https://shop.example'] })
})
afterAll(async () => {
  await service?.close()
})

describe('the config client over services/config (SPEC §7)', () => {
  it('GET /getWallets with every query parameter and projectId, st, sv; reads data and count', async () => {
    urls = []
    const page = await firstValueFrom(
      client(service.url).getWallets({ page: 1, entries: 5, exclude: [WALLETS[0]!.id], chains: ['eip155:1'], search: 'wallet', badgeType: undefined }),
    )
    expect(urls).toHaveLength(1)
    expect(urls[0]?.pathname).toBe('/getWallets')
    expect(Object.fromEntries(urls[0]!.searchParams)).toEqual({
      page: '1',
      entries: '5',
      exclude: WALLETS[0]!.id,
      chains: 'eip155:1',
      search: 'wallet',
      projectId: 'p1',
      st: 'airlock',
      sv: `airlock-html-${VERSION}`,
    })
    expect(page.count).toBeGreaterThan(5)
    expect(page.data).toHaveLength(5)
    for (const wallet of page.data) expect(wallet.name.toLowerCase()).toContain('wallet')
  })

  it("resolves each entry's image id into an image URL the service serves (SPEC §7 /getWalletImage)", async () => {
    const { data } = await firstValueFrom(client(service.url).getWallets({ page: 1, entries: 1, include: [WALLETS[1]!.id] }))
    const url = new URL(data[0]!.image_url ?? '')
    expect(url.pathname).toBe(`/getWalletImage/${WALLETS[1]!.image_id}`)
    expect(Object.fromEntries(url.searchParams)).toEqual({ projectId: 'p1', st: 'airlock', sv: `airlock-html-${VERSION}` })
    const image = await fetch(url)
    expect(image.headers.get('content-type')).toBe('image/svg+xml')
    expect(await image.text()).toBe(walletIcon(WALLETS[1]!.image_id, WALLETS[1]!.name))
    expect(client(service.url).imageUrl('token', 'usdc')).toBe(`${service.url}/public/getTokenImage/usdc?projectId=p1&st=airlock&sv=airlock-html-${VERSION}`)
  })

  it('reads features (unknown ids skipped), allowedOrigins and isAnalyticsEnabled', async () => {
    const features = await firstValueFrom(client(service.url).getFeatures())
    expect(features.map((f) => f.id)).toEqual(['email', 'social', 'swap', 'onramp', 'activity'])
    expect(await firstValueFrom(client(service.url).getAllowedOrigins())).toEqual(['https://shop.example'])
    expect(await firstValueFrom(client(service.url).getAnalyticsEnabled())).toBe(false)
  })

  it('a refused call fails with "HTTP status code: 401" and the server\'s message, tried once (SPEC §8)', async () => {
    urls = []
    const error = await firstValueFrom(client(service.url, '').getWallets({ page: 1, entries: 4 })).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(AirlockError)
    expect(error).toMatchObject({ message: 'HTTP status code: 401', code: 401, details: 'Unauthorized: invalid key' })
    expect(urls).toHaveLength(1)
    await expect(firstValueFrom(client(service.url, '').getFeatures())).rejects.toMatchObject({ details: 'Unauthorized: invalid key' })
  })

  it('origins and analytics fall back to an empty list and false on error (SPEC §7)', async () => {
    const down = await closedPort()
    expect(await firstValueFrom(client(down).getAllowedOrigins())).toEqual([])
    expect(await firstValueFrom(client(down).getAnalyticsEnabled())).toBe(false)
  })
})

describe("SPEC §9's retry for the catalog: 3 tries, 150 ms then 300 ms apart", () => {
  it('tries an unreachable service 3 times, then fails with "HTTP request failed"', async () => {
    urls = []
    const started = Date.now()
    const error = await lastValueFrom(client(await closedPort()).getWallets({ page: 1, entries: 40 })).catch((e: unknown) => e)
    expect(error).toMatchObject({ message: 'HTTP request failed' })
    expect(urls).toHaveLength(3)
    expect(Date.now() - started).toBeGreaterThanOrEqual(440)
  })

  it('tries a 503 three times and a 404 once', async () => {
    for (const [status, tries] of [
      [503, 3],
      [429, 3],
      [404, 1],
    ] as const) {
      const server = await failingServer(status)
      const error = await lastValueFrom(client(server.url).getWallets({ page: 1, entries: 40 })).catch((e: unknown) => e)
      expect(error).toMatchObject({ message: `HTTP status code: ${status}` })
      expect(server.hits()).toBe(tries)
      await server.close()
    }
  })

  it('remote features, origins and analytics are not retried: they have their SPEC §7 fallbacks', async () => {
    const server = await failingServer(503)
    await expect(firstValueFrom(client(server.url).getFeatures())).rejects.toMatchObject({ message: 'HTTP status code: 503' })
    expect(await firstValueFrom(client(server.url).getAllowedOrigins())).toEqual([])
    expect(server.hits()).toBe(2)
    await server.close()
  })
})

describe('with no config API set', () => {
  it('serves the bundled catalog (paged, searched, included and excluded locally) and fetches nothing', async () => {
    urls = []
    const config = client(null)
    expect(config.baseUrl).toBeUndefined()
    const all = await firstValueFrom(config.getWallets({ page: 1, entries: 100 }))
    expect(all.count).toBe(WALLETS.length)
    expect(all.data.map((w) => w.id)).toEqual(WALLETS.map((w) => w.id))
    const page2 = await firstValueFrom(config.getWallets({ page: 2, entries: 10, exclude: [WALLETS[0]!.id] }))
    expect(page2.data.map((w) => w.id)).toEqual(WALLETS.slice(11, 21).map((w) => w.id))
    const found = await firstValueFrom(config.getWallets({ page: 1, entries: 100, search: ' TRUST ' }))
    expect(found.data.map((w) => w.name)).toEqual(['Trust Wallet'])
    const solana = await firstValueFrom(config.getWallets({ page: 1, entries: 100, chains: ['solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1'] }))
    expect(solana.data.map((w) => w.name)).toContain('Phantom')
    expect(solana.data.map((w) => w.name)).not.toContain('MetaMask')
    expect(urls).toEqual([])
  })

  it('says "not configured" for features, and gives the SPEC §7 fallbacks for origins and analytics', async () => {
    urls = []
    const config = client(null)
    const error = await firstValueFrom(config.getFeatures()).catch((e: unknown) => e)
    expect(error).toBeInstanceOf(AirlockError)
    expect(error).toMatchObject({ message: CONFIG_NOT_CONFIGURED, category: 'INVALID_OPTIONS' })
    expect(await lastValueFrom(config.getAllowedOrigins().pipe(toArray()))).toEqual([[]])
    expect(await firstValueFrom(config.getAnalyticsEnabled())).toBe(false)
    expect(config.imageUrl('wallet', 'x')).toBeUndefined()
    expect(urls).toEqual([])
  })
})

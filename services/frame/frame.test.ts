/**
 * The secure frame in Chromium (issue 14 §1 and §5 "Security"), between a parent page on one
 * 127.0.0.1 port and the frame site on another, with the real auth service and its SMTP sink:
 * - READY reaches the parent, from the frame's origin;
 * - a message from another origin, from another window of the parent's origin, with a reused id,
 *   or of an unknown type changes nothing;
 * - a page whose origin the project does not allow gets INIT_ERROR where the frame is served
 *   without its header (a plain static host), and the frame server's frame-ancestors keeps the
 *   browser from rendering the frame in such a page at all;
 * - a whole email login, the code read from the sink, ends with GET_USER's address; the page holds
 *   no storage of it, the frame's IndexedDB holds a non-extractable key and sealed bytes, and a
 *   reloaded frame is still signed in with the same wallet.
 * `*.test` resolves to 127.0.0.1 (--host-resolver-rules): http://evil.test:<port> is a foreign origin.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { chromium, type Browser, type Frame, type Page } from 'playwright-core'
import { createServer, type Server } from 'node:http'
import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { TEST_CHROMIUM } from '../../scripts/ensure-chromium.mjs'
import { VERSION } from '../../src/version'
import { startAuthService, type AuthService } from '../auth/server.mjs'
import { startSmtpSink, type SmtpSink } from '../auth/smtpSink.mjs'
import { freePort } from '../chain/anvil.mjs'
import { buildFrame, type FrameBuild } from './build.mjs'
import { startFrameServer, type FrameServer } from './server.mjs'
import { idleMs } from '../../tests/support/until'

const CHAINS = [
  { chainId: 31337, rpcUrl: 'http://127.0.0.1:9/' },
  { chainId: 10, rpcUrl: 'http://127.0.0.1:9/' },
]

let smtp: SmtpSink
let auth: AuthService
let build: FrameBuild
let frame: FrameServer
let plainHost: Server
let plainUrl: string
let pages: Server
let pagesPort: number
let browser: Browser
/** Uncaught errors in any page or frame: none is expected. */
const problems: string[] = []
const outdir = mkdtempSync(join(tmpdir(), 'airlock-frame-chromium-'))

async function listen(server: Server, port = 0): Promise<number> {
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve))
  return (server.address() as { port: number }).port
}

beforeAll(async () => {
  const [framePort, plainPort] = [await freePort(), await freePort()]
  plainUrl = `http://127.0.0.1:${plainPort}`
  smtp = await startSmtpSink()
  auth = await startAuthService({
    smtp: { host: smtp.host, port: smtp.port },
    // Only SPEC §5's defaults: a 127.0.0.1 page is allowed, http://evil.test:<port> is not.
    projects: { p1: { allowedOrigins: [], smartAccountEnabledNetworks: [] } },
    frameOrigins: [`http://127.0.0.1:${framePort}`, plainUrl],
    log: () => {},
  })
  build = await buildFrame({ outdir })
  frame = await startFrameServer({ port: framePort, authUrl: auth.url, chains: CHAINS, outdir })
  // The same build on a plain static host with no security headers: the app's own checks alone.
  const files = new Map(build.files.map((f) => [`/${f.path}`, readFileSync(join(outdir, f.path))]))
  files.set('/', files.get('/index.html')!)
  files.set('/config.json', Buffer.from(JSON.stringify({ authUrl: auth.url, chains: CHAINS })))
  plainHost = createServer((request, response) => {
    const path = new URL(request.url ?? '/', 'http://x').pathname
    const body = files.get(path)
    const type = path.endsWith('.js') ? 'text/javascript' : path.endsWith('.json') ? 'application/json' : 'text/html'
    response.writeHead(body ? 200 : 404, { 'content-type': type }).end(body)
  })
  await listen(plainHost, plainPort)
  // Parent pages, on whatever host name they are asked for (127.0.0.1 or evil.test).
  pages = createServer((_request, response) => response.writeHead(200, { 'content-type': 'text/html' }).end('<!doctype html><title>page</title><body></body>'))
  pagesPort = await listen(pages)
  browser = await chromium.launch({
    executablePath: TEST_CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--host-resolver-rules=MAP *.test 127.0.0.1',
    ],
  })
}, idleMs(60_000))

afterAll(async () => {
  expect(problems).toEqual([])
  await browser?.close()
  await new Promise((resolve) => pages?.close(resolve))
  await new Promise((resolve) => plainHost?.close(resolve))
  await frame?.stop()
  await auth?.stop()
  await smtp?.stop()
  rmSync(outdir, { recursive: true, force: true })
})

interface Received {
  readonly origin: string
  readonly data: { type: string; id: string; payload: Record<string, unknown> }
}

/** A parent page at `pageOrigin` that loads the frame from `frameOrigin` as the modal does. */
async function openParent(pageHost: string, frameOrigin: string, projectId = 'p1'): Promise<Page> {
  const page = await browser.newPage()
  page.on('pageerror', (error) => problems.push(`${pageHost}: ${error.message}`))
  await page.goto(`http://${pageHost}:${pagesPort}/`)
  await page.evaluate(
    ({ src }) => {
      const w = window as unknown as { received: unknown[]; loadedAt: number }
      w.received = []
      const iframe = document.createElement('iframe')
      // Only what the frame says, as the page's frame host listens (its window, any origin: the test looks at both).
      window.addEventListener('message', (event) => {
        if (event.source === iframe.contentWindow) w.received.push({ origin: event.origin, data: event.data })
      })
      iframe.src = src
      iframe.setAttribute('sandbox', 'allow-scripts allow-same-origin')
      iframe.referrerPolicy = 'origin'
      w.loadedAt = performance.now()
      document.body.appendChild(iframe)
    },
    { src: `${frameOrigin}/?projectId=${projectId}&chainId=31337&version=${VERSION}&enableLogger=false` },
  )
  return page
}

const received = (page: Page) => page.evaluate(() => (window as unknown as { received: Received[] }).received)

async function waitFor(page: Page, type: string, count = 1): Promise<Received> {
  const handle = await page.waitForFunction(
    ({ type, count }) => (window as unknown as { received: Received[] }).received.filter((m) => m.data?.type === type)[count - 1],
    { type, count },
    { timeout: idleMs(10_000) },
  )
  return (await handle.jsonValue()) as Received
}

/** Posts `type` from the page to the frame and resolves to its reply. */
async function ask(page: Page, type: string, payload: unknown = {}, id: string = crypto.randomUUID()): Promise<Received['data']> {
  await send(page.mainFrame(), type, payload, id)
  const handle = await page.waitForFunction((id) => (window as unknown as { received: Received[] }).received.find((m) => m.data?.id === id), id, {
    timeout: idleMs(15_000),
  })
  return ((await handle.jsonValue()) as Received).data
}

/** Posts from `from` (the page, or a frame inside it) to the secure frame, the parent's first frame. */
function send(from: Frame, type: string, payload: unknown, id: string): Promise<void> {
  return from.evaluate(({ message, target }) => window.top!.frames[0]!.postMessage(message, target), {
    message: { channel: 'airlock-frame', id, type, payload },
    target: frame.url,
  })
}

/** A frame inside the page at `src`, resolved once loaded. */
async function childFrame(page: Page, src: string): Promise<Frame> {
  await page.evaluate((src) => {
    const child = document.createElement('iframe')
    child.src = src
    document.body.appendChild(child)
  }, src)
  const deadline = Date.now() + 5000
  for (;;) {
    const found = page.frames().find((f) => f.url() === src)
    if (found) {
      await found.waitForLoadState()
      return found
    }
    if (Date.now() > deadline) throw new Error(`no frame at ${src}`)
    await new Promise((resolve) => setTimeout(resolve, 20))
  }
}

describe('the secure frame in Chromium', () => {
  it('posts LOADING as its script starts, then READY, to its parent, from its own origin', async () => {
    const page = await openParent('127.0.0.1', frame.url)
    const ready = await waitFor(page, 'READY')
    // LOADING first (the page then waits for READY rather than take a slow start for a refusal).
    const [loading] = await received(page)
    expect(loading!.origin).toBe(frame.url)
    expect(loading!.data).toMatchObject({ channel: 'airlock-frame', type: 'LOADING', payload: {} })
    expect(ready.origin).toBe(frame.url)
    expect(ready.data).toMatchObject({ channel: 'airlock-frame', type: 'READY' })
    // It says which namespaces it serves (issue 26 §3): this site's config has EVM chains and no Solana RPC.
    expect((ready.data as { payload: unknown }).payload).toEqual({ version: VERSION, namespaces: ['eip155'] })
    const readyMs = await page.evaluate(() => performance.now() - (window as unknown as { loadedAt: number }).loadedAt)
    console.info(`frame READY ${readyMs.toFixed(0)} ms after the iframe was attached (script ${build.files[1]!.gzipBytes} bytes gzip)`)
    await page.close()
  })

  it('changes nothing for a message from another origin, another window, a reused id or an unknown type', async () => {
    const page = await openParent('127.0.0.1', frame.url)
    await waitFor(page, 'READY')
    const foreign = await childFrame(page, `http://evil.test:${pagesPort}/foreign`)
    const sibling = await childFrame(page, `http://127.0.0.1:${pagesPort}/sibling`)
    const ignored: string[] = [crypto.randomUUID(), crypto.randomUUID()]
    await send(foreign, 'SWITCH_NETWORK', { chainId: 10 }, ignored[0]!)
    await send(sibling, 'SWITCH_NETWORK', { chainId: 10 }, ignored[1]!)
    expect((await ask(page, 'GET_CHAIN_ID')).payload).toEqual({ chainId: 31337 })

    const id = crypto.randomUUID()
    expect(await ask(page, 'SWITCH_NETWORK', { chainId: 10 }, id)).toMatchObject({ type: 'SUCCESS', payload: { chainId: 10 } })
    await send(page.mainFrame(), 'SWITCH_NETWORK', { chainId: 31337 }, id)
    expect(await ask(page, 'EXPORT_PRIVATE_KEY')).toMatchObject({ type: 'ERROR', payload: { message: 'Message payloads must match known event types' } })
    expect((await ask(page, 'GET_CHAIN_ID')).payload).toEqual({ chainId: 10 })

    const replies = (await received(page)).filter((m) => m.data.type !== 'READY')
    expect(replies.filter((m) => ignored.includes(m.data.id))).toEqual([])
    expect(replies.filter((m) => m.data.id === id)).toHaveLength(1)
    expect(replies.every((m) => m.origin === frame.url)).toBe(true)
    await page.close()
  })

  it('refuses a page whose origin is not allowed: INIT_ERROR from the app, and no frame at all under the server’s frame-ancestors', async () => {
    const plain = await openParent('evil.test', plainUrl)
    expect((await waitFor(plain, 'INIT_ERROR')).data.payload).toEqual({ message: 'Unauthorized: origin not allowed' })
    const unknown = await openParent('127.0.0.1', plainUrl, 'nope')
    expect((await waitFor(unknown, 'INIT_ERROR')).data.payload).toEqual({ message: 'Unauthorized: invalid key' })

    const framed = await openParent('evil.test', frame.url)
    const unknownProject = await openParent('127.0.0.1', frame.url, 'nope')
    for (const page of [framed, unknownProject]) {
      // The browser puts its error page where the frame would be; the frame's script never runs.
      await page.waitForFunction(() => document.querySelector('iframe') !== null)
      const deadline = Date.now() + 5000
      while (!page.frames()[1]?.url().startsWith('chrome-error:') && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20))
      expect(page.frames()[1]?.url()).toBe('chrome-error://chromewebdata/')
      await new Promise((resolve) => setTimeout(resolve, 300))
      expect(await received(page)).toEqual([])
    }
    for (const page of [plain, unknown, framed, unknownProject]) await page.close()
  })

  it('signs in by email with the code from the sink; the page holds nothing, the frame keeps the wallet over a reload', async () => {
    const page = await openParent('127.0.0.1', frame.url)
    await waitFor(page, 'READY')
    const email = 'chromium@example.com'
    const since = Date.now()
    expect((await ask(page, 'CONNECT_EMAIL', { email })).payload).toEqual({ action: 'VERIFY_OTP' })
    const mail = await smtp.waitForMail({ to: email, since })
    const otp = /^\d{6}$/m.exec(mail.text)![0]
    expect(await ask(page, 'CONNECT_OTP', { otp })).toMatchObject({ type: 'SUCCESS', payload: {} })
    const user = (await ask(page, 'GET_USER', { chainId: 31337, preferredAccountType: 'eoa' })).payload
    expect(user).toMatchObject({ email, provider: 'email', chainId: 31337, preferredAccountType: 'eoa' })
    expect(user['address']).toMatch(/^0x[0-9a-fA-F]{40}$/)

    // The page's own storage is untouched.
    expect(
      await page.evaluate(async () => ({
        local: localStorage.length,
        session: sessionStorage.length,
        cookie: document.cookie,
        idb: (await indexedDB.databases()).length,
      })),
    ).toEqual({
      local: 0,
      session: 0,
      cookie: '',
      idb: 0,
    })
    // The frame's IndexedDB: a device key script cannot export, the keys only as sealed bytes.
    const secureFrame = page.frames()[1]!
    const stored = await secureFrame.evaluate(async () => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const open = indexedDB.open('airlock-frame')
        open.onsuccess = () => resolve(open.result)
        open.onerror = () => reject(open.error)
      })
      const all = await new Promise<[IDBValidKey[], unknown[]]>((resolve) => {
        const store = db.transaction('kv').objectStore('kv')
        const keys = store.getAllKeys()
        const values = store.getAll()
        values.onsuccess = () => resolve([keys.result, values.result])
      })
      const [names, values] = all
      const entries = Object.fromEntries(names.map((name, i) => [String(name), values[i]]))
      const key = entries['deviceKey'] as CryptoKey
      const wallet = Object.entries(entries).find(([name]) => name.startsWith('wallet:'))![1] as { iv: Uint8Array; data: Uint8Array }
      return {
        names: names.map(String).map((n) =>
          n
            .replace(/^wallet:.*/, 'wallet:<user>')
            .replace(/^share:(device|recovery):.*/, 'share:$1:<user>')
            .replace(/^usedChains:.*/, 'usedChains:<user>'),
        ),
        keyIsCryptoKey: key instanceof CryptoKey,
        extractable: key.extractable,
        exported: await crypto.subtle.exportKey('raw', key).then(
          () => 'exported',
          () => 'refused',
        ),
        sealed: wallet.iv instanceof Uint8Array && wallet.data instanceof Uint8Array ? wallet.data.length : 0,
        // The backup key's shares this device keeps (the device's and the recovery code's), sealed the same way.
        shares: Object.entries(entries)
          .filter(([name]) => name.startsWith('share:'))
          .map(([, value]) => {
            const { iv, data } = value as { iv: Uint8Array; data: Uint8Array }
            return iv instanceof Uint8Array && data instanceof Uint8Array ? data.length : 0
          }),
      }
    })
    expect(stored).toEqual({
      // usedChains: the chains switched to without asking again (not a secret).
      names: ['deviceId', 'deviceKey', 'session', 'share:device:<user>', 'share:recovery:<user>', 'usedChains:<user>', 'wallet:<user>'].sort(),
      keyIsCryptoKey: true,
      extractable: false,
      exported: 'refused',
      sealed: 64 + 16,
      shares: [33 + 16, 33 + 16],
    })

    expect((await ask(page, 'RELOAD')).type).toBe('SUCCESS')
    await waitFor(page, 'READY', 2)
    expect((await ask(page, 'IS_CONNECTED')).payload).toEqual({ isConnected: true })
    expect((await ask(page, 'GET_USER', { chainId: 31337, preferredAccountType: 'eoa' })).payload['address']).toBe(user['address'])
    await page.close()
  })
})

/**
 * The frame site's server: the built frame and its config, under a strict CSP whose
 * frame-ancestors is the project's allowed origins plus SPEC §5's defaults ('none' for an unknown
 * project, and when the auth service cannot say), against the real auth service.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createHash } from 'node:crypto'
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { startAuthService, type AuthService } from '../auth/server.mjs'
import { startSmtpSink, type SmtpSink } from '../auth/smtpSink.mjs'
import { buildFrame, type FrameBuild } from './build.mjs'
import { cspSource, frameAncestors, startFrameServer, type FrameServer } from './server.mjs'
import { idleMs } from '../../tests/support/until'

const DEFAULTS =
  'http://localhost:* https://localhost:* http://127.0.0.1:* https://127.0.0.1:* https://*.pages.dev https://*.vercel.app https://*.ngrok.io https://*.ngrok-free.app'

let smtp: SmtpSink
let auth: AuthService | undefined
let build: FrameBuild
let frame: FrameServer
const folders: string[] = []

beforeAll(async () => {
  smtp = await startSmtpSink()
  auth = await startAuthService({
    smtp: { host: smtp.host, port: smtp.port },
    projects: {
      p1: {
        allowedOrigins: ['https://shop.example', 'https://*.Example.com/', 'https://bad.example; script-src *', "'unsafe-inline'", 'https://bücher.example'],
        smartAccountEnabledNetworks: [],
      },
      p2: { allowedOrigins: [], smartAccountEnabledNetworks: [] },
    },
    frameOrigins: [],
    log: () => {},
  })
  const outdir = mkdtempSync(join(tmpdir(), 'airlock-frame-test-'))
  folders.push(outdir)
  build = await buildFrame({ outdir })
  frame = await startFrameServer({
    authUrl: auth.url,
    chains: [
      { chainId: 31337, rpcUrl: 'http://127.0.0.1:8545/', bundlerUrl: 'http://127.0.0.1:4337/rpc' },
      { chainId: 31338, rpcUrl: 'http://127.0.0.1:8546/?key=1' },
    ],
    solana: { rpcUrl: 'http://127.0.0.1:8899' },
    outdir,
  })
}, idleMs(60_000))

afterAll(async () => {
  await frame?.stop()
  await auth?.stop()
  await smtp?.stop()
  for (const folder of folders) rmSync(folder, { recursive: true, force: true })
})

const policy = (response: Response) =>
  Object.fromEntries(
    (response.headers.get('content-security-policy') ?? '').split('; ').map((directive) => {
      const [name, ...values] = directive.split(' ')
      return [name, values.join(' ')]
    }),
  )

describe('the frame page', () => {
  it("is framed only by the project's allowed origins and SPEC §5's defaults, under a strict policy", async () => {
    const response = await fetch(`${frame.url}/?projectId=p1&chainId=31337&version=0.1.0&enableLogger=false`)
    expect(response.status).toBe(200)
    expect(frame.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    const csp = policy(response)
    // The two patterns that are not origins (one tries to add a directive) are dropped; the IDN is in punycode.
    expect(csp['frame-ancestors']).toBe(`https://shop.example https://*.example.com https://xn--bcher-kva.example ${DEFAULTS}`)
    expect(csp).toEqual({
      'default-src': "'none'",
      'script-src': "'self'",
      'connect-src': `'self' ${auth!.url} http://127.0.0.1:8545 http://127.0.0.1:4337 http://127.0.0.1:8546 http://127.0.0.1:8899`,
      'base-uri': "'none'",
      'form-action': "'none'",
      'frame-ancestors': csp['frame-ancestors'],
      'require-trusted-types-for': "'script'",
      'trusted-types': "'none'",
    })
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    expect(response.headers.get('referrer-policy')).toBe('no-referrer')
    expect(response.headers.get('cache-control')).toBe('no-store')
    const html = await response.text()
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)|<style|\sstyle=|\son[a-z]+=/i)
    expect(html).toContain(`src="./${build.script}"`)
  })

  it('is framed by no one for a project with no origins of its own but the defaults, an unknown project, or none', async () => {
    const ancestors = async (query: string) => policy(await fetch(`${frame.url}/${query}`))['frame-ancestors']
    expect(await ancestors('?projectId=p2')).toBe(DEFAULTS)
    expect(await ancestors('?projectId=nope')).toBe("'none'")
    expect(await ancestors('')).toBe("'none'")
    expect(await ancestors('?projectId=p1%3B%20script-src%20*')).toBe("'none'")
    expect(await ancestors('index.html?projectId=p1')).toContain('https://shop.example')
  })

  it('serves the script named by its hash, pinned by the page, cached for good', async () => {
    const html = await (await fetch(`${frame.url}/?projectId=p1`)).text()
    const integrity = /integrity="([^"]+)"/.exec(html)?.[1]
    const response = await fetch(`${frame.url}/${build.script}`)
    const body = Buffer.from(await response.arrayBuffer())
    expect(integrity).toBe(`sha384-${createHash('sha384').update(body).digest('base64')}`)
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8')
    expect(response.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(response.headers.get('x-content-type-options')).toBe('nosniff')
    expect(build.files.map((f) => f.path)).toEqual(['index.html', build.script])
    expect(build.files[1]!.bytes).toBe(body.byteLength)
  })

  it('answers its config and nothing else', async () => {
    const config = await fetch(`${frame.url}/config.json`)
    expect(config.headers.get('cache-control')).toBe('no-cache')
    expect(await config.json()).toEqual({
      authUrl: auth!.url,
      chains: [
        { chainId: 31337, rpcUrl: 'http://127.0.0.1:8545/', bundlerUrl: 'http://127.0.0.1:4337/rpc' },
        { chainId: 31338, rpcUrl: 'http://127.0.0.1:8546/?key=1' },
      ],
      solana: { rpcUrl: 'http://127.0.0.1:8899' },
    })
    for (const path of ['/app/main.ts', '/../package.json', '/%2e%2e/package.json', '/build.mjs', '/index.htm']) {
      expect((await fetch(`${frame.url}${path}`)).status, path).toBe(404)
    }
    expect((await fetch(`${frame.url}/`, { method: 'POST', body: '{}' })).status).toBe(405)
  })
})

describe('allowed origins as CSP sources', () => {
  it('pass only what the CSP grammar reads as one origin pattern', () => {
    expect(cspSource('https://shop.example')).toBe('https://shop.example')
    expect(cspSource('http://127.0.0.1:*')).toBe('http://127.0.0.1:*')
    expect(cspSource('https://*.Example.COM:8443/')).toBe('https://*.example.com:8443')
    // CSP's host-source grammar has no IPv6 literal: Chromium warns and ignores one.
    expect(cspSource('http://[::1]:*')).toBeUndefined()
    for (const bad of [
      '*',
      "'self'",
      'https://a.example/path',
      'https://a.example b.example',
      'https://a.example;',
      'javascript:alert(1)',
      'https://*',
      'https://user@a.example',
      'ftp://a.example',
      '',
      42,
    ]) {
      expect(cspSource(bad), String(bad)).toBeUndefined()
    }
    expect(frameAncestors([])).toBe(DEFAULTS)
  })
})

describe('the server', () => {
  it('builds into a folder of its own when given none, and removes it on stop', async () => {
    const own = await startFrameServer({ authUrl: auth!.url })
    const page = await (await fetch(`${own.url}/?projectId=p1`)).text()
    expect(page).toMatch(/src="\.\/main-[A-Za-z0-9]+\.js"/)
    expect(existsSync(join(own.outdir, 'index.html'))).toBe(true)
    await own.stop()
    expect(existsSync(own.outdir)).toBe(false)
  })

  it('serves a folder that holds a build as it is', async () => {
    const before = statSync(join(build.outdir, 'index.html')).mtimeMs
    const again = await startFrameServer({ authUrl: auth!.url, outdir: build.outdir })
    try {
      expect(await (await fetch(`${again.url}/${build.script}`)).text()).toBe(await (await fetch(`${frame.url}/${build.script}`)).text())
      expect(statSync(join(build.outdir, 'index.html')).mtimeMs).toBe(before)
    } finally {
      await again.stop()
    }
  })

  it('keeps a project’s origins for a while, and fails closed when the auth service cannot answer', async () => {
    await fetch(`${frame.url}/?projectId=p1`)
    await auth!.stop()
    auth = undefined
    expect(policy(await fetch(`${frame.url}/?projectId=p1`))['frame-ancestors']).toContain('https://shop.example')
    expect(policy(await fetch(`${frame.url}/?projectId=p3`))['frame-ancestors']).toBe("'none'")
  })
})

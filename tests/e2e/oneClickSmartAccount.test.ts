/**
 * One-click sign-in by a contract account (issue 28 §4, §5), in real Chromium on the demo stack:
 * the page (`?namespaces=eip155&siwx=required`) pairs through the local relay with the real
 * sign-client wallet in this Node process, which answers `wc_sessionAuthenticate` with a CACAO of
 * type eip1271 signed for a SiwxSmartWallet (tests/support/smartAccount.ts) by its owner:
 *
 * - (a) deployed on the first chain (ERC-1271): connected and signed in as the contract's address;
 * - (b) not deployed yet (ERC-6492: the owner's signature wrapped with its CREATE2 deployment):
 *   connected and signed in, and the account is still not deployed afterwards;
 * - (c) a signature that is not the account's (another key's): not connected, CONNECT_ERROR
 *   "Sign-in refused: the signature is not the address’s", nothing kept at the sessions service.
 *
 * sign-client would check an eip1271 CACAO itself by POSTing to rpc.walletconnect.org; every
 * request of the page, its frames and workers is recorded (as tests/e2e/complaintHosts.test.ts
 * does): none goes to rpc.walletconnect.org or any host the site did not configure, and the page's
 * check went to the site's own RPC of that chain (an `eth_call`).
 *
 * The wallet's side: its sign-client checks the CACAO too before sending it (a wallet's own
 * business, in this Node process, not the page's): its `fetch` to rpc.walletconnect.org is answered
 * here by the local chain (viem's verifyHash on anvil: ERC-1271 and ERC-6492 as a node answers the
 * eth_call), or, for (c), by a wallet that vouches for any signature — a wallet that lies is what
 * the page must not trust.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { BrowserContext, Page, Request as PageRequest } from 'playwright-core'
import { createPublicClient, http, sliceHex, hexToBigInt, type Address, type Hex } from 'viem'
import { verifyHash } from 'viem/actions'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { ensureBuilt } from '../../esbuild.config.mjs'
import { startDemoStack } from '../../services/demoStack.mjs'
import { startRelayWallet, type RelayWallet, type SignInSigner } from '../support/relayWallet'
import { counterfactualAccount, deploySmartAccount } from '../support/smartAccount'
import { launchChromium } from './browser'
import { idleMs } from '../support/until'

const owner = privateKeyToAccount(generatePrivateKey())
const stranger = privateKeyToAccount(generatePrivateKey())
const WALLETCONNECT_RPC = 'rpc.walletconnect.org'

let stack: Awaited<ReturnType<typeof startDemoStack>>
let deployed: Address
/** A second deployed account of the same owner, for the refused sign-in. */
let refused: Address
const contexts: BrowserContext[] = []
const wallets: RelayWallet[] = []
const realFetch = globalThis.fetch
/** What the wallet's sign-client asked its RPC (rpc.walletconnect.org), answered here. */
const walletChecks: string[] = []
let walletVouches = false

/** The wallet's RPC: sign-client's eip1271 `eth_call` (isValidSignature(hash, signature) on `to`), answered by the chain, or vouched for. */
async function walletRpc(url: URL, init: RequestInit | undefined): Promise<Response> {
  const body = JSON.parse(String(init?.body)) as { id: number; params: [{ to: Address; data: Hex }] }
  const { to, data } = body.params[0]
  walletChecks.push(`${url.searchParams.get('chainId')} ${to}`)
  const hash = sliceHex(data, 4, 36)
  const length = Number(hexToBigInt(sliceHex(data, 68, 100)))
  const signature = sliceHex(data, 100, 100 + length)
  const rpcUrl = stack.chains.find((c) => `eip155:${c.chainId}` === url.searchParams.get('chainId'))!.rpcUrl
  const valid = walletVouches || (await verifyHash(createPublicClient({ transport: http(rpcUrl) }), { address: to, hash, signature }))
  const result = valid ? `0x1626ba7e${'0'.repeat(56)}` : `0xffffffff${'0'.repeat(56)}`
  return new Response(JSON.stringify({ jsonrpc: '2.0', id: body.id, result }), { headers: { 'content-type': 'application/json' } })
}

beforeAll(async () => {
  await ensureBuilt()
  stack = await startDemoStack({ embedded: false, accountServices: false })
  deployed = await deploySmartAccount(stack.chains[0]!.rpcUrl, owner.address)
  refused = await deploySmartAccount(stack.chains[0]!.rpcUrl, owner.address)
  globalThis.fetch = (input, init) => {
    const url = new URL(input instanceof Request ? input.url : String(input))
    return url.hostname === WALLETCONNECT_RPC ? walletRpc(url, init) : realFetch(input, init)
  }
}, idleMs(120_000))

afterAll(async () => {
  globalThis.fetch = realFetch
  for (const wallet of wallets) await wallet.close()
  for (const context of contexts) await context.close()
  await stack?.stop()
})

async function wallet(signer: SignInSigner): Promise<RelayWallet> {
  const [a, b] = stack.chains
  const started = await startRelayWallet({
    relayUrl: stack.relayUrl,
    name: 'Node Smart Wallet',
    rpcUrls: { [`eip155:${a!.chainId}`]: a!.rpcUrl, [`eip155:${b!.chainId}`]: b!.rpcUrl },
    authenticate: signer,
  })
  wallets.push(started)
  return started
}

/** Every http(s)/ws(s) URL anywhere in `value` (the demo's env.json). */
function urlsIn(value: unknown): string[] {
  if (typeof value === 'string') return /^(https?|wss?):\/\//.test(value) ? [value] : []
  if (Array.isArray(value)) return value.flatMap(urlsIn)
  if (value && typeof value === 'object') return Object.values(value).flatMap(urlsIn)
  return []
}

/** A URL's host:port, the port spelled out (undefined for data:, blob:, about:). */
function hostPort(url: string): string | undefined {
  const parsed = new URL(url)
  if (!/^(https?|wss?):$/.test(parsed.protocol)) return undefined
  const port = parsed.port || ({ 'http:': '80', 'ws:': '80', 'https:': '443', 'wss:': '443' } as Record<string, string>)[parsed.protocol]
  return `${parsed.hostname}:${port}`
}

interface Visit {
  page: Page
  requests: { url: string; kind: string; body: string | null }[]
  problems: string[]
}

async function openDemo(): Promise<Visit> {
  const context = await launchChromium()
  contexts.push(context)
  const requests: Visit['requests'] = []
  const problems: string[] = []
  context.on('request', (request: PageRequest) => requests.push({ url: request.url(), kind: request.resourceType(), body: request.postData() }))
  context.on('page', (page) => page.on('websocket', (socket) => requests.push({ url: socket.url(), kind: 'websocket', body: null })))
  // Recorded above first; nothing outside loopback is let through.
  await context.route('**/*', (route) => (new URL(route.request().url()).hostname === '127.0.0.1' ? route.continue() : route.abort()))
  const page = context.pages()[0] ?? (await context.newPage())
  page.on('websocket', (socket) => requests.push({ url: socket.url(), kind: 'websocket', body: null }))
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`))
  await page.goto(`${stack.url}?namespaces=eip155&siwx=required`)
  await page.getByText('Airlock is running').waitFor()
  await page.evaluate(() => {
    const seen: { type: string; payload: unknown }[] = []
    ;(window as unknown as { seen: typeof seen }).seen = seen
    window.airlock.subscribeEvents((event) => seen.push({ type: event.type, payload: (event as { payload?: unknown }).payload }))
  })
  return { page, requests, problems }
}

async function pairWith(page: Page, phone: RelayWallet): Promise<void> {
  await page.getByRole('button', { name: 'Connect wallet', exact: true }).click()
  await page.getByRole('dialog').getByRole('button', { name: 'WalletConnect' }).click()
  const uri = await page.waitForFunction(() => window.airlock.getState().connection.wcUri, undefined, { timeout: idleMs(30_000) })
  await phone.pair((await uri.jsonValue()) as string)
}

/** The visit's requests outside the hosts the site configured (the page's own and every service URL its env.json names). */
async function unconfigured(visit: Visit): Promise<string[]> {
  const env = (await (await realFetch(new URL('env.json', stack.url))).json()) as unknown
  const configured = new Set([stack.url, ...urlsIn(env)].map((url) => hostPort(url)!))
  return visit.requests.filter((r) => hostPort(r.url) !== undefined && !configured.has(hostPort(r.url)!)).map((r) => `${r.kind} ${r.url}`)
}

/** The page's eth_calls to the first chain's RPC (the site's). */
const ethCalls = (visit: Visit) =>
  visit.requests.filter((r) => r.url.startsWith(new URL(stack.chains[0]!.rpcUrl).origin) && (r.body ?? '').includes('"eth_call"'))

const sessionsOf = async (address: string) => (await stack.sessions.sessions()).filter((s) => s.data.accountAddress === address && !s.revoked)

async function signedIn(visit: Visit, address: string, type: string): Promise<void> {
  const { page } = visit
  await page.waitForFunction(() => window.airlock.getState().siwx?.hasSession === true, undefined, { timeout: idleMs(30_000) })
  const state = await page.evaluate(() => {
    const s = window.airlock.getState()
    return { connected: s.connection.connectedNamespaces, address: s.account.accounts.eip155?.address }
  })
  expect(state).toEqual({ connected: ['eip155'], address })
  const [session, ...more] = await sessionsOf(address)
  expect(more).toEqual([])
  expect(session!.data).toMatchObject({ chainId: `eip155:${stack.chains[0]!.chainId}`, accountAddress: address })
  expect(session!.cacao).toMatchObject({ p: { iss: `did:pkh:eip155:${stack.chains[0]!.chainId}:${address}` }, s: { t: type } })
}

describe('one-click sign-in by a contract account: checked through the site’s own RPC, never rpc.walletconnect.org (issue 28 §4, §5)', () => {
  it(
    '(a) ERC-1271: a deployed smart account’s eip1271 CACAO connects and signs in; no request leaves for rpc.walletconnect.org or any unconfigured host',
    async () => {
      walletVouches = false
      walletChecks.length = 0
      const phone = await wallet({ address: deployed, type: 'eip1271', sign: (message) => owner.signMessage({ message }) })
      const visit = await openDemo()
      await pairWith(visit.page, phone)
      await signedIn(visit, deployed, 'eip1271')
      expect(phone.authentications).toHaveLength(1)
      expect(phone.proposals()).toBe(0)
      // The wallet's own sign-client asked its RPC (here, in Node); the page asked the site's.
      expect(walletChecks).toEqual([`eip155:${stack.chains[0]!.chainId} ${deployed}`])
      expect(ethCalls(visit).length).toBeGreaterThanOrEqual(1)
      expect(visit.requests.filter((r) => r.url.includes(WALLETCONNECT_RPC))).toEqual([])
      expect(await unconfigured(visit)).toEqual([])
      expect(visit.problems).toEqual([])
    },
    idleMs(90_000),
  )

  it(
    '(b) ERC-6492: an undeployed smart account’s wrapped signature connects and signs in; the account stays undeployed; no unconfigured host asked',
    async () => {
      walletVouches = false
      const counterfactual = counterfactualAccount(owner)
      const chain = createPublicClient({ transport: http(stack.chains[0]!.rpcUrl) })
      expect(await chain.getCode({ address: counterfactual.address })).toBeUndefined()
      const phone = await wallet({ address: counterfactual.address, type: 'eip1271', sign: (message) => counterfactual.signMessage(message) })
      const visit = await openDemo()
      await pairWith(visit.page, phone)
      await signedIn(visit, counterfactual.address, 'eip1271')
      expect((await sessionsOf(counterfactual.address))[0]!.signature).toMatch(/6492649264926492649264926492649264926492649264926492649264926492$/)
      expect(await chain.getCode({ address: counterfactual.address })).toBeUndefined()
      expect(ethCalls(visit).length).toBeGreaterThanOrEqual(1)
      expect(visit.requests.filter((r) => r.url.includes(WALLETCONNECT_RPC))).toEqual([])
      expect(await unconfigured(visit)).toEqual([])
      expect(visit.problems).toEqual([])
    },
    idleMs(90_000),
  )

  it(
    '(c) a signature that is not the account’s: refused with a clear error, not connected, nothing kept, no unconfigured host asked',
    async () => {
      // A wallet that vouches for any signature: the page must check it itself.
      walletVouches = true
      const phone = await wallet({ address: refused, type: 'eip1271', sign: (message) => stranger.signMessage({ message }) })
      const visit = await openDemo()
      await pairWith(visit.page, phone)
      const failure = await visit.page.waitForFunction(
        () => (window as unknown as { seen: { type: string; payload: unknown }[] }).seen.find((e) => e.type === 'CONNECT_ERROR')?.payload,
        undefined,
        { timeout: idleMs(30_000) },
      )
      expect(await failure.jsonValue()).toMatchObject({ message: 'Sign-in refused: the signature is not the address’s' })
      expect(await visit.page.evaluate(() => window.airlock.getState().connection.connectedNamespaces)).toEqual([])
      expect(await visit.page.evaluate(() => window.airlock.getState().siwx?.hasSession ?? false)).toBe(false)
      expect(await sessionsOf(refused)).toEqual([])
      expect(phone.authentications).toHaveLength(1)
      expect(ethCalls(visit).length).toBeGreaterThanOrEqual(1)
      expect(visit.requests.filter((r) => r.url.includes(WALLETCONNECT_RPC))).toEqual([])
      expect(await unconfigured(visit)).toEqual([])
      expect(visit.problems).toEqual([])
    },
    idleMs(90_000),
  )
})

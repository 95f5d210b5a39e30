/**
 * Identity sync (SPEC §4, §9 5-minute cache) with real parts: createAirlock with the built-in
 * plugins, a real wallet on a real anvil with the demo name contract, and the self-hosted
 * Blockchain API reading identities from it. The failure shape (the identity path answering 500)
 * comes from a proxy in front of the real service that fails only that path.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { startAnvil, type Anvil } from '../../../services/chain/anvil.mjs'
import { startAccountServices, type AccountServices } from '../../../services/accountStack.mjs'
import { createAirlock, defineChain, type AirlockInstance } from '../../index'
import { memoryStorage } from '../../kernel/deps'
import { selectActiveAccount } from 'airlock/plugin'
import { localWallet } from '../../../tests/support/localWallet'
import { IDENTITY_CACHE_MS } from './state'
import { announcingPage } from '../../../tests/support/announcingPage'
import { until } from '../../../tests/support/until'

let anvil: Anvil
let stack: AccountServices
let proxy: Server
let proxyUrl = ''
const proxied: string[] = []
/** When set, the proxy fails the reverse lookup (GET /v1/profile/reverse/…) too. */
let failReverse = false
// Each start waits for readiness (anvil answering eth_chainId, each deployment's receipt, the API
// listening), which takes 2 s alone and a multiple of it on a busy machine: a clock of its own here
// (60 s once) failed a slow start that was not stuck. vitest.config.ts's hookTimeout is the limit, for a hang.
beforeAll(async () => {
  anvil = await startAnvil({ chainId: 31337 })
  stack = await startAccountServices({ chain: { chainId: 31337, rpcUrl: anvil.url }, history: 2 })
  // Forwards to the real service, except GET /v1/identity/…, which answers 500.
  proxy = createServer(async (req, res) => {
    proxied.push(req.url ?? '')
    if ((req.url ?? '').startsWith('/v1/identity/') || (failReverse && (req.url ?? '').startsWith('/v1/profile/reverse/')))
      return void res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":"down"}')
    try {
      const answer = await fetch(`${stack.apiUrl}${req.url}`)
      res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' })
      res.end(Buffer.from(await answer.arrayBuffer()))
    } catch {
      // The service dropped the connection (a test ended, or a loaded machine): the page sees a
      // dropped connection too, never an unhandled rejection in the test run (CI on a busy machine).
      res.destroy()
    }
  })
  await new Promise<void>((resolve) => proxy.listen(0, '127.0.0.1', resolve))
  proxyUrl = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`
})
afterAll(async () => {
  proxy?.closeAllConnections()
  await new Promise<void>((resolve) => (proxy ? proxy.close(() => resolve()) : resolve()))
  await stack?.stop()
  await anvil?.stop()
})

const running: AirlockInstance[] = []
afterEach(() => running.splice(0).forEach((airlock) => airlock.destroy()))

async function start(options: { blockchain: string; testnet?: boolean; privateKey?: `0x${string}`; now?: () => number; chain?: Anvil }) {
  const node = options.chain ?? anvil
  const local = defineChain({
    id: node.chainId,
    name: 'Local',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [node.url] } },
    ...(options.testnet && { testnet: true }),
  })
  const wallet = localWallet({ rpcUrl: node.url, chainId: node.chainId, ...(options.privateKey && { privateKey: options.privateKey }) })
  const airlock = createAirlock(
    { projectId: 'test', networks: [local], disableAppend: true, apiUrls: { config: 'http://127.0.0.1:9/api', blockchain: options.blockchain } },
    {
      deps: {
        storage: memoryStorage(),
        window: announcingPage(wallet),
        logger: { warn: () => undefined, error: () => undefined },
        ...(options.now && { clock: { now: options.now } }),
      },
    },
  )
  running.push(airlock)
  await airlock.ready()
  await airlock.connect('local.wallet')
  // The account plugins load once the modal has opened (deferUntilOpened).
  await airlock.open()
  return airlock
}

const profile = (airlock: AirlockInstance) => {
  const account = selectActiveAccount(airlock.getState())
  return { name: account?.profileName ?? null, image: account?.profileImage ?? null }
}

describe('identity sync (SPEC §4)', () => {
  it('shows the connected account’s name and avatar from the name contract, through the API', async () => {
    const airlock = await start({ blockchain: stack.apiUrl })
    // The name and the avatar may land in two steps: wait for both (a loaded machine showed the first alone).
    await until(() => profile(airlock).name !== null && profile(airlock).image !== null)
    expect(profile(airlock)).toEqual({ name: 'demo.airlock.eth', image: `${stack.apiUrl}/media/avatar.svg` })
  })

  it('keeps an identity 5 minutes: within them a reconnect asks nothing; after them it asks again', async () => {
    let now = 1_000_000
    const first = await start({ blockchain: proxyUrl, now: () => now })
    // Through the proxy the identity fails: the fallback is the API's own name service (reverse), no image.
    await until(() => profile(first).name !== null)
    expect(profile(first)).toEqual({ name: 'demo.airlock.eth', image: null })
    const identityCalls = () => proxied.filter((url) => url.startsWith('/v1/identity/')).length
    const before = identityCalls()
    // A failed read is not cached: the next change of account asks again.
    await first.disconnect()
    await first.connect('local.wallet')
    await until(() => identityCalls() > before)
    // A successful read is: the real service, twice within 5 minutes, then past them.
    const airlock = await start({ blockchain: stack.apiUrl, now: () => now })
    await until(() => profile(airlock).name !== null)
    expect(airlock.getState().identity?.byAddress[stack.holder.toLowerCase()]).toMatchObject({ name: 'demo.airlock.eth', at: now })
    await airlock.disconnect()
    now += IDENTITY_CACHE_MS - 1
    await airlock.connect('local.wallet')
    await until(() => profile(airlock).name !== null)
    expect(airlock.getState().identity?.byAddress[stack.holder.toLowerCase()]?.at).toBe(1_000_000)
    await airlock.disconnect()
    now += 2
    await airlock.connect('local.wallet')
    await until(() => airlock.getState().identity?.byAddress[stack.holder.toLowerCase()]?.at === now)
  })

  it('when the fallback fails too: "Error fetching names for address" is said (SPEC §8), not swallowed, and name and image are cleared', async () => {
    failReverse = true
    try {
      const calls = proxied.length
      const airlock = await start({ blockchain: proxyUrl })
      const failures: unknown[] = []
      const seen = airlock._internal.events$.subscribe((event) => {
        if (event.type === 'IDENTITY_NAMES_FAILED') failures.push(event.payload)
      })
      // The plugins load once the modal opened: the failure may have come before the subscription; a reconnect asks again.
      await airlock.disconnect()
      await airlock.connect('local.wallet')
      await until(() => failures.length > 0)
      seen.unsubscribe()
      expect(failures[0]).toEqual({ address: stack.holder.toLowerCase(), message: 'Error fetching names for address' })
      expect(proxied.slice(calls).some((url) => url.startsWith('/v1/profile/reverse/'))).toBe(true)
      expect(profile(airlock)).toEqual({ name: null, image: null })
    } finally {
      failReverse = false
    }
  })

  it('an account with no name has neither name nor image', async () => {
    // anvil's fourth development key: no name registered.
    const airlock = await start({ blockchain: stack.apiUrl, privateKey: '0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6' })
    await until(() => airlock.getState().identity !== undefined && Object.keys(airlock.getState().identity!.byAddress).length > 0)
    expect(profile(airlock)).toEqual({ name: null, image: null })
  })

  it('on a testnet nothing is asked and both are cleared', async () => {
    const calls = proxied.length
    const airlock = await start({ blockchain: proxyUrl, testnet: true })
    await new Promise((resolve) => setTimeout(resolve, 200))
    expect(profile(airlock)).toEqual({ name: null, image: null })
    expect(proxied.slice(calls).filter((url) => url.startsWith('/v1/identity/') || url.startsWith('/v1/profile/'))).toEqual([])
  })

  it('on chain 1 a failed read clears both: no fallback name is asked (SPEC §4 "unless chain id is 1")', async () => {
    // The same account, whose name the API's own name service knows (the fallback finds it on 31337, above).
    const mainnet = await startAnvil({ chainId: 1 })
    try {
      const airlock = await start({ blockchain: proxyUrl, chain: mainnet })
      const resolved: unknown[] = []
      const seen = airlock._internal.events$.subscribe((event) => {
        if (event.type === 'PROFILE_RESOLVED') resolved.push(event.payload)
      })
      // The plugins load once the modal opened: a reconnect reads the identity again under the subscription.
      await airlock.disconnect()
      const calls = proxied.length
      await airlock.connect('local.wallet')
      await until(() => resolved.length > 0)
      seen.unsubscribe()
      expect(resolved[0]).toEqual({ namespace: 'eip155', name: null, image: null })
      // The identity was asked (and failed through the proxy); the reverse lookup never was.
      expect(proxied.slice(calls).some((url) => url.startsWith('/v1/identity/'))).toBe(true)
      expect(proxied.slice(calls).filter((url) => url.startsWith('/v1/profile/reverse/'))).toEqual([])
      expect(profile(airlock)).toEqual({ name: null, image: null })
    } finally {
      await mainnet.stop()
    }
  })
})

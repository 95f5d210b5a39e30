import type { AirlockInstance } from '../../ports/instance'
/**
 * The NFTs tab's data (SPEC §2 Account tabs): the plugin loaded by the plugin host into a kernel
 * with the core, its `api` port the real Blockchain API client over the real self-hosted service
 * (services/accountStack.mjs on anvil: the holder owns collectibles #1..#3). A second collection
 * is airdropped here: to the holder (and flagged as spam by a second service), and 21 of it to a
 * collector (two pages). Failures come from a tiny HTTP server that fails (500, a body that is not
 * JSON) and otherwise forwards to the real service.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { createPublicClient, encodeDeployData, encodeFunctionData, getAddress, http, type Address, type Hex } from 'viem'
import { startAnvil, type Anvil } from '../../../services/chain/anvil.mjs'
import { demoArtifacts } from '../../../services/chain/demoContracts.mjs'
import { DEMO_DEPLOYER, startAccountServices, type AccountServices } from '../../../services/accountStack.mjs'
import { startBlockchainApi, type BlockchainApiService } from '../../../services/blockchain/server.mjs'
import { createKernel } from '../../kernel/kernel'
import { createElement } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { createPluginHost } from '../../kernel/plugin'
import { createAirlock } from '../../airlock/createAirlock'
import { memoryStorage } from '../../kernel/deps'
import { AirlockProvider } from '../../ui/react/context'
import { builtinPlugins } from '../builtin'
import AccountNfts from './views/AccountNfts'
import { createEvent } from 'airlock/plugin'
import { coreModules } from '../../core/modules'
import { resolveOptions } from '../../core/options/resolve'
import { selectFeatures } from '../../core/options/selectors'
import { chooseAccountTab } from '../../core/account/commands'
import { defineChain } from '../../core/networks/defineChain'
import { createBlockchainApi } from '../../remote/blockchain/client'
import { testDeps } from '../../../tests/support/testDeps'
import { nftsPlugin } from './manifest'
import { driverPlugin } from '../../../tests/support/driverPlugin'
import { nftsCommands } from './commands'
import { selectNftsView } from './selectors'
import { machineSlowdown, idleMs } from '../../../tests/support/until'
import { localeTables } from '../../../tests/support/localeTables'

// Rendered to HTML as the modal renders in the browser (never hydrated): the live state, not the server's.
const live = (airlock: AirlockInstance): AirlockInstance => ({ ...airlock, getServerState: airlock.getState })

const CHAIN_ID = 31337
/** Holds 21 of the airdropped collection: a first page of 20 and a second of 1. */
const COLLECTOR = '0x90F79bf6EB2c4f870365E785982E1f101E93b906' as Address

let anvil: Anvil
let stack: AccountServices
/** The same chain served with the airdropped collection flagged as spam. */
let flagging: BlockchainApiService
let airdrop: Address

async function send(from: Address, tx: { to?: Address; data: Hex }) {
  const hash = await anvil.rpc('eth_sendTransaction', [{ from, ...tx }])
  return createPublicClient({ transport: http(anvil.url) }).waitForTransactionReceipt({ hash: hash as Hex, pollingInterval: 20 })
}

beforeAll(async () => {
  anvil = await startAnvil({ chainId: CHAIN_ID })
  stack = await startAccountServices({ chain: { chainId: CHAIN_ID, rpcUrl: anvil.url }, history: 2, log: () => undefined })
  const { DemoCollectible } = demoArtifacts()
  const deployed = await send(DEMO_DEPLOYER.address, { data: encodeDeployData({ abi: DemoCollectible.abi, bytecode: DemoCollectible.bytecode, args: [''] }) })
  airdrop = getAddress(deployed.contractAddress!)
  const mint = (to: Address) =>
    send(DEMO_DEPLOYER.address, { to: airdrop, data: encodeFunctionData({ abi: DemoCollectible.abi, functionName: 'mint', args: [to] }) })
  await mint(stack.holder)
  for (let i = 0; i < 21; i++) await mint(COLLECTOR)
  flagging = await startBlockchainApi({ evm: [{ chainId: CHAIN_ID, rpcUrl: anvil.url }], spam: [airdrop], pollMs: 100, log: () => undefined })
}, idleMs(60_000))

afterAll(async () => {
  await Promise.all([stack?.stop(), flagging?.stop()])
  await anvil?.stop()
})

/** A failing server: answers in turn ('500', 'garbage', or 'forward' to the real service), then forwards. */
let failing: Server | undefined
async function failingApi(answers: ('500' | 'garbage' | 'forward')[]): Promise<string> {
  failing = createServer(async (req, res) => {
    const answer = (req.url ?? '').includes('/nfts') ? (answers.shift() ?? 'forward') : 'forward'
    if (answer === '500') return void res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":"down"}')
    if (answer === 'garbage') return void res.writeHead(200, { 'content-type': 'application/json' }).end('{"data": [{"name": ')
    try {
      const forwarded = await fetch(`${stack.apiUrl}${req.url}`)
      res.writeHead(forwarded.status, { 'content-type': 'application/json' }).end(Buffer.from(await forwarded.arrayBuffer()))
    } catch {
      // The test ended (and the connection with it) while forwarding.
      res.destroy()
    }
  })
  const server = failing
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}`
}
afterEach(async () => {
  const closing = failing
  failing = undefined
  closing?.closeAllConnections()
  await new Promise<void>((resolve) => (closing ? closing.close(() => resolve()) : resolve()))
})

/** Wait for `done` over real time (the API is a real HTTP service), 5 s at most. */
async function settle(done: () => boolean, ms = 5000): Promise<void> {
  // `ms` of an idle machine's time: on a busy one the API answers later, not never (tests/support/until.ts).
  const end = Date.now() + ms * machineSlowdown()
  while (!done() && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 5))
}
/** Let the effects and a round trip run when nothing is expected to change. */
const quiet = () => new Promise((resolve) => setTimeout(resolve, 150))

/** A kernel with the core and the plugin (through its manifest), the client over `baseUrl`, the NFT calls counted. */
async function setup(baseUrl: string | undefined) {
  let now = 1_000_000
  const calls: string[] = []
  const counting: typeof fetch = (input, init) => {
    if (String(input).includes('/nfts')) calls.push(String(input))
    return fetch(input, init)
  }
  const api = createBlockchainApi({ baseUrl, projectId: 'p', sdkType: 'airlock', sdkVersion: 't', fetch: counting })
  const kernel = createKernel({ modules: [...coreModules], deps: { ...testDeps({ fetch, clock: { now: () => now } }), api } as never })
  const local = defineChain({
    id: CHAIN_ID,
    name: 'Local',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [anvil.url] } },
  })
  // A chain the wallet added, which the API does not serve (v1/supported-chains).
  const added = defineChain({
    id: 1337,
    name: 'Added',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [anvil.url] } },
  })
  kernel.dispatch(createEvent('OPTIONS_INITIALIZED', { options: resolveOptions({ projectId: 'p', networks: [local, added] }).options }))
  kernel.dispatch(createEvent('STORAGE_HYDRATED', { values: {} }))
  const host = createPluginHost(kernel, [nftsPlugin], kernel.select(selectFeatures))
  await host.settled()
  const connect = (address: string) => {
    const caipAddress = `eip155:${CHAIN_ID}:${address}`
    kernel.dispatch(createEvent('CONNECT_SUCCESS', { method: 'browser', name: 'W', namespace: 'eip155', connectorId: 'w', caipAddress }))
    kernel.dispatch(
      createEvent('ACCOUNT_CONNECTED', {
        namespace: 'eip155',
        address,
        caipAddress,
        allAccounts: [{ address, type: 'eoa' }],
        connectedWalletInfo: { name: 'W' },
      }),
    )
  }
  /** Open the modal on Account with the NFTs tab chosen. */
  const show = () => {
    kernel.dispatch(createEvent('MODAL_OPEN', { connected: true }))
    kernel.dispatch((state) => chooseAccountTab(state, { moduleId: 'nfts', id: 'nfts' }))
  }
  const close = () => kernel.dispatch((state) => [createEvent('MODAL_CLOSE', { connected: state.router.connected })])
  const view = () => selectNftsView(kernel.getState())
  return { kernel, host, calls, connect, show, close, view, advance: (ms: number) => void (now += ms) }
}

describe('the NFTs tab (SPEC §2)', () => {
  it('brings the NFTs tab on eip155 and reads nothing until the tab is shown', async () => {
    const { kernel, calls, connect, view } = await setup(stack.apiUrl)
    expect(kernel.getState().contributions.modules.find((m) => m.id === 'nfts')?.accountTabs).toEqual([
      { id: 'nfts', label: 'tab', view: 'AccountNfts', namespaces: ['eip155'] },
    ])
    connect(stack.holder)
    await quiet()
    expect(calls).toEqual([])
    expect(view().status).toBe('idle')
  })

  it('shows the holder’s collectibles from the real service, named and pictured; spam flagged by the service is hidden', async () => {
    const plain = await setup(stack.apiUrl)
    plain.connect(stack.holder)
    plain.show()
    await settle(() => plain.view().status === 'ready')
    expect(plain.view().items.map((n) => n.name)).toEqual(
      expect.arrayContaining(['Airlock Collectible #1', 'Airlock Collectible #2', 'Airlock Collectible #3', 'Airlock Demo Collectible #1']),
    )
    expect(plain.calls).toHaveLength(1)
    expect(plain.calls[0]).toContain(`/v1/account/${stack.holder}/nfts?chainId=eip155%3A${CHAIN_ID}`)

    const flagged = await setup(flagging.url)
    flagged.connect(stack.holder)
    flagged.show()
    await settle(() => flagged.view().status === 'ready')
    const items = flagged.view().items
    expect(items.map((n) => n.name).sort()).toEqual(['Airlock Collectible #1', 'Airlock Collectible #2', 'Airlock Collectible #3'])
    expect(items[0]).toMatchObject({ collection: 'Airlock Demo Collectible', image: `${stack.apiUrl}/media/1.svg`, flags: { is_spam: false } })
    // The spam item is held in state, only not shown.
    const held = flagged.kernel.getState().nfts?.byAccount[`eip155:${CHAIN_ID}:${stack.holder}`]?.items ?? []
    expect(held.filter((n) => n.flags.is_spam).map((n) => n.contract)).toEqual([`eip155:${CHAIN_ID}:${airdrop}`])
    expect(flagged.view().more).toBe(false)
    expect(selectNftsView(flagged.kernel.getState())).toBe(flagged.view())
  })

  it('showing the tab again within 30 s reads nothing (cache per address); after 30 s it reads again', async () => {
    const { calls, connect, show, close, view, advance } = await setup(stack.apiUrl)
    connect(stack.holder)
    show()
    await settle(() => view().status === 'ready')
    close()
    show()
    await quiet()
    expect(calls).toHaveLength(1)
    advance(30_000)
    close()
    show()
    await settle(() => calls.length === 2)
    await settle(() => view().status === 'ready')
    expect(calls).toHaveLength(2)
    expect(view().items).toHaveLength(4)
  })

  it('pages: the first 20, then "Show more" reads the next page with the cursor', async () => {
    const { kernel, calls, connect, show, view } = await setup(stack.apiUrl)
    connect(COLLECTOR)
    show()
    await settle(() => view().status === 'ready')
    expect(view()).toMatchObject({ more: true, loadingMore: false })
    expect(view().items).toHaveLength(20)
    kernel.dispatch((state) => nftsCommands.loadMore(state))
    expect(view().loadingMore).toBe(true)
    // One request at a time: a second click while loading asks nothing.
    kernel.dispatch((state) => nftsCommands.loadMore(state))
    await settle(() => !view().loadingMore)
    // #1 went to the holder: the collector has #2..#22, in order, each once.
    expect(view().items.map((n) => n.tokenId)).toEqual(Array.from({ length: 21 }, (_, i) => String(i + 2)))
    expect(view().more).toBe(false)
    expect(calls).toHaveLength(2)
    expect(calls[1]).toMatch(/cursor=[A-Za-z0-9_-]+/)
  })

  it('a failure (500, then a body that is not JSON) shows the error state; "Try again" recovers', async () => {
    const { kernel, calls, connect, show, view } = await setup(await failingApi(['500', 'garbage']))
    connect(stack.holder)
    show()
    await settle(() => view().status === 'error')
    expect(view().items).toEqual([])
    kernel.dispatch((state) => nftsCommands.retry(state))
    expect(view().status).toBe('loading')
    await settle(() => view().status === 'error')
    expect(calls).toHaveLength(2)
    kernel.dispatch((state) => nftsCommands.retry(state))
    await settle(() => view().status === 'ready')
    expect(view().items).toHaveLength(4)
  })

  it('a next page that fails keeps the pages read, and says so', async () => {
    const { kernel, connect, show, view } = await setup(await failingApi(['forward', '500']))
    connect(COLLECTOR)
    show()
    await settle(() => view().status === 'ready')
    kernel.dispatch((state) => nftsCommands.loadMore(state))
    await settle(() => view().moreFailed)
    expect(view()).toMatchObject({ status: 'ready', more: true, loadingMore: false, moreFailed: true })
    expect(view().items).toHaveLength(20)
    kernel.dispatch((state) => nftsCommands.loadMore(state))
    await settle(() => !view().more)
    expect(view()).toMatchObject({ moreFailed: false })
    expect(view().items).toHaveLength(21)
  })

  it('a network the API does not serve is not asked (it would answer 400): the error state; back on a served one it reads', async () => {
    const { kernel, calls, connect, show, view } = await setup(stack.apiUrl)
    connect(stack.holder)
    kernel.dispatch(createEvent('NETWORK_SWITCHED', { caipNetworkId: 'eip155:1337' }))
    show()
    await settle(() => view().status === 'error')
    await quiet()
    expect(calls).toEqual([])
    kernel.dispatch(createEvent('NETWORK_SWITCHED', { caipNetworkId: `eip155:${CHAIN_ID}` }))
    await settle(() => view().status === 'ready')
    expect(calls).toHaveLength(1)
    expect(calls[0]).toContain(`chainId=eip155%3A${CHAIN_ID}`)
  })

  it('with no Blockchain API configured it calls nothing', async () => {
    const { calls, connect, show, view } = await setup(undefined)
    connect(stack.holder)
    show()
    await settle(() => view().status === 'error')
    await quiet()
    expect(calls).toEqual([])
  })

  it('a disconnect forgets what was read', async () => {
    const { kernel, connect, show, view } = await setup(stack.apiUrl)
    connect(stack.holder)
    show()
    await settle(() => view().status === 'ready')
    kernel.dispatch(createEvent('DISCONNECT_SUCCESS', { namespace: null }))
    expect(kernel.getState().nfts?.byAccount).toEqual({})
  })
})

describe('the NFTs tab’s view', () => {
  /** A real instance over `blockchain` with the plugin loaded, connected as the holder, the tab shown. */
  async function shown(blockchain: string, locale: string) {
    const local = defineChain({
      id: CHAIN_ID,
      name: 'Local',
      nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
      rpcUrls: { default: { http: [anvil.url] } },
    })
    const driver = driverPlugin()
    const airlock = createAirlock(
      {
        projectId: 'p',
        networks: [local],
        locale,
        disableAppend: true,
        apiUrls: { config: 'http://127.0.0.1:9/api', blockchain },
        // Once the lead registers it among the built-in plugins, it is not passed again.
        plugins: [driver.plugin, ...(builtinPlugins.some((p) => p.id === 'nfts') ? [] : [nftsPlugin])],
      },
      { deps: { storage: memoryStorage(), window: undefined, logger: { warn: () => undefined, error: () => undefined } } },
    )
    await airlock.ready()
    const caipAddress = `eip155:${CHAIN_ID}:${stack.holder}`
    driver.emit(createEvent('CONNECT_SUCCESS', { method: 'browser', name: 'W', namespace: 'eip155', connectorId: 'w', caipAddress }))
    airlock._internal.dispatch(
      createEvent('ACCOUNT_CONNECTED', {
        namespace: 'eip155',
        address: stack.holder,
        caipAddress,
        allAccounts: [{ address: stack.holder, type: 'eoa' }],
        connectedWalletInfo: { name: 'W' },
      }),
    )
    await airlock.open()
    airlock._internal.dispatch((state) => chooseAccountTab(state, { moduleId: 'nfts', id: 'nfts' }))
    // The plugin loads once the modal has opened.
    await settle(() => airlock.getState().contributions.modules.some((m) => m.id === 'nfts'))
    await localeTables(airlock, locale)
    const html = () => renderToStaticMarkup(createElement(AirlockProvider, { airlock: live(airlock) }, createElement(AccountNfts)))
    return { airlock, html }
  }

  it('a grid of cards in a labelled list: images with the name as alt text, a placeholder where there is none', async () => {
    const { airlock, html } = await shown(stack.apiUrl, 'en')
    expect(html()).toContain('role="status">Loading NFTs…</p>')
    await settle(() => selectNftsView(airlock.getState()).status === 'ready')
    const markup = html()
    expect(markup).toMatch(/<ul role="list" aria-label="Your NFTs"[^>]*>(<li[^>]*>.*?<\/li>){4}<\/ul>/)
    for (const n of [1, 2, 3]) expect(markup).toContain(`<img src="${stack.apiUrl}/media/${n}.svg" alt="Airlock Collectible #${n}"`)
    // The airdropped token has no image: a placeholder, its name and collection as text.
    expect(markup.match(/data-testid="nft-placeholder"/g)).toHaveLength(1)
    expect(markup).toContain('>Airlock Demo Collectible #1</span>')
    expect(markup).not.toContain('Show more')
    airlock.destroy()
  })

  it('hides spam; shows no image the modal does not allow (another origin over http); speaks German', async () => {
    const { airlock, html } = await shown(flagging.url, 'de')
    await settle(() => selectNftsView(airlock.getState()).status === 'ready')
    const markup = html()
    expect(markup).toContain('aria-label="Deine NFTs"')
    expect(markup).not.toContain('<img')
    expect(markup.match(/data-testid="nft-placeholder"/g)).toHaveLength(3)
    expect(markup).not.toContain('Airlock Demo Collectible #1<')
    airlock.destroy()
  })

  it('the error state: an alert and a "Try again" button', async () => {
    const { airlock, html } = await shown(await failingApi(['500']), 'de')
    await settle(() => selectNftsView(airlock.getState()).status === 'error')
    expect(html()).toBe(
      '<div class="center"><p class="error" role="alert">NFTs konnten nicht geladen werden.</p><button type="button" class="secondary">Erneut versuchen</button></div>',
    )
    airlock.destroy()
  })
})

import type { AirlockInstance } from '../../../ports/instance'
/**
 * The Activity tab as the modal renders it (to HTML, no browser), from a real instance with the
 * plugin loaded, over the REAL self-hosted Blockchain API on an anvil whose history spans months:
 * a labelled list with a header per month in the visitor's locale, each transaction's operation,
 * status, counterparty, amount with 3 decimals (SPEC §9) and how long ago; icons only from URLs
 * the modal allows; NFT previews unless flagged as spam; a thousand transactions rendered as a
 * screenful; the empty and failed states (SPEC §7 "Failed to fetch transactions").
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { createElement, type ReactNode } from 'react'
import { renderToStaticMarkup } from 'react-dom/server'
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { startAnvil, type Anvil } from '../../../../services/chain/anvil.mjs'
import { DEMO_FRIEND, startAccountServices, type AccountServices } from '../../../../services/accountStack.mjs'
import { createAirlock } from '../../../airlock/createAirlock'
import { memoryStorage } from '../../../kernel/deps'
import { createEvent, type TransactionItem } from 'airlock/plugin'
import { chooseAccountTab } from '../../../core/account/commands'
import { defineChain } from '../../../core/networks/defineChain'
import { AirlockProvider } from '../../../ui/react/context'
import { builtinPlugins } from '../../builtin'
import { activityPlugin } from '../manifest'
import { selectActivityView } from '../selectors'
import AccountActivity from './AccountActivity'
import { TransactionRow } from './TransactionRow'
import { driverPlugin } from '../../../../tests/support/driverPlugin'
import { idleMs } from '../../../../tests/support/until'
import { localeTables } from '../../../../tests/support/localeTables'

// Rendered to HTML as the modal renders in the browser (never hydrated): the live state, not the server's.
const live = (airlock: AirlockInstance): AirlockInstance => ({ ...airlock, getServerState: airlock.getState })

const MONTHS = {
  en: ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'],
  de: ['Januar', 'Februar', 'März', 'April', 'Mai', 'Juni', 'Juli', 'August', 'September', 'Oktober', 'November', 'Dezember'],
}
const OPERATIONS: Record<string, string> = { send: 'Sent', receive: 'Received', execute: 'Executed' }

let anvil: Anvil
let stack: AccountServices
let local: ReturnType<typeof defineChain>

beforeAll(async () => {
  anvil = await startAnvil({ timestamp: Math.floor(Date.now() / 1000) - 400 * 86_400 })
  stack = await startAccountServices({ chain: { chainId: anvil.chainId, rpcUrl: anvil.url } })
  local = defineChain({
    id: anvil.chainId,
    name: 'Anvil',
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [anvil.url] } },
  })
}, idleMs(120_000))

afterAll(async () => {
  await stack?.stop()
  await anvil?.stop()
})

let failing: Server | undefined
afterEach(async () => {
  const closing = failing
  failing = undefined
  closing?.closeAllConnections()
  await new Promise<void>((resolve) => (closing ? closing.close(() => resolve()) : resolve()))
})

/** Wait for `done` over real time, 5 s at most. */
async function settle(done: () => boolean, ms = 5000): Promise<void> {
  const end = Date.now() + ms
  while (!done() && Date.now() < end) await new Promise((resolve) => setTimeout(resolve, 5))
}

/** A real instance over `blockchain` with the plugin loaded, connected as `address`, the Activity tab shown. */
async function shown(blockchain: string, locale: 'en' | 'de', address: string = stack.holder, clock?: { now(): number }) {
  const driver = driverPlugin()
  const airlock = createAirlock(
    {
      projectId: 'p',
      networks: [local],
      locale,
      disableAppend: true,
      apiUrls: { config: 'http://127.0.0.1:9/api', blockchain },
      // Once the lead registers it among the built-in plugins, it is not passed again.
      plugins: [driver.plugin, ...(builtinPlugins.some((p) => p.id === 'activity') ? [] : [activityPlugin])],
    },
    { deps: { storage: memoryStorage(), window: undefined, logger: { warn: () => undefined, error: () => undefined }, ...(clock && { clock }) } },
  )
  await airlock.ready()
  const caipAddress = `${local.caipNetworkId}:${address}`
  driver.emit(createEvent('CONNECT_SUCCESS', { method: 'browser', name: 'W', namespace: 'eip155', connectorId: 'w', caipAddress }))
  airlock._internal.dispatch(
    createEvent('ACCOUNT_CONNECTED', {
      namespace: 'eip155',
      address,
      caipAddress,
      allAccounts: [{ address, type: 'eoa' }],
      connectedWalletInfo: { name: 'W' },
    }),
  )
  await airlock.open()
  // The plugin waits for the modal's first open; its tab is then the one chosen.
  await settle(() => airlock._internal.modules().some((m) => m.id === 'activity'))
  airlock._internal.dispatch((state) => chooseAccountTab(state, { moduleId: 'activity', id: 'activity' }))
  await localeTables(airlock, locale)
  const render = (node: ReactNode) => renderToStaticMarkup(createElement(AirlockProvider, { airlock: live(airlock) }, node))
  const html = () => render(createElement(AccountActivity))
  const view = () => selectActivityView(airlock.getState())
  return { airlock, html, render, view }
}

const listItems = (markup: string) => markup.match(/role="listitem"/g)?.length ?? 0
/** `0xf39F…2266`, as written independently of the code under test. */
const short = (address: string) => `${address.slice(0, 6)}…${address.slice(-4)}`

describe('the Activity tab’s view', () => {
  it('a labelled list: a header per month in the locale, then each transaction’s operation, status, counterparty, amount and time; icons from the API', async () => {
    const { airlock, html, view } = await shown(stack.apiUrl, 'en')
    expect(html()).toContain('role="status">Loading activity…</p>')
    await settle(() => view().status === 'ready')
    const markup = html()
    expect(markup).toContain('role="list" aria-label="Your activity"')
    const first = airlock.getState().activity!.transactions[0]!
    const at = new Date(first.metadata.minedAt)
    expect(markup).toContain(`>${MONTHS.en[at.getUTCMonth()]} ${at.getUTCFullYear()}</h3>`)
    const transfer = first.transfers[0]!
    const row = /<div class="item">(.*?)<\/time><\/span><\/div>/.exec(markup)?.[1] ?? ''
    expect(row).toContain(`${OPERATIONS[first.metadata.operationType]} <span class="tag">Confirmed</span>`)
    const counterparty = first.metadata.operationType === 'receive' ? `From ${short(first.metadata.sentFrom)}` : `To ${short(first.metadata.sentTo)}`
    expect(row).toContain(counterparty)
    expect(row).toContain(`${Number(transfer.quantity!.numeric).toFixed(3)} ${transfer.fungible_info!.symbol}`)
    expect(row).toContain(`<img src="${stack.apiUrl}/v1/token-icon/${transfer.fungible_info!.symbol}"`)
    expect(row).toMatch(new RegExp(`<time class="muted" dateTime="${first.metadata.minedAt}">\\d+ (second|minute|hour|day|month|year)s? ago`))
    // A next page exists: the list's size is unknown, and a button loads more.
    expect(markup).toContain('aria-setsize="-1" aria-posinset="1"')
    expect(markup).toContain('>Load more</button>')
    airlock.destroy()
  })

  it('how long ago is told from the instance’s clock (its injected time), not the wall clock', async () => {
    // Ten years on the instance's clock: every transaction, from the last 400 days, is 10 or 11 years old.
    const later = Date.now() + 10 * 365.25 * 86_400_000
    const { airlock, html, view } = await shown(stack.apiUrl, 'en', stack.holder, { now: () => later })
    await settle(() => view().status === 'ready')
    const times = [...html().matchAll(/<time class="muted" dateTime="[^"]+">([^<]+)<\/time>/g)].map((m) => m[1])
    expect(times.length).toBeGreaterThan(0)
    for (const time of times) expect(time).toMatch(/^1[01] years ago$/)
    airlock.destroy()
  })

  it('a thousand transactions render as a screenful of rows (virtualised), the count told to assistive technology', async () => {
    const { airlock, html, view } = await shown(stack.apiUrl, 'en')
    await settle(() => view().status === 'ready')
    const slice = airlock.getState().activity!
    const held = slice.transactions
    // The next page as the API would shape it: the first page's transactions, again and again, a day apart.
    const more: TransactionItem[] = Array.from({ length: 1000 - held.length }, (_, i) => {
      const item = held[i % held.length]!
      return {
        ...item,
        id: `${item.id}-copy-${i}`,
        metadata: { ...item.metadata, minedAt: new Date(Date.parse('2025-01-01T00:00:00Z') - i * 86_400_000).toISOString() },
      }
    })
    airlock._internal.dispatch(
      createEvent('ACTIVITY_RECEIVED', { account: slice.account!, network: slice.lastNetworkInView!, cursor: slice.next, transactions: more, next: null }),
    )
    expect(view().count).toBe(1000)
    const markup = html()
    expect(listItems(markup)).toBeGreaterThan(3)
    expect(listItems(markup)).toBeLessThan(30)
    expect(markup).toContain('aria-setsize="1000" aria-posinset="1"')
    expect(markup).not.toContain('Load more')
    // Each row is as tall as the step it is placed at (29 px a month header, 58 px a transaction
    // with its 6 px gap), set on it, so the virtualiser places rows without measuring them: each
    // row's offset is the sum of the heights above it.
    const rows = [...markup.matchAll(/role="listitem"[^>]*style="([^"]*)"/g)].map(([, style]) => ({
      height: Number(/height:(\d+)px/.exec(style!)?.[1]),
      top: Number(/translateY\((\d+)px\)/.exec(style!)?.[1]),
    }))
    expect(rows.length).toBe(listItems(markup))
    expect(new Set(rows.map((row) => row.height))).toEqual(new Set([29, 58]))
    expect(rows.map((row) => row.top)).toEqual(rows.map((_, i) => rows.slice(0, i).reduce((sum, row) => sum + row.height, 0)))
    airlock.destroy()
  })

  it('speaks German: the list’s label, the month, the status, how long ago', async () => {
    const { airlock, html, view } = await shown(stack.apiUrl, 'de')
    await settle(() => view().status === 'ready')
    const markup = html()
    const first = airlock.getState().activity!.transactions[0]!
    const at = new Date(first.metadata.minedAt)
    expect(markup).toContain('role="list" aria-label="Deine Aktivität"')
    expect(markup).toContain(`>${MONTHS.de[at.getUTCMonth()]} ${at.getUTCFullYear()}</h3>`)
    expect(markup).toContain('<span class="tag">Bestätigt</span>')
    expect(markup).toMatch(/dateTime="[^"]+">vor \d+ /)
    expect(markup).toContain('>Mehr laden</button>')
    airlock.destroy()
  })

  it('an NFT transfer shows its preview, unless it is flagged as spam; an icon from another origin over http is not shown', async () => {
    const { airlock, render } = await shown(stack.apiUrl, 'en')
    // The collectibles minted to the holder, as the API lists them (the oldest pages).
    const items: TransactionItem[] = []
    let cursor: string | null = null
    do {
      const url = new URL(`${stack.apiUrl}/v1/account/${local.caipNetworkId}:${stack.holder}/history`)
      if (cursor) url.searchParams.set('cursor', cursor)
      const page = (await (await fetch(url)).json()) as { data: TransactionItem[]; next: string | null }
      items.push(...page.data)
      cursor = page.next
    } while (cursor)
    const nft = items.find((item) => item.transfers[0]?.nft_info?.content?.preview?.url)!
    expect(nft).toBeDefined()
    const info = nft.transfers[0]!.nft_info!
    const row = (item: TransactionItem) => render(createElement(TransactionRow, { item, now: Date.now(), locale: 'en' }))
    const plain = row(nft)
    expect(plain).toContain(`<img src="${info.content!.preview!.url}"`)
    expect(plain).toContain(`>${info.name}`)
    const spam = row({ ...nft, transfers: [{ ...nft.transfers[0]!, nft_info: { ...info, flags: { is_spam: true } } }] })
    expect(spam).not.toContain('<img')
    expect(spam).toContain('class="token-icon" aria-hidden="true"')
    const token = items.find((item) => item.transfers[0]?.fungible_info)!
    const elsewhere = row({
      ...token,
      transfers: [{ ...token.transfers[0]!, fungible_info: { ...token.transfers[0]!.fungible_info, icon: { url: 'http://elsewhere.test/icon.png' } } }],
    })
    expect(elsewhere).not.toContain('<img')
    airlock.destroy()
  })

  it('an account with no history: "No activity yet."', async () => {
    const { airlock, html, view } = await shown(stack.apiUrl, 'en', '0x000000000000000000000000000000000000dEaD')
    await settle(() => view().status === 'empty')
    expect(html()).toBe('<p class="muted center" role="status">No activity yet.</p>')
    airlock.destroy()
  })

  it('a failure: an alert saying "Failed to fetch transactions" (SPEC §7) and a "Try again" button', async () => {
    failing = createServer((_req, res) => void res.writeHead(500, { 'content-type': 'application/json' }).end('{"error":"down"}'))
    await new Promise<void>((resolve) => failing!.listen(0, '127.0.0.1', resolve))
    const { airlock, html, view } = await shown(`http://127.0.0.1:${(failing.address() as AddressInfo).port}`, 'en', DEMO_FRIEND)
    await settle(() => view().status === 'failed')
    expect(html()).toBe(
      '<div class="center"><p class="error" role="alert">Failed to fetch transactions</p><button type="button" class="secondary">Try again</button></div>',
    )
    airlock.destroy()
  })
})

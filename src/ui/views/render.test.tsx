import type { AirlockInstance } from '../../ports/instance'
/**
 * The modal's views over a real instance with a plugin loaded, rendered to HTML (no browser): the
 * plugin's Account action and tab, its Connect entry and its view title come from the plugin's
 * strings in the visitor's locale; a plugin view shows a labelled loading state until its chunk
 * arrives; the banner says a strings key in the locale, with the detail under it.
 */
import { describe, expect, it } from 'vitest'
import { renderToStaticMarkup } from 'react-dom/server'
import { VirtualTimeScheduler } from 'rxjs'
import { createAirlock, defineModule, definePlugin, ethereum, solana, type Features } from '../../index'
import { memoryStorage } from '../../kernel/deps'
import type { AnyModule } from '../../kernel/module'
import { AirlockProvider } from '../react/context'
import { ModalRoot } from '../ModalRoot'
import AccountView from './AccountBody'
import { ConnectView } from './ConnectView'
import { coreCommands } from '../../core/contributions/coreCommands'
import { localeTables } from '../../../tests/support/localeTables'

// Rendered to HTML as the modal renders in the browser (never hydrated): the live state, not the server's.
const live = (airlock: AirlockInstance): AirlockInstance => ({ ...airlock, getServerState: airlock.getState })

const never = () => new Promise<{ default: unknown }>(() => undefined)
const stats = defineModule({
  id: 'stats',
  initialState: null,
  views: { Stats: never, StatsTab: never, StatsLogin: never },
  strings: {
    en: { 'titles.Stats': 'Stats', 'titles.StatsTab': 'Stats tab', 'titles.StatsLogin': 'Stats login', open: 'Open stats', tab: 'Numbers', charts: 'Charts' },
    de: { 'titles.Stats': 'Statistik', open: 'Statistik öffnen' },
  },
  accountActions: [{ id: 'stats', label: 'open', view: 'Stats', namespaces: ['eip155'] }],
  accountTabs: [
    { id: 'numbers', label: 'tab', view: 'StatsTab', namespaces: ['eip155'] },
    { id: 'charts', label: 'charts', view: 'StatsTab', namespaces: ['eip155'] },
  ],
  connectMethods: [{ id: 'statsLogin', group: 'email', view: 'StatsLogin' }],
})
const plugin = definePlugin<Features>({ id: 'stats', enabledBy: () => true, load: async () => ({ default: stats as AnyModule }) })

async function instance(locale: string, networks = [ethereum, solana]) {
  const scheduler = new VirtualTimeScheduler()
  const airlock = createAirlock(
    { projectId: 'p', networks, locale, plugins: [plugin], features: { email: false, socials: false, swaps: false, onramp: false, send: false, names: false } },
    { deps: { storage: memoryStorage(), fetch: undefined, window: undefined, scheduler, logger: { warn() {}, error() {} } } },
  )
  await airlock.ready()
  await localeTables(airlock, locale)
  return { airlock, scheduler }
}

const html = (airlock: Awaited<ReturnType<typeof instance>>['airlock'], node: React.ReactNode) =>
  renderToStaticMarkup(<AirlockProvider airlock={live(airlock)}>{node}</AirlockProvider>)

describe('plugin contributions in the views', () => {
  it("Account shows the plugin's action and tab in the locale (English where German lacks it)", async () => {
    const { airlock } = await instance('de')
    const markup = html(airlock, <AccountView />)
    expect(markup).toContain('aria-label="Wallet-Aktionen"')
    expect(markup).toContain('>Statistik öffnen</button>')
    expect(markup).toContain('role="tablist" aria-label="Kontobereiche"')
    expect(markup).toContain('Numbers')
    // The tab's view is loading: a labelled status, not an empty panel.
    expect(markup).toMatch(/role="tabpanel"[^>]*><div class="inline-view"><p class="muted center" role="status">Wird geladen…<\/p>/)
    airlock.destroy()
  })

  it('Account shows the tab chosen through the command, kept in state (SPEC §3 currentTab), the first one before', async () => {
    const { airlock } = await instance('en')
    const selected = (markup: string) => /<button[^>]*aria-selected="true"[^>]*>([^<]*)<\/button>/.exec(markup)?.[1]
    expect(selected(html(airlock, <AccountView />))).toBe('Numbers')
    airlock._internal.dispatch((state) => coreCommands.chooseAccountTab(state, { moduleId: 'stats', id: 'charts' }))
    const markup = html(airlock, <AccountView />)
    expect(selected(markup)).toBe('Charts')
    expect(markup).toContain('role="tabpanel" id="al-tab-stats-charts-panel" aria-labelledby="al-tab-stats-charts"')
    airlock.destroy()
  })

  it('Account shows nothing of the plugin on a namespace it does not support', async () => {
    const { airlock } = await instance('en', [solana])
    const markup = html(airlock, <AccountView />)
    expect(markup).not.toContain('Open stats')
    expect(markup).not.toContain('tablist')
    airlock.destroy()
  })

  it("Connect places the plugin's email entry by the connect-method order: first when no wallet is installed", async () => {
    const { airlock } = await instance('en')
    const markup = html(airlock, <ConnectView />)
    expect(markup.indexOf('aria-label="Email"')).toBeGreaterThan(-1)
    expect(markup.indexOf('aria-label="Email"')).toBeLessThan(markup.indexOf('aria-label="Connect wallet"'))
    airlock.destroy()
  })

  it("a plugin view: its title from the plugin's strings, a labelled loading state until the chunk arrives", async () => {
    const { airlock } = await instance('de')
    await airlock.open('Stats' as never)
    const markup = html(airlock, <ModalRoot />)
    expect(markup).toContain('data-view="Stats"')
    expect(markup).toMatch(/<h2 class="title"[^>]*>Statistik<\/h2>/)
    expect(markup).toContain('<div class="body"><p class="muted center" role="status">Wird geladen…</p></div>')
    airlock.destroy()
  })
})

describe('Connect drawn ahead of the open (issue 27 §1)', () => {
  it('closed, the appended modal (prepare) draws Connect hidden and inert, out of the accessibility tree; <AirlockModal/> draws nothing; open, it is shown', async () => {
    const { airlock } = await instance('en')
    expect(html(airlock, <ModalRoot />)).toBe('')
    const ahead = html(airlock, <ModalRoot prepare />)
    expect(ahead).toMatch(/^<div class="backdrop" data-closed="" inert="" aria-hidden="true"><div class="dialog" role="dialog"[^>]* data-view="Connect">/)
    expect(ahead).toContain('>All wallets<')
    airlock.open()
    const shown = html(airlock, <ModalRoot prepare />)
    expect(shown).toMatch(/^<div class="backdrop"><div class="dialog" role="dialog"[^>]* data-view="Connect">/)
    expect(shown).not.toMatch(/inert|aria-hidden="true"><div class="dialog"|data-closed/)
    airlock.destroy()
  })
})

describe('the banner (issue 11 §7)', () => {
  const shown = (scheduler: VirtualTimeScheduler) => {
    scheduler.schedule(() => undefined, 150)
    scheduler.maxFrames = 150
    scheduler.flush()
  }

  it('says a strings key in the locale, with the detail under it as given', async () => {
    const { airlock } = await instance('de')
    airlock.open()
    airlock.notify({ variant: 'error', key: 'walletError', detail: 'execution reverted' })
    const markup = html(airlock, <ModalRoot />)
    expect(markup).toContain(
      '<div class="banner" data-variant="error" role="alert"><div>Deine Wallet hat einen Fehler gemeldet</div><div class="muted">execution reverted</div></div>',
    )
    airlock.destroy()
  })

  it("SPEC §8's words in English, and the site's own text as written", async () => {
    const { airlock, scheduler } = await instance('en')
    airlock.open()
    airlock.notify({ variant: 'error', key: 'balanceUnavailable' })
    expect(html(airlock, <ModalRoot />)).toContain('<div>Token Balance Unavailable</div>')
    airlock.notify({ variant: 'success', message: 'Hello from the site' })
    shown(scheduler)
    expect(html(airlock, <ModalRoot />)).toContain('role="status"><div>Hello from the site</div></div>')
    airlock.destroy()
  })
})

/**
 * The page's parts without React: its texts (from ./strings), the status line, the account line,
 * the modal's controls, the live event stream and the state for developers. They are plain DOM so
 * that the page works, and is measured, without the sample dApp too (`?app=none`). Nothing here is
 * parsed as HTML: every value goes in as text.
 */
import { selectActiveAccount, selectActiveNetwork, type AirlockInstance, type PublicEvent } from 'airlock'
import { strings } from './strings'
import { code } from './code'

/** How many events the list keeps (the newest). */
const MAX_EVENTS = 200

export function byId<T extends HTMLElement = HTMLElement>(id: string): T {
  const element = document.getElementById(id)
  if (!element) throw new Error(`Missing #${id}`)
  return element as T
}

const isKey = <T extends object>(table: T, key: string | undefined): key is Extract<keyof T, string> => key !== undefined && Object.hasOwn(table, key)

/** Fill every `data-text` element with its string, every `data-code` one with its code sample. */
export function fillTexts(root: ParentNode = document): void {
  for (const element of root.querySelectorAll<HTMLElement>('[data-text]')) {
    const key = element.dataset.text
    const value = isKey(strings, key) ? strings[key] : undefined
    if (typeof value === 'string') element.textContent = value
  }
  for (const element of root.querySelectorAll<HTMLElement>('[data-code]')) {
    const key = element.dataset.code
    if (isKey(code, key)) element.textContent = code[key]
  }
  byId('wallet-buttons').setAttribute('aria-label', strings.walletButtonsLabel)
  byId('status').textContent = strings.loading
}

/** A time of day as the event list shows it (hh:mm:ss.mmm). */
const clock = (timestamp: number) => {
  const at = new Date(timestamp)
  const pad = (n: number, width = 2) => String(n).padStart(width, '0')
  return `${pad(at.getHours())}:${pad(at.getMinutes())}:${pad(at.getSeconds())}.${pad(at.getMilliseconds(), 3)}`
}

/**
 * One event of the stream, as text "TYPE {payload} time" (what the list's text starts with, and
 * what the browser tests read); the time is shown in its own column by the style sheet.
 */
function eventItem(event: PublicEvent): HTMLLIElement {
  const item = document.createElement('li')
  const type = document.createElement('strong')
  type.className = 'event-type'
  type.textContent = event.type
  const time = document.createElement('time')
  time.dateTime = new Date(event.timestamp).toISOString()
  time.textContent = clock(event.timestamp)
  const payload = document.createElement('code')
  payload.className = 'event-payload'
  payload.textContent = JSON.stringify(event.payload)
  item.append(type, ' ', payload, ' ', time)
  return item
}

/** The demo's pages, linked in the header with the query string kept (the same instance's options). */
const PAGES = [
  { id: 'viem', path: './', label: strings.pageViem, title: strings.title },
  { id: 'wagmi', path: './wagmi.html', label: strings.pageWagmi, title: `${strings.title}: ${strings.pageWagmi}` },
] as const

export type PageId = (typeof PAGES)[number]['id']

/** A page's title (the document's). */
export const pageTitle = (id: PageId): string => PAGES.find((page) => page.id === id)?.title ?? strings.title

export function showPages(current: PageId): void {
  const nav = byId('pages')
  nav.setAttribute('aria-label', strings.pagesLabel)
  nav.replaceChildren(
    ...PAGES.map((page) => {
      const link = document.createElement('a')
      link.href = `${page.path}${location.search}`
      // The panel keeps its choices in the query: follow them to the other page.
      link.addEventListener('click', () => (link.href = `${page.path}${location.search}`))
      link.textContent = page.label
      if (page.id === current) link.setAttribute('aria-current', 'page')
      return link
    }),
  )
  nav.hidden = false
}

/**
 * Wire the plain parts to the instance: the status line, the live events and the state; the
 * account card (its line, the modal's controls, the demo tools' link) where the page has one.
 */
export function startShell(airlock: AirlockInstance, devToolsUrl: string | undefined): void {
  const devTools = document.getElementById('dev-tools')
  const devToolsLink = document.getElementById('dev-tools-link')
  if (devToolsUrl && devTools && devToolsLink instanceof HTMLAnchorElement) {
    devToolsLink.href = devToolsUrl
    devTools.hidden = false
  }

  const stateView = byId<HTMLPreElement>('state')
  // The state is printed only while its details are open: with many balances it is hundreds of KB.
  const stateDetails = stateView.closest('details')
  const status = byId('status')
  const accountLine = document.getElementById('account')
  function render(): void {
    const state = airlock.getState()
    // textContent only: nothing here is ever parsed as HTML.
    if (stateDetails?.open !== false) stateView.textContent = JSON.stringify(state, null, 2)
    status.textContent = strings.status(state.router.open, airlock.loadedPlugins().join(', ') || strings.pluginsNone)
    if (!accountLine) return
    const namespace = state.networks.activeNamespace
    const account = selectActiveAccount(state)
    const connected = namespace !== null && state.connection.connectedNamespaces.includes(namespace)
    accountLine.textContent =
      connected && account?.address
        ? strings.accountConnected(
            account.address,
            account.balance ?? strings.balancePending,
            account.balanceSymbol ?? '',
            selectActiveNetwork(state)?.name ?? strings.unknown,
            state.networks.activeCaipNetworkId ?? '',
          )
        : strings.accountDisconnected(state.connection.status)
    accountLine.classList.toggle('connected', Boolean(connected && account?.address))
  }
  // Plugin life-cycle events change no state, so render on every event as well as on state changes.
  airlock.state$.subscribe(render)
  airlock._internal.events$.subscribe(render)
  stateDetails?.addEventListener('toggle', render)

  const events = byId<HTMLOListElement>('events')
  airlock.subscribeEvents((event) => {
    events.prepend(eventItem(event))
    while (events.children.length > MAX_EVENTS) events.lastElementChild?.remove()
  })
  byId('clear-events').addEventListener('click', () => events.replaceChildren())

  document.getElementById('open')?.addEventListener('click', () => void airlock.open())
  document.getElementById('close')?.addEventListener('click', () => airlock.close())
  document.getElementById('notify')?.addEventListener('click', () => airlock.notify({ variant: 'success', message: strings.notification }))
}

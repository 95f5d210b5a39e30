/**
 * The demo page: an Airlock instance with its state and public event stream shown as text, and a
 * few controls. It uses only the public entry point. The instance is `window.airlock`.
 */
import { createAirlock, ethereum, polygon, type AirlockInstance } from '../src/index'

declare global {
  interface Window {
    airlock: AirlockInstance
  }
}

const params = new URLSearchParams(location.search)
const airlock = createAirlock({
  projectId: params.get('projectId') ?? 'airlock-demo',
  networks: [ethereum, polygon],
  features: { swaps: params.get('swaps') === '1' },
  metadata: { name: 'Airlock demo', description: 'The Airlock demo page', url: location.origin, icons: [] },
  apiUrls: { config: params.get('config') ?? `${location.origin}/api` },
  themeMode: params.get('theme') === 'dark' ? 'dark' : 'light',
  locale: params.get('locale') ?? 'en',
})
window.airlock = airlock

const byId = <T extends HTMLElement>(id: string): T => {
  const element = document.getElementById(id)
  if (!element) throw new Error(`Missing #${id}`)
  return element as T
}

const stateView = byId<HTMLPreElement>('state')
const eventsView = byId<HTMLOListElement>('events')
const status = byId<HTMLParagraphElement>('status')
const swaps = byId<HTMLInputElement>('swaps')

function render(): void {
  const state = airlock.getState()
  // textContent only: nothing here is ever parsed as HTML.
  stateView.textContent = JSON.stringify(state, null, 2)
  const plugins = airlock.loadedPlugins().join(', ') || 'none'
  status.textContent = `Airlock is running. Modal ${state.router.open ? 'open' : 'closed'}; plugins loaded: ${plugins}.`
}
// Plugin life-cycle events change no state, so render on every event as well as on state changes.
airlock.state$.subscribe(render)
airlock.events$.subscribe(render)
airlock.subscribeEvents((event) => {
  const item = document.createElement('li')
  item.textContent = `${event.type} ${JSON.stringify(event.payload)}`
  eventsView.prepend(item)
})

byId('open').addEventListener('click', () => airlock.open())
byId('close').addEventListener('click', () => airlock.close())
byId('notify').addEventListener('click', () => airlock.notify({ variant: 'success', message: 'Hello from Airlock' }))
swaps.checked = airlock.getState().options.features.swaps
swaps.addEventListener('change', () => airlock.setFeatures({ swaps: swaps.checked }))

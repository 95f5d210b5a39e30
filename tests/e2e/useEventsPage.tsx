/**
 * The page of tests/e2e/useEvents.test.ts: one instance under `<AirlockProvider>`, and a component
 * that calls `useEvents` with an inline listener (a new function on every render, as a site
 * writes it). The instance's `subscribeEvents` is counted as it is called (it still does its work),
 * and what the listener hears is kept with the render it was written in. `window.probe` holds it.
 */
import { useState } from 'react'
import { createRoot } from 'react-dom/client'
import { createAirlock, ethereum, type AirlockInstance } from '../../src/index'
import { AirlockProvider, useEvents } from '../../src/react'
import { memoryStorage } from '../../src/kernel/deps'

interface Probe {
  readonly airlock: AirlockInstance
  /** Calls of `subscribeEvents`, and the subscriptions not yet ended. */
  subscribed: number
  active: number
  /** What the listener heard: `<render it was written in>:<event type>`. */
  readonly heard: string[]
}

declare global {
  interface Window {
    probe: Probe
  }
}

const airlock = createAirlock(
  { projectId: 'events', networks: [ethereum], disableAppend: true, enableWalletConnect: false, enableEmbedded: false },
  { deps: { storage: memoryStorage() } },
)
const probe: Probe = { airlock, subscribed: 0, active: 0, heard: [] }
window.probe = probe
const subscribe = airlock.subscribeEvents.bind(airlock)
airlock.subscribeEvents = (listener) => {
  probe.subscribed += 1
  probe.active += 1
  const stop = subscribe(listener)
  return () => {
    probe.active -= 1
    stop()
  }
}

function Listener() {
  const [render, setRender] = useState(0)
  const last = useEvents((event) => probe.heard.push(`${render}:${event.type}`))
  return (
    <div>
      <button type="button" onClick={() => setRender((n) => n + 1)}>
        Render again
      </button>
      <output aria-label="render">{render}</output>
      <output aria-label="last event">{last?.type ?? 'none'}</output>
    </div>
  )
}

function App() {
  const [shown, setShown] = useState(true)
  return (
    <AirlockProvider airlock={airlock}>
      <button type="button" onClick={() => setShown((s) => !s)}>
        {shown ? 'Unmount' : 'Mount'}
      </button>
      {shown && <Listener />}
    </AirlockProvider>
  )
}

createRoot(document.getElementById('root')!).render(<App />)
document.body.dataset.ready = 'true'

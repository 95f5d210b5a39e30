/**
 * The page of tests/e2e/viewTime.test.ts: one instance whose deps' clock and scheduler are virtual
 * (the clock reads the scheduler's time), under `<AirlockProvider>`: ConnectingWalletConnect (its
 * pairing through the test's relay, and the "Link copied" feedback) and a probe showing
 * `useNow(30_000)`. `window.viewTime` advances the time.
 */
import { createRoot } from 'react-dom/client'
import { VirtualTimeScheduler } from 'rxjs'
import { createAirlock, ethereum } from '../../src/index'
import { AirlockProvider } from '../../src/react'
import { useNow } from '../../src/plugin'
import { memoryStorage } from '../../src/kernel/deps'
import { ConnectingWalletConnectView } from '../../src/ui/views/ConnectingWalletConnectView'

declare global {
  interface Window {
    viewTime: { advance(ms: number): void }
  }
}

const scheduler = new VirtualTimeScheduler()
// The test's own relay (services/relay): the view's pairing offers its link from there.
const relay = new URLSearchParams(location.search).get('relay') ?? ''
const airlock = createAirlock(
  { projectId: 'view-time', networks: [ethereum], disableAppend: true, enableEmbedded: false, apiUrls: { relay } },
  { deps: { storage: memoryStorage(), scheduler, clock: { now: () => scheduler.now() } } },
)
window.viewTime = {
  /** Run what the scheduler holds for the next `ms` of virtual time. */
  advance(ms) {
    scheduler.maxFrames = scheduler.frame + ms
    scheduler.flush()
  },
}

function Now() {
  return <output aria-label="now">{useNow(30_000)}</output>
}

createRoot(document.getElementById('root')!).render(
  <AirlockProvider airlock={airlock}>
    <Now />
    <ConnectingWalletConnectView />
  </AirlockProvider>,
)
document.body.dataset.ready = 'true'

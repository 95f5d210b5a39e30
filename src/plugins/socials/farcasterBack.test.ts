import { describe, expect, it } from 'vitest'
import { VirtualTimeScheduler } from 'rxjs'
import { createKernel } from '../../kernel/kernel'
import { defaultDeps, memoryStorage } from '../../kernel/deps'
import { createEvent, type AirlockEvent } from 'airlock/plugin'
import { routerModule } from '../../core/router/module'
import { connectionModule } from '../../core/connection/module'
import { networksModule } from '../../core/networks/module'
import { selectIsOpen } from '../../core/router/selectors'
import socials from './index'

/** The router with the socials plugin loaded (its views registered), on virtual time. */
function setup() {
  const scheduler = new VirtualTimeScheduler()
  const kernel = createKernel({
    modules: [routerModule, connectionModule, networksModule, socials],
    deps: defaultDeps({ storage: memoryStorage(), scheduler, fetch: undefined, window: undefined }),
  })
  kernel.dispatch(createEvent('PLUGIN_LOADED', { id: 'socials', views: ['SocialLogin', 'ConnectingSocial', 'ConnectingFarcaster'] }))
  const run = (...events: AirlockEvent[]) => events.forEach((e) => kernel.dispatch(e))
  const count = (type: string) => kernel.log().filter((e) => e.type === type).length
  return { kernel, scheduler, run, count, url: () => kernel.getState().socials?.farcasterUrl }
}
const open = (view?: string) => createEvent('MODAL_OPEN', view === undefined ? { connected: false } : { connected: false, view })
const push = (view: string) => createEvent('ROUTER_PUSH', { view })
const back = createEvent('ROUTER_BACK', {})
const connected = createEvent('CONNECT_SUCCESS', { method: 'browser', name: 'MetaMask', namespace: 'eip155', connectorId: 'io.metamask' })
const link = createEvent('FARCASTER_URL_RECEIVED', { url: 'https://farcaster.example/~/siwf?channel=1' })

describe('socials: the Farcaster back rule (SPEC §2, §9 Farcaster reload delay 100 ms)', () => {
  it('back from ConnectingFarcaster while not connected clears the Farcaster link and reloads the auth provider after 100 ms', () => {
    const { scheduler, run, count, url } = setup()
    run(open(), push('ConnectingFarcaster'), link)
    expect(url()).toBe('https://farcaster.example/~/siwf?channel=1')
    run(back)
    expect(count('FARCASTER_LOGIN_ABANDONED')).toBe(1)
    expect(url()).toBeNull()
    expect(count('AUTH_PROVIDER_RELOAD_REQUESTED')).toBe(0)
    scheduler.maxFrames = 99
    scheduler.flush()
    expect(count('AUTH_PROVIDER_RELOAD_REQUESTED')).toBe(0)
    scheduler.maxFrames = Infinity
    scheduler.flush()
    expect(count('AUTH_PROVIDER_RELOAD_REQUESTED')).toBe(1)
    expect(scheduler.now()).toBe(100)
  })

  it('a back that closes the modal from ConnectingFarcaster abandons it too', () => {
    const { kernel, scheduler, run, count } = setup()
    run(open('ConnectingFarcaster'), back)
    expect(selectIsOpen(kernel.getState())).toBe(false)
    scheduler.flush()
    expect(count('FARCASTER_LOGIN_ABANDONED')).toBe(1)
    expect(count('AUTH_PROVIDER_RELOAD_REQUESTED')).toBe(1)
  })

  it('back from ConnectingFarcaster while connected, or an ignored back, does neither', () => {
    const a = setup()
    a.run(open(), push('ConnectingFarcaster'), link, connected, back)
    a.scheduler.flush()
    expect(a.count('FARCASTER_LOGIN_ABANDONED')).toBe(0)
    expect(a.count('AUTH_PROVIDER_RELOAD_REQUESTED')).toBe(0)
    expect(a.url()).not.toBeNull()
    const b = setup()
    // The modal is closed and this is the first view: the back does nothing.
    b.run(createEvent('ROUTER_RESET', { view: 'ConnectingFarcaster' }), back)
    b.scheduler.flush()
    expect(b.count('FARCASTER_LOGIN_ABANDONED')).toBe(0)
  })

  it('a reset or a disconnect clears the link (SPEC §4 reset)', () => {
    for (const event of [createEvent('CONNECTION_RESET', { namespace: null }), createEvent('DISCONNECT_SUCCESS', { namespace: 'eip155' })]) {
      const { run, url } = setup()
      run(link, event)
      expect(url()).toBeNull()
    }
  })
})

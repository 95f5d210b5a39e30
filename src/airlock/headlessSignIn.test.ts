/**
 * Email and social sign-in without the modal (issue 28 §3): the instance's `watchEmailSignIn` and
 * `watchSocialSignIn` over the real email and socials plugins, loaded as a page with email, socials,
 * a project id and a secure site loads them. Their steps follow the plugins' events; the actions
 * run the plugins' commands (the secure frame's requests themselves are the Chromium test's:
 * tests/e2e/headless.test.ts).
 */
import { describe, expect, it } from 'vitest'
import { VirtualTimeScheduler } from 'rxjs'
import { createAirlock } from './createAirlock'
import { ethereum } from '../core/networks/chains/ethereum'
import { memoryStorage } from '../kernel/deps'
import { createEvent } from '../kernel/registry'
import type { EmailSignIn, SocialSignIn } from '../ports/headless'

function start(socials: readonly string[] = ['github', 'x', 'google'], win: Window = new EventTarget() as unknown as Window) {
  return createAirlock(
    {
      projectId: 'test',
      networks: [ethereum],
      disableAppend: true,
      enableWalletConnect: false,
      features: { email: true, socials: socials as never },
      apiUrls: { config: 'http://127.0.0.1:9/api', secureSite: 'http://127.0.0.1:9/frame' },
    },
    {
      deps: {
        storage: memoryStorage(),
        fetch: undefined,
        window: win,
        scheduler: new VirtualTimeScheduler(),
        logger: { warn: () => undefined, error: () => undefined },
      },
      connectors: { readerFor: () => ({ request: async () => null, get: async () => null }) },
    },
  )
}

/** Every value `watch` gives, and a wait for the first one `done` accepts. */
function record<T>(watch: (listener: (value: T) => void) => () => void) {
  const seen: T[] = []
  const waiters: { test: (value: T) => boolean; done: (value: T) => void }[] = []
  const stop = watch((value) => {
    seen.push(value)
    for (const waiter of [...waiters]) {
      if (!waiter.test(value)) continue
      waiters.splice(waiters.indexOf(waiter), 1)
      waiter.done(value)
    }
  })
  const until = (test: (value: T) => boolean) =>
    new Promise<T>((done) => {
      const last = seen[seen.length - 1]
      if (last !== undefined && test(last)) done(last)
      else waiters.push({ test, done })
    })
  return { seen, stop, until, last: () => seen[seen.length - 1]! }
}

describe('watchEmailSignIn', () => {
  it('follows the email plugin: email, sending, code with the address, the error at the code step, done once signed in', async () => {
    const airlock = start()
    const email = record<EmailSignIn>((listener) => airlock.watchEmailSignIn(listener))
    const ready = await email.until((s) => s.available)
    expect(ready).toMatchObject({ step: 'email', email: undefined, error: undefined })
    const dispatch = airlock._internal.dispatch
    dispatch(createEvent('EMAIL_SUBMITTED', { email: 'ada@example.com' }))
    expect(email.last()).toMatchObject({ step: 'sending', email: 'ada@example.com' })
    dispatch(createEvent('EMAIL_CODE_REQUESTED', { email: 'ada@example.com', action: 'VERIFY_OTP' }))
    expect(email.last()).toMatchObject({ step: 'code', email: 'ada@example.com', error: undefined })
    dispatch(createEvent('EMAIL_OTP_SUBMITTED', { otp: '123456' }))
    expect(email.last().step).toBe('verifying')
    dispatch(createEvent('EMAIL_LOGIN_FAILED', { message: 'Invalid code' }))
    expect(email.last()).toMatchObject({ step: 'code', error: 'Invalid code' })
    dispatch(createEvent('EMAIL_LOGIN_SUCCEEDED', { email: 'ada@example.com' }))
    expect(email.last()).toMatchObject({ step: 'done', email: 'ada@example.com', error: undefined })
    // The same actions in every value: a site may keep one.
    expect(new Set(email.seen.filter((s) => s.available).map((s) => s.verify)).size).toBe(1)
    email.stop()
    airlock.destroy()
  })

  it('its actions are the plugin’s commands: an invalid address is refused where the visitor is; cancel goes back to the email field', async () => {
    const airlock = start()
    const email = record<EmailSignIn>((listener) => airlock.watchEmailSignIn(listener))
    const { submit, cancel } = await email.until((s) => s.available)
    submit('not an email')
    expect(email.last()).toMatchObject({ step: 'email', error: 'Enter a valid email address' })
    airlock._internal.dispatch(createEvent('EMAIL_CODE_REQUESTED', { email: 'ada@example.com', action: 'VERIFY_DEVICE' }))
    expect(email.last().step).toBe('device')
    cancel()
    expect(email.last()).toMatchObject({ step: 'email', email: undefined, error: undefined })
    email.stop()
    airlock.destroy()
  })

  it('without the email plugin: unavailable, and its actions do nothing', async () => {
    const airlock = start([])
    airlock.setFeatures({ email: false })
    const email = record<EmailSignIn>((listener) => airlock.watchEmailSignIn(listener))
    const first = await email.until(() => true)
    expect(first).toMatchObject({ available: false, step: 'email' })
    const before = airlock.getState()
    first.submit('ada@example.com')
    expect(airlock.getState().email).toBeUndefined()
    expect(airlock.getState().connection).toBe(before.connection)
    email.stop()
    airlock.destroy()
  })
})

describe('watchSocialSignIn', () => {
  it('lists the site’s providers in SPEC §9’s order with their names; signIn starts the plugin’s sign-in, and only for a listed provider', async () => {
    const opened: string[] = []
    const win = Object.assign(new EventTarget(), {
      location: { href: 'http://127.0.0.1:8/shop', origin: 'http://127.0.0.1:8' },
      open: (url: string) => (opened.push(url), null),
    }) as unknown as Window
    const airlock = start(['github', 'x', 'google'], win)
    const social = record<SocialSignIn>((listener) => airlock.watchSocialSignIn(listener))
    const ready = await social.until((s) => s.available)
    expect(ready.providers).toEqual([
      { id: 'google', name: 'Google' },
      { id: 'x', name: 'X' },
      { id: 'github', name: 'GitHub' },
    ])
    expect(ready).toMatchObject({ status: 'idle', provider: undefined, error: undefined, farcasterUrl: undefined })
    ready.signIn('discord')
    expect(social.last().status).toBe('idle')
    ready.signIn('x')
    expect(social.last()).toMatchObject({ status: 'popup', provider: 'x' })
    // The plugin's flow opened the popup in this same turn.
    expect(opened).toEqual(['about:blank'])
    social.stop()
    airlock.destroy()
  })

  it('in a Telegram mini app on Android: without facebook and x (SPEC §4), as Connect lists them', async () => {
    const win = Object.assign(new EventTarget(), { Telegram: { WebApp: { platform: 'android' } } }) as unknown as Window
    const airlock = start(['google', 'x', 'facebook'], win)
    const social = record<SocialSignIn>((listener) => airlock.watchSocialSignIn(listener))
    expect((await social.until((s) => s.available)).providers.map((p) => p.id)).toEqual(['google'])
    social.stop()
    airlock.destroy()
  })
})

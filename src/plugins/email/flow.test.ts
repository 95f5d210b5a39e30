/**
 * The email sign-in's effects (SPEC §4 "email connect actions", §5 cool-down and "Email fields in
 * frame messages must be valid emails", §9 "Email login cool-down 30 s"): the core modules and the
 * email plugin in a kernel, its `embedded` port a scripted fake of this file that records every
 * request and answers it as each test says.
 */
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import { runs } from '../../../tests/property/settings'
import { VirtualTimeScheduler } from 'rxjs'
import { createKernel } from '../../kernel/kernel'
import { defaultDeps, memoryStorage } from '../../kernel/deps'
import { createEvent, openModal } from 'airlock/plugin'
import { coreModules } from '../../core/modules'
import { resolveOptions } from '../../core/options/resolve'
import { ethereum } from '../../core/networks/chains/ethereum'
import { unavailableEmbeddedWallet, type EmbeddedWalletPort } from '../../embedded/port'
import type { AppEventType } from '../../embedded/protocol'
import { testDeps } from '../../../tests/support/testDeps'
import email from './index'
import { coolDownMessage, EMAIL_COOL_DOWN_MS, INVALID_CODE, INVALID_EMAIL } from './flow'

const ADA = 'ada@example.com'

/** A promise the test settles by hand. */
function deferred<T>() {
  let resolve!: (value: T) => void
  let reject!: (error: unknown) => void
  const promise = new Promise<T>((res, rej) => {
    resolve = res
    reject = rej
  })
  return { promise, resolve, reject }
}

type Script = Partial<Record<AppEventType, (payload: unknown) => Promise<unknown>>>

/** The `embedded` port, scripted: each request is recorded and answered by `script` (a type it lacks fails the test). */
function scriptedEmbedded(script: Script) {
  const asked: { type: AppEventType; payload: unknown }[] = []
  const port: EmbeddedWalletPort = {
    ...unavailableEmbeddedWallet(),
    request: ((type: AppEventType, payload: unknown) => {
      asked.push({ type, payload })
      const answer = script[type]
      return answer ? answer(payload) : Promise.reject(new Error(`unexpected ${type}`))
    }) as EmbeddedWalletPort['request'],
  }
  return { port, asked }
}

/** Let promise callbacks and the effects they feed run. */
const settle = () => new Promise<void>((resolve) => setTimeout(resolve, 0))

function start(script: Script, stored: Record<string, string> = {}) {
  const { port, asked } = scriptedEmbedded(script)
  const clock = { at: 1_700_000_000_000 }
  const scheduler = new VirtualTimeScheduler()
  const deps = defaultDeps({
    storage: memoryStorage(stored),
    fetch: undefined,
    window: undefined,
    scheduler,
    clock: { now: () => clock.at },
    logger: { warn() {}, error() {} },
  })
  const kernel = createKernel({
    modules: [...coreModules, email],
    deps,
    depsFor: (module, d) => testDeps({ ...d, embedded: port, moduleId: module.id, storageKeys: module.storage ?? {} }),
  })
  kernel.dispatch(createEvent('OPTIONS_INITIALIZED', { options: resolveOptions({ projectId: 'p1', networks: [ethereum] }).options }))
  kernel.dispatch(createEvent('PLUGIN_LOADED', { id: 'email', views: Object.keys(email.views ?? {}) }))
  kernel.dispatch((state) => openModal(state, { view: 'EmailLogin' }))
  const views = () => kernel.getState().router.history.map((route) => route.view)
  const flow = () => kernel.getState().email!.flow
  const types = () => kernel.log().map((event) => event.type)
  const failures = () => kernel.log().flatMap((event) => (event.type === 'EMAIL_LOGIN_FAILED' ? [event.payload.message] : []))
  const submitEmail = async (address: string) => {
    kernel.dispatch(createEvent('EMAIL_SUBMITTED', { email: address }))
    await settle()
  }
  const submitCode = async (otp: string) => {
    kernel.dispatch(createEvent('EMAIL_OTP_SUBMITTED', { otp }))
    await settle()
  }
  return { kernel, asked, clock, views, flow, types, failures, submitEmail, submitCode }
}

describe('coolDownMessage (SPEC §5 "at most once per 30 seconds … N is the seconds left, rounded up", §9 30 s)', () => {
  it('the cool-down is 30 s', () => {
    expect(EMAIL_COOL_DOWN_MS).toBe(30_000)
  })

  it('no login yet: allowed', () => {
    expect(coolDownMessage(null, 123)).toBeNull()
  })

  it('within 30 s: "Please try again after N seconds", N the seconds left rounded up; from 30 s on: allowed', () => {
    expect(coolDownMessage(1000, 1000)).toBe('Please try again after 30 seconds')
    expect(coolDownMessage(1000, 1001)).toBe('Please try again after 30 seconds')
    expect(coolDownMessage(1000, 1999)).toBe('Please try again after 30 seconds')
    expect(coolDownMessage(1000, 2000)).toBe('Please try again after 29 seconds')
    expect(coolDownMessage(1000, 30_999)).toBe('Please try again after 1 seconds')
    expect(coolDownMessage(1000, 31_000)).toBeNull()
    expect(coolDownMessage(1000, 1_000_000)).toBeNull()
  })

  it('for any time since the last login: a message with ceil(left / 1000) while time is left, none after', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 2 ** 45 }), fc.integer({ min: 0, max: 120_000 }), (last, elapsed) => {
        const message = coolDownMessage(last, last + elapsed)
        if (elapsed >= 30_000) expect(message).toBeNull()
        else {
          const n = Math.ceil((30_000 - elapsed) / 1000)
          expect(n).toBeGreaterThanOrEqual(1)
          expect(n).toBeLessThanOrEqual(30)
          expect(message).toBe(`Please try again after ${n} seconds`)
        }
      }),
      runs(),
    )
  })
})

describe('the email sign-in effects (SPEC §4 email connect actions)', () => {
  it('VERIFY_OTP: the code entry view, then the code signs in (EMAIL_LOGIN_SUCCEEDED, EMBEDDED_LOGIN_SUCCEEDED)', async () => {
    const { kernel, asked, views, flow, types, submitEmail, submitCode, clock } = start({
      CONNECT_EMAIL: () => Promise.resolve({ action: 'VERIFY_OTP' }),
      CONNECT_OTP: () => Promise.resolve({}),
    })
    await submitEmail(ADA)
    expect(asked).toEqual([{ type: 'CONNECT_EMAIL', payload: { email: ADA } }])
    expect(views()).toEqual(['EmailLogin', 'EmailVerifyOtp'])
    expect(flow()).toEqual({ step: 'otp', email: ADA, error: null })
    // The login's time is stored for the cool-down.
    expect(kernel.getState().email!.lastLoginAt).toBe(clock.at)
    await submitCode('123456')
    expect(asked[1]).toEqual({ type: 'CONNECT_OTP', payload: { otp: '123456' } })
    expect(types()).toEqual(expect.arrayContaining(['EMAIL_LOGIN_TRIGGERED', 'EMAIL_CODE_REQUESTED', 'EMAIL_LOGIN_SUCCEEDED', 'EMBEDDED_LOGIN_SUCCEEDED']))
    const signedIn = kernel.log().find((event) => event.type === 'EMBEDDED_LOGIN_SUCCEEDED')
    expect(signedIn?.payload).toEqual({ provider: 'email', identifier: ADA })
    expect(kernel.getState().email).toMatchObject({ email: ADA, loginUsed: true, lastLoginAt: null })
  })

  it('VERIFY_DEVICE: the device approval notice first; once the device is approved, the code view in its place', async () => {
    const device = deferred<unknown>()
    const { asked, views, flow, types, submitEmail } = start({
      CONNECT_EMAIL: () => Promise.resolve({ action: 'VERIFY_DEVICE' }),
      CONNECT_DEVICE: () => device.promise,
    })
    await submitEmail(ADA)
    expect(asked.map((a) => a.type)).toEqual(['CONNECT_EMAIL', 'CONNECT_DEVICE'])
    expect(views()).toEqual(['EmailLogin', 'EmailVerifyDevice'])
    expect(flow().step).toBe('device')
    expect(types()).not.toContain('EMAIL_DEVICE_APPROVED')
    device.resolve({})
    await settle()
    expect(types()).toContain('EMAIL_DEVICE_APPROVED')
    // Replaced, not pushed: back from the code goes to the form, not to the device notice.
    expect(views()).toEqual(['EmailLogin', 'EmailVerifyOtp'])
    expect(flow().step).toBe('otp')
  })

  it('CONNECT: signed in at once, with no device or code step (EMAIL_LOGIN_SUCCEEDED, EMBEDDED_LOGIN_SUCCEEDED, the embedded wallet connects)', async () => {
    const { kernel, asked, views, types, failures, submitEmail } = start({ CONNECT_EMAIL: () => Promise.resolve({ action: 'CONNECT' }) })
    await submitEmail(ADA)
    // The frame is asked once: no CONNECT_DEVICE, no CONNECT_OTP, and no code view.
    expect(asked).toEqual([{ type: 'CONNECT_EMAIL', payload: { email: ADA } }])
    expect(views()).toEqual(['EmailLogin'])
    expect(failures()).toEqual([])
    expect(types()).not.toContain('EMAIL_CODE_REQUESTED')
    const signedIn = kernel.log().find((event) => event.type === 'EMBEDDED_LOGIN_SUCCEEDED')
    expect(signedIn?.payload).toEqual({ provider: 'email', identifier: ADA })
    const connect = kernel.log().find((event) => event.type === 'CONNECT_REQUESTED')
    expect(connect?.payload).toEqual({ connectorId: unavailableEmbeddedWallet().connectorId })
    // SPEC §4 "Login success stores email and the used flag, and clears the last email-login time".
    expect(kernel.getState().email).toMatchObject({ email: ADA, loginUsed: true, lastLoginAt: null })
  })

  it('a failure of the frame is shown where the visitor is: the form after a code request, the code view after a code', async () => {
    const requestFails = start({ CONNECT_EMAIL: () => Promise.reject(new Error('Embedded Wallet Request Timed Out')) })
    await requestFails.submitEmail(ADA)
    expect(requestFails.flow()).toEqual({ step: 'idle', email: ADA, error: 'Embedded Wallet Request Timed Out' })
    expect(requestFails.views()).toEqual(['EmailLogin'])

    const codeFails = start({
      CONNECT_EMAIL: () => Promise.resolve({ action: 'VERIFY_OTP' }),
      CONNECT_OTP: () => Promise.reject(new Error('Invalid code')),
    })
    await codeFails.submitEmail(ADA)
    await codeFails.submitCode('000000')
    expect(codeFails.flow()).toEqual({ step: 'otp', email: ADA, error: 'Invalid code' })
    expect(codeFails.types()).not.toContain('EMAIL_LOGIN_SUCCEEDED')
    expect(codeFails.kernel.getState().email!.loginUsed).toBe(false)
  })

  it('a code that is not six digits is refused with "Enter the 6-digit code", and the frame never hears of it', async () => {
    const { asked, failures, submitEmail, submitCode, flow } = start({ CONNECT_EMAIL: () => Promise.resolve({ action: 'VERIFY_OTP' }) })
    await submitEmail(ADA)
    for (const otp of ['12345', '1234567', '12a456', ' 123456', '١٢٣٤٥٦', '']) await submitCode(otp)
    expect(asked.map((a) => a.type)).toEqual(['CONNECT_EMAIL'])
    expect(failures()).toEqual(Array.from({ length: 6 }, () => INVALID_CODE))
    expect(flow()).toMatchObject({ step: 'otp', error: INVALID_CODE })
  })

  it('an invalid email is refused before the frame, and starts no cool-down (SPEC §5 "Email fields in frame messages must be valid emails")', async () => {
    const { kernel, asked, failures, submitEmail } = start({})
    for (const address of ['ada', 'ada @example.com', 'ada@@example.com', `${'a'.repeat(250)}@example.com`]) await submitEmail(address)
    expect(asked).toEqual([])
    expect(failures()).toEqual(Array.from({ length: 4 }, () => INVALID_EMAIL))
    expect(kernel.getState().email!.lastLoginAt).toBeNull()
  })
})

describe('the email cool-down in the effects (SPEC §5, §9 30 s)', () => {
  it('a second code request 12.345 s after the first is refused "Please try again after 18 seconds"; at 30 s it goes', async () => {
    const { asked, clock, failures, submitEmail, flow } = start({ CONNECT_EMAIL: () => Promise.resolve({ action: 'VERIFY_OTP' }) })
    const first = clock.at
    await submitEmail(ADA)
    clock.at = first + 12_345
    await submitEmail(ADA)
    expect(failures()).toEqual(['Please try again after 18 seconds'])
    expect(flow().error).toBe('Please try again after 18 seconds')
    expect(asked).toHaveLength(1)
    clock.at = first + 29_999
    await submitEmail(ADA)
    expect(failures()[1]).toBe('Please try again after 1 seconds')
    clock.at = first + 30_000
    await submitEmail(ADA)
    expect(asked).toHaveLength(2)
  })

  it('the last login time stored before a reload still holds (SPEC §3 last email-login time)', async () => {
    const at = 1_700_000_000_000 - 5_000
    const { asked, failures, submitEmail, kernel } = start(
      { CONNECT_EMAIL: () => Promise.resolve({ action: 'VERIFY_OTP' }) },
      { '@airlock/email/lastLoginTime': String(at) },
    )
    await settle()
    expect(kernel.getState().email!.lastLoginAt).toBe(at)
    await submitEmail(ADA)
    expect(failures()).toEqual(['Please try again after 25 seconds'])
    expect(asked).toEqual([])
  })
})

describe('the email change effects (SPEC §4 email update: primary, then secondary code)', () => {
  it('UPDATE_EMAIL, the current address’s code, then the new one’s: the new email is stored', async () => {
    const { kernel, asked, views } = start({
      UPDATE_EMAIL: () => Promise.resolve({ action: 'VERIFY_PRIMARY_OTP' }),
      UPDATE_EMAIL_PRIMARY_OTP: () => Promise.resolve({ action: 'VERIFY_SECONDARY_OTP' }),
      UPDATE_EMAIL_SECONDARY_OTP: () => Promise.resolve({ newEmail: 'new@example.com' }),
    })
    kernel.dispatch(createEvent('EMAIL_UPDATE_SUBMITTED', { email: 'new@example.com' }))
    await settle()
    expect(views()[views().length - 1]).toBe('UpdateEmailOtp')
    expect(kernel.getState().email!.update.step).toBe('primary')
    kernel.dispatch(createEvent('EMAIL_UPDATE_OTP_SUBMITTED', { otp: '111111' }))
    await settle()
    expect(kernel.getState().email!.update.step).toBe('secondary')
    kernel.dispatch(createEvent('EMAIL_UPDATE_OTP_SUBMITTED', { otp: '222222' }))
    await settle()
    expect(asked.map((a) => a.type)).toEqual(['UPDATE_EMAIL', 'UPDATE_EMAIL_PRIMARY_OTP', 'UPDATE_EMAIL_SECONDARY_OTP'])
    expect(asked[2]!.payload).toEqual({ otp: '222222' })
    expect(kernel.getState().email).toMatchObject({ email: 'new@example.com', update: { step: 'done' } })
  })
})

describe('leaving the sign-in (the `cancel` command, issue 28 §3: a page’s own form)', () => {
  it('while the code is being asked for: back to the form, and the answer that comes later changes nothing', async () => {
    const answer = deferred<{ action: 'VERIFY_OTP' }>()
    const { kernel, flow, types, submitEmail } = start({ CONNECT_EMAIL: () => answer.promise })
    await submitEmail(ADA)
    expect(flow().step).toBe('requesting')
    kernel.dispatch((state) => email.commands!.cancel!(state))
    expect(flow()).toEqual({ step: 'idle', email: null, error: null })
    answer.resolve({ action: 'VERIFY_OTP' })
    await settle()
    expect(flow()).toEqual({ step: 'idle', email: null, error: null })
    expect(types()).not.toContain('EMAIL_CODE_REQUESTED')
  })

  it('while the code is being checked: a failure that comes later is not shown, a success does not sign in', async () => {
    const check = deferred<unknown>()
    const { kernel, flow, types, submitEmail, submitCode } = start({
      CONNECT_EMAIL: () => Promise.resolve({ action: 'VERIFY_OTP' }),
      CONNECT_OTP: () => check.promise,
    })
    await submitEmail(ADA)
    await submitCode('123456')
    expect(flow().step).toBe('verifying')
    kernel.dispatch((state) => email.commands!.cancel!(state))
    check.resolve({})
    await settle()
    expect(flow()).toEqual({ step: 'idle', email: null, error: null })
    expect(types()).not.toContain('EMAIL_LOGIN_SUCCEEDED')
    expect(kernel.getState().email!.loginUsed).toBe(false)
  })
})

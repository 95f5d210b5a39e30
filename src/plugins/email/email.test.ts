import { describe, expect, it } from 'vitest'
import { createKernel } from '../../kernel/kernel'
import { defaultDeps, memoryStorage } from '../../kernel/deps'
import { createEvent } from 'airlock/plugin'
import { createSafeStorage, createScopedStore } from '../../kernel/storage'
import email from './index'

const KEY = { lastLoginTime: '@airlock/email/lastLoginTime', loginUsed: '@airlock/email/loginUsed', email: '@airlock/email/email' }

function start(stored: Record<string, string> = {}) {
  const storage = memoryStorage(stored)
  const kernel = createKernel({
    modules: [email],
    deps: defaultDeps({ storage, fetch: undefined, window: undefined }),
    // The store port as createPortDeps gives it: scoped to the module's declared keys.
    depsFor: (module, deps) => ({ ...deps, store: createScopedStore(createSafeStorage(deps.storage, deps.logger), module.id, module.storage) }),
  })
  kernel.dispatch(createEvent('PLUGIN_LOADED', { id: 'email' }))
  return { kernel, storage, slice: () => kernel.getState().email }
}

describe('email plugin', () => {
  it('brings back its own storage keys when it loads; a corrupt one reads as absent (SPEC §3)', () => {
    const { slice, storage } = start({ [KEY.lastLoginTime]: '1700000000000', [KEY.loginUsed]: '"yes"', [KEY.email]: '"ada@example.com"' })
    expect(slice()).toMatchObject({ lastLoginAt: 1_700_000_000_000, loginUsed: false, email: 'ada@example.com' })
    expect(storage.getItem(KEY.loginUsed)).toBeNull()
  })

  it('triggering a login stores its time (SPEC §3 last email-login time, §5 cool-down)', () => {
    const { kernel, storage, slice } = start()
    kernel.dispatch(createEvent('EMAIL_LOGIN_TRIGGERED', { at: 5 }))
    expect(slice()?.lastLoginAt).toBe(5)
    expect(storage.dump()).toEqual({ [KEY.lastLoginTime]: '5' })
  })

  it('login success stores email and the used flag, and clears the last login time (SPEC §4)', () => {
    const { kernel, storage, slice } = start({ [KEY.lastLoginTime]: '5' })
    kernel.dispatch(createEvent('EMAIL_LOGIN_SUCCEEDED', { email: 'ada@example.com' }))
    expect(slice()).toMatchObject({ lastLoginAt: null, loginUsed: true, email: 'ada@example.com' })
    expect(storage.dump()).toEqual({ [KEY.email]: '"ada@example.com"', [KEY.loginUsed]: 'true' })
    kernel.dispatch(createEvent('EMAIL_UPDATED', { email: 'new@example.com' }))
    expect(storage.dump()).toEqual({ [KEY.email]: '"new@example.com"', [KEY.loginUsed]: 'true' })
  })

  it('a disconnect, or a failed connection check, clears email and the used flag (SPEC §4)', () => {
    for (const event of [createEvent('DISCONNECT_SUCCESS', { namespace: null }), createEvent('CONNECTION_CHECK_FAILED', { namespace: null })]) {
      const { kernel, storage, slice } = start({ [KEY.email]: '"ada@example.com"', [KEY.loginUsed]: 'true', [KEY.lastLoginTime]: '5' })
      kernel.dispatch(event)
      expect(slice()).toMatchObject({ lastLoginAt: 5, loginUsed: false, email: null })
      expect(storage.dump()).toEqual({ [KEY.lastLoginTime]: '5' })
    }
  })

  it('declares its events, so the log decodes and replays them', () => {
    const { kernel } = start()
    kernel.dispatch(createEvent('EMAIL_LOGIN_SUCCEEDED', { email: 'ada@example.com' }))
    expect(Object.keys(email.events ?? {})).toEqual(
      expect.arrayContaining(['EMAIL_LOGIN_SUCCEEDED', 'EMAIL_LOGIN_TRIGGERED', 'EMAIL_RESTORED', 'EMAIL_UPDATED', 'EMAIL_SUBMITTED']),
    )
    expect(kernel.replay().email).toEqual(kernel.getState().email)
  })
})

import { describe, expect, it } from 'vitest'
import { createKernel } from '../../kernel/kernel'
import { defaultDeps, memoryStorage } from '../../kernel/deps'
import { createEvent } from 'airlock/plugin'
import { createSafeStorage, createScopedStore } from '../../kernel/storage'
import socials from './index'

const KEY = { provider: '@airlock/socials/provider', username: '@airlock/socials/username' }

function start(stored: Record<string, string> = {}) {
  const storage = memoryStorage(stored)
  const kernel = createKernel({
    modules: [socials],
    deps: defaultDeps({ storage, fetch: undefined, window: undefined }),
    // The store port as createPortDeps gives it: scoped to the module's declared keys.
    depsFor: (module, deps) => ({ ...deps, store: createScopedStore(createSafeStorage(deps.storage, deps.logger), module.id, module.storage) }),
  })
  kernel.dispatch(createEvent('PLUGIN_LOADED', { id: 'socials' }))
  return { kernel, storage, slice: () => kernel.getState().socials }
}

describe('socials plugin', () => {
  it('brings back the stored provider and username when it loads; an unknown provider is corrupt (SPEC §3)', () => {
    expect(start({ [KEY.provider]: '"google"', [KEY.username]: '"ada"' }).slice()).toMatchObject({ provider: 'google', username: 'ada' })
    const corrupt = start({ [KEY.provider]: '"myspace"' })
    expect(corrupt.slice()).toMatchObject({ provider: null, username: null })
    expect(corrupt.storage.dump()).toEqual({})
  })

  it('a social login stores the provider and username (SPEC §3 connected social provider and username)', () => {
    const { kernel, storage } = start({ [KEY.username]: '"old"' })
    kernel.dispatch(createEvent('SOCIAL_LOGIN_SUCCEEDED', { provider: 'x', username: 'ada' }))
    expect(storage.dump()).toEqual({ [KEY.provider]: '"x"', [KEY.username]: '"ada"' })
    kernel.dispatch(createEvent('SOCIAL_LOGIN_SUCCEEDED', { provider: 'google', username: null }))
    expect(storage.dump()).toEqual({ [KEY.provider]: '"google"' })
  })

  it('a disconnect, or a failed connection check, clears the username and keeps the provider (SPEC §4)', () => {
    for (const event of [createEvent('DISCONNECT_SUCCESS', { namespace: 'eip155' }), createEvent('CONNECTION_CHECK_FAILED', { namespace: null })]) {
      const { kernel, storage, slice } = start({ [KEY.provider]: '"google"', [KEY.username]: '"ada"' })
      kernel.dispatch(event)
      expect(slice()).toMatchObject({ provider: 'google', username: null })
      expect(storage.dump()).toEqual({ [KEY.provider]: '"google"' })
    }
  })
})

/**
 * `createPortDeps`: every module gets the kernel's deps and the shared ports, and a store of its
 * own declared keys; `openWindow` opens through the page window, or returns null without one.
 */
import { describe, expect, it } from 'vitest'
import * as t from 'io-ts'
import { defaultDeps, memoryStorage } from '../kernel/deps'
import { defineModule } from '../kernel/module'
import { UNDECLARED_STORAGE_KEY } from '../kernel/storage'
import { createPortDeps, windowOpener } from './deps'
import { testDeps, walletWith } from '../../tests/support/testDeps'

const quiet = { warn: () => undefined, error: () => undefined }

describe('createPortDeps', () => {
  it('hands each module the shared ports and a store scoped to its own declared keys', () => {
    const storage = memoryStorage()
    const deps = defaultDeps({ storage, window: undefined, logger: quiet })
    const shared = testDeps()
    const depsFor = createPortDeps({ wallet: shared.wallet, api: shared.api, config: shared.config })
    const a = defineModule({ id: 'a', initialState: null, storage: { note: t.string } })
    const b = defineModule({ id: 'b', initialState: null, storage: { note: t.number } })
    const forA = depsFor(a, deps)
    const forB = depsFor(b, deps)
    expect(forA.wallet).toBe(shared.wallet)
    expect(forA.api).toBe(shared.api)
    expect(forA.clock).toBe(deps.clock)
    expect(forA.store.write('note', 'from a')).toBe(true)
    expect(forB.store.write('note', 7)).toBe(true)
    expect(storage.dump()).toEqual({ '@airlock/a/note': '"from a"', '@airlock/b/note': '7' })
    expect(forA.store.read('note')).toBe('from a')
    expect(forB.store.read('note')).toBe(7)
    const core = depsFor(defineModule({ id: 'router', initialState: null }), deps)
    expect(() => core.store.read('note')).toThrow(UNDECLARED_STORAGE_KEY)
  })

  it('opens popups through the page window, and gives null where there is none', () => {
    const opened: unknown[][] = []
    const win = { open: (...args: unknown[]) => (opened.push(args), { closed: false }) } as unknown as Window
    expect(windowOpener(win)('https://auth.test/login', '_blank', 'width=600')).toEqual({ closed: false })
    expect(opened).toEqual([['https://auth.test/login', '_blank', 'width=600']])
    expect(windowOpener(undefined)('https://auth.test/login')).toBeNull()
    const depsFor = createPortDeps({ wallet: walletWith(), api: testDeps().api, config: testDeps().config })
    expect(depsFor(defineModule({ id: 'x', initialState: null }), defaultDeps({ window: win, logger: quiet })).openWindow('https://pay.test')).toEqual({
      closed: false,
    })
  })
})

describe('testDeps', () => {
  it('gives effects fakes: no connection, an unconfigured API, a recording openWindow, a scoped store', async () => {
    const deps = testDeps({ moduleId: 'example', storageKeys: { greeting: t.string } })
    expect(deps.wallet.connection()).toBeUndefined()
    await expect(deps.api.supportedChains()).rejects.toThrow('Blockchain API not configured')
    expect(deps.openWindow('https://pay.test')).toBeNull()
    expect(deps.opened).toEqual(['https://pay.test'])
    expect(deps.store.write('greeting', 'hi')).toBe(true)
    expect((deps.storage as ReturnType<typeof memoryStorage>).dump()).toEqual({ '@airlock/example/greeting': '"hi"' })
  })
})

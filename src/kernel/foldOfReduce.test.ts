/**
 * The kernel runs only folds (issue 27 §1: no Immer in its entry). Rules checked: a module with an
 * Immer `reduce` and no `fold` is refused by the kernel with UnfoldedModuleError; the plugin SDK's
 * `defineModule` and the plugin host give such a module its fold, which reduces as the reducer
 * says; and the slices the kernel holds are frozen deeply, as `produce` froze them.
 */
import { describe, expect, it } from 'vitest'
import { BehaviorSubject } from 'rxjs'
import { createKernel } from './kernel'
import { defineModule as defineCoreModule } from './module'
import { defineModule, withFold } from './foldOfReduce'
import { createPluginHost, definePlugin } from './plugin'
import { defaultDeps, memoryStorage } from './deps'
import { UnfoldedModuleError } from './errors/plugin'
import { createEvent } from './registry'
import { freezeSlice } from './freeze'

const spec = {
  id: 'opens',
  initialState: { opens: 0, list: [] as number[] },
  reduce(draft: { opens: number; list: number[] }, event: { type: string }) {
    if (event.type === 'MODAL_OPEN') {
      draft.opens += 1
      draft.list.push(draft.opens)
    }
  },
}
const deps = () => defaultDeps({ storage: memoryStorage() })

describe('folds only', () => {
  it('refuses a module with a reduce and no fold, at start and when added', () => {
    const raw = defineCoreModule(spec)
    expect(() => createKernel({ modules: [raw], deps: deps() })).toThrow(UnfoldedModuleError)
    const kernel = createKernel({ modules: [], deps: deps() })
    expect(() => kernel.addModule(raw)).toThrow('Module opens has a reduce but no fold: define it with defineModule from airlock/plugin')
    kernel.destroy()
  })

  it("the SDK's defineModule gives the reducer a fold: the kernel reduces with it, and the slice is frozen deeply", () => {
    const kernel = createKernel({ modules: [defineModule(spec)], deps: deps() })
    kernel.dispatch(createEvent('MODAL_OPEN', { connected: false }))
    kernel.dispatch(createEvent('MODAL_OPEN', { connected: false }))
    const slice = (kernel.getState() as unknown as { opens: { opens: number; list: number[] } }).opens
    expect(slice).toEqual({ opens: 2, list: [1, 2] })
    expect(Object.isFrozen(slice) && Object.isFrozen(slice.list)).toBe(true)
    kernel.destroy()
  })

  it('the plugin host gives a loaded module without a fold its fold', async () => {
    const kernel = createKernel({ modules: [], deps: deps() })
    const features = new BehaviorSubject({ on: true })
    const manifest = definePlugin<{ on: boolean }>({ id: 'opens', enabledBy: (f) => f.on, load: async () => ({ default: defineCoreModule(spec) }) })
    const host = createPluginHost(kernel, [manifest], features)
    await host.settled()
    expect(host.loaded()).toEqual(['opens'])
    kernel.dispatch(createEvent('MODAL_OPEN', { connected: false }))
    expect((kernel.getState() as unknown as { opens: { opens: number } }).opens.opens).toBe(1)
    host.destroy()
    kernel.destroy()
  })

  it('withFold leaves a module with a fold, or without a reducer, as it is', () => {
    const folded = withFold(defineCoreModule(spec))
    expect(withFold(folded)).toBe(folded)
    const plain = defineCoreModule({ id: 'plain', initialState: {} })
    expect(withFold(plain)).toBe(plain)
  })

  it('freezeSlice freezes plain objects and arrays deeply, and leaves typed arrays and class instances alone', () => {
    const bytes = new Uint8Array([1])
    const date = new Date(0)
    const slice = freezeSlice({ a: { b: [{ c: 1 }] }, bytes, date })
    expect(Object.isFrozen(slice.a.b[0])).toBe(true)
    expect(Object.isFrozen(bytes) || Object.isFrozen(date)).toBe(false)
  })
})

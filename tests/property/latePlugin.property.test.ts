/**
 * Property 4: a plugin loaded late ends where an eager one would. For each built-in plugin and the
 * example plugin, and random event sequences, a kernel that had the plugin from the start and one
 * that added it after the events hold equal state.
 */
import { describe, expect, it } from 'vitest'
import fc from 'fast-check'
import type { AnyModule } from '../../src/kernel/module'
import { withFold } from '../../src/kernel/foldOfReduce'
import { builtinPlugins } from '../../src/plugins/builtin'
import { coreEvents, newCoreKernel } from './coreKernel'
import { MODEL_RUNS, runs } from './settings'

const examplePlugin = async (): Promise<AnyModule> => (await import('../../examples/sign-message-plugin/index')).default
const plugins: [string, () => Promise<AnyModule>][] = [
  ...builtinPlugins.map((manifest): [string, () => Promise<AnyModule>] => [manifest.id, async () => (await manifest.load()).default]),
  ['signMessage', examplePlugin],
]

describe('property 4: late-loaded plugins', () => {
  for (const [id, load] of plugins) {
    it(`the ${id} plugin loaded after the events ends where it would had it been loaded at start`, async () => {
      // As the plugin host hands it to the kernel: a module made with `airlock`'s defineModule has no fold yet.
      const plugin = withFold(await load())
      fc.assert(
        fc.property(coreEvents, fc.nat(), (events, splitSeed) => {
          const eager = newCoreKernel([plugin])
          const late = newCoreKernel()
          const split = events.length === 0 ? 0 : splitSeed % (events.length + 1)
          events.forEach((event, index) => {
            if (index === split) late.kernel.addModule(plugin)
            eager.kernel.dispatch(event)
            late.kernel.dispatch(event)
          })
          if (!late.kernel.hasModule(plugin.id)) late.kernel.addModule(plugin)
          expect(late.kernel.getState()).toEqual(eager.kernel.getState())
          expect(late.kernel.replay()).toEqual(late.kernel.getState())
          eager.kernel.destroy()
          late.kernel.destroy()
        }),
        runs({ atMost: MODEL_RUNS }),
      )
    })
  }
})

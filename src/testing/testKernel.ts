/**
 * A plugin's module over the core, without a page (`airlock/testing`): the kernel an instance runs,
 * with the core modules and the modules given, started as `createAirlock` starts it (the options
 * resolved and checked, their alerts raised, storage read), and no plugin host, connector or UI. A
 * plugin's tests drive it with events and commands and read its state through their selectors.
 *
 * ```ts
 * const kernel = createTestKernel({ options: { projectId: 'p', networks: [ethereum] }, modules: [{ ...myModule, effects: {} }] })
 * kernel.dispatch(createEvent('NETWORK_SWITCHED', { caipNetworkId: 'eip155:1' }))
 * selectMyForm(kernel.getState())
 * ```
 */
import { createKernel, type Kernel } from '../kernel/kernel'
import { createEvent } from '../kernel/registry'
import { createSafeStorage } from '../kernel/storage'
import type { AnyModule } from '../kernel/module'
import { withFold } from '../kernel/foldOfReduce'
import type { PortDeps } from '../ports/deps'
import type { AirlockOptions } from '../core/options/airlockOptions'
import { coreModules } from '../core/modules'
import { resolveOptions } from '../core/options/resolve'
import { hydrate } from '../core/storage/hydrate'
import { testDeps } from './testDeps'

/** The kernel as a test drives it: events and commands in, the state and the events out. */
export type TestKernel = Pick<Kernel, 'dispatch' | 'getState' | 'state$' | 'events$' | 'select' | 'destroy'>

export interface TestKernelOptions {
  /** The site's options, as `createAirlock` takes them (an invalid one throws its InvalidOptionsError). */
  readonly options: AirlockOptions
  /** The modules under test, after the core's; pass `{ ...module, effects: {} }` to run its effects by hand. */
  readonly modules?: readonly AnyModule[]
  /** What the modules' effects receive, and where the stored values are read from; default `testDeps()`. */
  readonly deps?: PortDeps
}

export function createTestKernel({ options, modules = [], deps = testDeps() }: TestKernelOptions): TestKernel {
  const { options: resolved, alerts } = resolveOptions(options)
  const kernel = createKernel({ modules: [...coreModules, ...modules.map(withFold)], deps })
  kernel.dispatch(createEvent('OPTIONS_INITIALIZED', { options: resolved }))
  for (const alert of alerts) kernel.dispatch(createEvent('ALERT_RAISED', alert))
  kernel.dispatch(createEvent('STORAGE_HYDRATED', { values: hydrate(createSafeStorage(deps.storage, deps.logger)) }))
  return kernel
}

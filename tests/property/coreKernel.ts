/** A kernel with every core module and fake dependencies, and arbitraries of core events. */
import fc from 'fast-check'
import { VirtualTimeScheduler } from 'rxjs'
import { createKernel, type Kernel } from '../../src/kernel/kernel'
import { defaultDeps, memoryStorage } from '../../src/kernel/deps'
import type { AnyModule } from '../../src/kernel/module'
import type { AirlockEvent } from '../../src/kernel/registry'
import { coreEventCodecs } from '../../src/events/catalogue'
import { coreModules } from '../../src/core/modules'
import { resolveOptions } from '../../src/core/options/resolve'
import { ethereum } from '../../src/core/networks/chains/ethereum'
import { polygon } from '../../src/core/networks/chains/polygon'
import { solana } from '../../src/core/networks/chains/solana'
import { createConfigClient } from '../../src/remote/config/client'
import { arbitraryFor } from './arbitraries'

export interface CoreKernel {
  readonly kernel: Kernel
  readonly scheduler: VirtualTimeScheduler
}

/** A kernel with the core modules (plus `extra`), started the way createAirlock starts one. */
export function newCoreKernel(extra: readonly AnyModule[] = []): CoreKernel {
  const scheduler = new VirtualTimeScheduler()
  const deps = defaultDeps({ storage: memoryStorage(), fetch: undefined, window: undefined, scheduler, logger: { warn() {}, error() {} } })
  const { options } = resolveOptions({ projectId: 'property', networks: [ethereum, polygon, solana] })
  // The `config` port as createAirlock builds it: no config API set, so the bundled catalog.
  const config = createConfigClient({ baseUrl: options.apiUrls.config, projectId: options.projectId, fetch: undefined, scheduler })
  const kernel = createKernel({ modules: [...coreModules, ...extra], deps, logLimit: 100_000, depsFor: (_module, d) => ({ ...d, config }) })
  kernel.dispatch({ type: 'OPTIONS_INITIALIZED', payload: { options } })
  kernel.dispatch({ type: 'STORAGE_HYDRATED', payload: { values: {} } })
  return { kernel, scheduler }
}

const types = Object.keys(coreEventCodecs) as (keyof typeof coreEventCodecs)[]

/** Any core event, generated from its codec. OPTIONS_INITIALIZED is rare: it resets so much. */
export const coreEvent: fc.Arbitrary<AirlockEvent> = fc
  .constantFrom(...types.filter((type) => type !== 'OPTIONS_INITIALIZED'))
  .chain((type) => arbitraryFor(coreEventCodecs[type]))
  .map((event) => event as AirlockEvent)

/** A sequence of core events, sometimes with a fresh OPTIONS_INITIALIZED in the middle. */
export const coreEvents: fc.Arbitrary<AirlockEvent[]> = fc.array(
  fc.oneof({ weight: 30, arbitrary: coreEvent }, { weight: 1, arbitrary: arbitraryFor(coreEventCodecs.OPTIONS_INITIALIZED).map((e) => e as AirlockEvent) }),
  { maxLength: 40 },
)

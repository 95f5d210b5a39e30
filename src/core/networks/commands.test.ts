import { describe, expect, it } from 'vitest'
import { VirtualTimeScheduler } from 'rxjs'
import { createKernel, type Kernel } from '../../kernel/kernel'
import { defaultDeps, memoryStorage } from '../../kernel/deps'
import { createEvent } from '../../kernel/registry'
import { AirlockError } from '../../kernel/errors'
import { resolveOptions } from '../options/resolve'
import { networksModule } from './module'
import { switchNetwork } from './commands'
import { ethereum } from './chains/ethereum'
import { polygon } from './chains/polygon'

/** What `run` throws (fails the test when it throws nothing). */
function thrown(run: () => unknown): unknown {
  try {
    run()
  } catch (error) {
    return error
  }
  throw new Error('expected a throw')
}

function start(): Kernel {
  const deps = defaultDeps({ storage: memoryStorage(), scheduler: new VirtualTimeScheduler(), fetch: undefined, window: undefined })
  const kernel = createKernel({ modules: [networksModule], deps })
  kernel.dispatch(createEvent('OPTIONS_INITIALIZED', { options: resolveOptions({ projectId: 'p1', networks: [ethereum, polygon] }).options }))
  return kernel
}

describe('switchNetwork', () => {
  it('returns NETWORK_SWITCHED for a configured network (SPEC §4)', () => {
    const kernel = start()
    expect(switchNetwork(kernel.getState(), 'eip155:137')).toEqual([{ type: 'NETWORK_SWITCHED', payload: { caipNetworkId: 'eip155:137' } }])
  })

  it('returns nothing for the network already active', () => {
    expect(switchNetwork(start().getState(), 'eip155:1')).toEqual([])
  })

  it('throws "Network not found" for a network the site did not configure (SPEC §8)', () => {
    const kernel = start()
    const error = thrown(() => switchNetwork(kernel.getState(), 'eip155:8453'))
    expect(error).toBeInstanceOf(AirlockError)
    expect(error).toMatchObject({ message: 'Network not found' })
    expect(() => switchNetwork(kernel.getState(), 'nonsense')).toThrow('Network not found')
  })
})

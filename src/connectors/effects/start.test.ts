/**
 * The wallet effects' trigger: nothing loads before a wallet is needed; a switch or a disconnect
 * with no wallet to ask is answered from the first load; once loaded, the effects see the event
 * that asked for them and every one after, and restore only from the first storage read.
 */
import { describe, expect, it } from 'vitest'
import { EMPTY, mergeMap } from 'rxjs'
import { createKernel } from '../../kernel/kernel'
import { defaultDeps, memoryStorage } from '../../kernel/deps'
import { createEvent, type AirlockEvent } from '../../kernel/registry'
import type { Effect } from '../../kernel/module'
import { coreModules } from '../../core/modules'
import { resolveOptions } from '../../core/options/resolve'
import { ethereum } from '../../core/networks/chains/ethereum'
import { polygon } from '../../core/networks/chains/polygon'
import { createConnectorRuntime } from '../runtime'
import { createWalletModule } from '../module'
import type { LoadWalletEffects } from './start'
import type { WalletEffectsOptions } from './walletEffects'

const stored = { connectionStatus: 'connected', connectedConnectorIds: { eip155: 'fake.wallet' } } as const

function harness(load: LoadWalletEffects) {
  const deps = defaultDeps({ storage: memoryStorage(), fetch: undefined, window: undefined, logger: { warn() {}, error() {} } })
  const kernel = createKernel({ modules: [...coreModules, createWalletModule(createConnectorRuntime(), load)], deps })
  const { options } = resolveOptions({ projectId: 'test', networks: [ethereum, polygon], enableWalletConnect: false })
  kernel.dispatch(createEvent('OPTIONS_INITIALIZED', { options }))
  return kernel
}

/** A chunk whose effects record what they see, and the options they were made with. */
function recorder() {
  const seen: string[] = []
  const made: WalletEffectsOptions[] = []
  let loads = 0
  const effect: Effect = (events$) =>
    events$.pipe(
      mergeMap((event: AirlockEvent) => {
        seen.push(event.type)
        return EMPTY
      }),
    )
  const load: LoadWalletEffects = async () => {
    loads += 1
    return {
      walletEffects: (_runtime, options) => {
        made.push(options)
        return effect
      },
    }
  }
  return { seen, made, load, loads: () => loads }
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0))

describe('startWalletEffects', () => {
  it('answers a switch and a disconnect with no wallet to ask without loading anything', async () => {
    const chunk = recorder()
    const kernel = harness(chunk.load)
    kernel.dispatch(createEvent('STORAGE_HYDRATED', { values: {} }))
    kernel.dispatch(createEvent('NETWORK_SWITCH_REQUESTED', { caipNetworkId: 'eip155:137' }))
    expect(kernel.getState().networks.activeCaipNetworkId).toBe('eip155:137')
    kernel.dispatch(createEvent('NETWORK_SWITCH_REQUESTED', { caipNetworkId: 'eip155:5' }))
    expect(kernel.log().filter((e) => e.type === 'NETWORK_SWITCH_FAILED').length).toBe(1)
    kernel.dispatch(createEvent('DISCONNECT_REQUESTED', { namespace: null }))
    await tick()
    const types = kernel.log().map((e) => e.type)
    expect(types.slice(types.indexOf('DISCONNECT_REQUESTED'))).toEqual(['DISCONNECT_REQUESTED', 'DISCONNECT_SUCCESS', 'CONNECTION_RESET'])
    expect(chunk.loads()).toBe(0)
  })

  it('loads on a connect request and hands over that event and every later one, in order; no restore after an empty storage read', async () => {
    const chunk = recorder()
    const kernel = harness(chunk.load)
    kernel.dispatch(createEvent('STORAGE_HYDRATED', { values: {} }))
    kernel.dispatch(createEvent('CONNECT_REQUESTED', { connectorId: 'fake.wallet' }))
    kernel.dispatch(createEvent('MODAL_CLOSE', { connected: false }))
    expect(chunk.seen).toEqual([])
    await tick()
    kernel.dispatch(createEvent('CONNECTORS_ADDED', { connectors: [] }))
    expect(chunk.loads()).toBe(1)
    expect(chunk.seen).toEqual(['CONNECT_REQUESTED', 'MODAL_CLOSE', 'CONNECTORS_ADDED'])
    expect(chunk.made).toEqual([{ moduleId: 'wallets', restore: false }])
  })

  it('loads on a stored connection, and restores from it', async () => {
    const chunk = recorder()
    const kernel = harness(chunk.load)
    kernel.dispatch(createEvent('STORAGE_HYDRATED', { values: stored }))
    await tick()
    expect(chunk.seen).toEqual(['STORAGE_HYDRATED'])
    expect(chunk.made).toEqual([{ moduleId: 'wallets', restore: true }])
  })

  it('a failed load fails the connect that asked, and the next need loads again', async () => {
    let loads = 0
    const kernel = harness(() => {
      loads += 1
      return Promise.reject(new Error('chunk gone'))
    })
    kernel.dispatch(createEvent('CONNECT_REQUESTED', { connectorId: 'fake.wallet' }))
    await tick()
    // Not the wallet's error: the core's message, and the banner in the strings' words, without the import's.
    const failed = kernel.log().filter((e) => e.type === 'CONNECT_ERROR' || e.type === 'NOTIFICATION_REQUESTED')
    expect(failed.map((e) => e.payload)).toEqual([{ message: 'Connection failed' }, { variant: 'error', key: 'viewLoadFailed' }])
    expect(JSON.stringify(kernel.log())).not.toContain('chunk gone')
    expect(kernel.getState().connection.status).toBe('disconnected')
    kernel.dispatch(createEvent('CONNECT_REQUESTED', { connectorId: 'fake.wallet' }))
    expect(loads).toBe(2)
  })
})

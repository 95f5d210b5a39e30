/**
 * A kernel with every core module and the real wallet-connection module (connect, follow,
 * switch, disconnect, restore effects and the real eip155 adapter), reaching one scriptable
 * EIP-1193 wallet: the set-up `createAirlock` makes, without a page, the UI or the plugins.
 */
import { VirtualTimeScheduler } from 'rxjs'
import { createKernel, type Kernel } from '../../src/kernel/kernel'
import { defaultDeps, memoryStorage } from '../../src/kernel/deps'
import { createEvent, type AirlockEvent } from '../../src/kernel/registry'
import type { StoredValues } from '../../src/events/shapes/storage'
import { coreModules } from '../../src/core/modules'
import { resolveOptions } from '../../src/core/options/resolve'
import { ethereum } from '../../src/core/networks/chains/ethereum'
import { polygon } from '../../src/core/networks/chains/polygon'
import { solana } from '../../src/core/networks/chains/solana'
import { createConnectorRuntime, type ConnectorRuntime } from '../../src/connectors/runtime'
import { createWalletModule } from '../../src/connectors/module'
import * as walletEffects from '../../src/connectors/effects/walletEffects'
import { eip155Adapter } from '../../src/chains/eip155/adapter'
import { PUBLIC_EVENTS } from '../../src/events/catalogue'
import type { FakeWallet } from './eip1193Wallet'
import type { ChainReader } from '../../src/chains/adapter'

export const FAKE_WALLET_ID = 'fake.wallet'

export interface WalletKernel {
  readonly kernel: Kernel
  readonly runtime: ConnectorRuntime
  readonly scheduler: VirtualTimeScheduler
}

/**
 * ```ts
 * const { kernel } = walletKernel(fakeWallet())
 * kernel.dispatch(createEvent('CONNECT_REQUESTED', { connectorId: FAKE_WALLET_ID }))
 * ```
 */
export function walletKernel(wallet: FakeWallet, stored: StoredValues = {}, reader?: ChainReader): WalletKernel {
  const scheduler = new VirtualTimeScheduler()
  const deps = defaultDeps({ storage: memoryStorage(), fetch: undefined, window: undefined, scheduler, logger: { warn() {}, error() {} } })
  // The real eip155 adapter, imported up front rather than as its lazy chunk; no chain endpoint
  // unless a reader is given, so the balance effect clears the balance and reads nothing.
  const runtime = createConnectorRuntime({ loadAdapter: async (namespace) => (namespace === 'eip155' ? eip155Adapter : undefined), readerFor: () => reader })
  runtime.providers.set(FAKE_WALLET_ID, wallet)
  // Likewise the wallet effects: still handed over by their trigger, a promise later, but not
  // imported (and transformed) while the test counts event-loop turns.
  const kernel = createKernel({ modules: [...coreModules, createWalletModule(runtime, async () => walletEffects)], deps, logLimit: 100_000 })
  const { options } = resolveOptions({ projectId: 'test', networks: [ethereum, polygon, solana], enableWalletConnect: false })
  kernel.dispatch(createEvent('OPTIONS_INITIALIZED', { options }))
  kernel.dispatch(createEvent('STORAGE_HYDRATED', { values: stored }))
  kernel.dispatch(createEvent('CONNECTORS_ADDED', { connectors: [{ id: FAKE_WALLET_ID, name: 'Fake Wallet', type: 'ANNOUNCED', chain: 'eip155' }] }))
  return { kernel, runtime, scheduler }
}

/** The public analytics events from now on, as `subscribeEvents` would deliver them (without timestamps). */
export function publicEvents(kernel: Kernel): AirlockEvent[] {
  const seen: AirlockEvent[] = []
  kernel.events$.subscribe((event) => {
    if (PUBLIC_EVENTS.has(event.type)) seen.push(event)
  })
  return seen
}

/** Let pending promise callbacks and I/O run, until `done` holds (or give up after `rounds`). */
export async function settle(done: () => boolean = () => false, rounds = 50): Promise<void> {
  for (let i = 0; i < rounds && !done(); i++) await new Promise((resolve) => setImmediate(resolve))
}

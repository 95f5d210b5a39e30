/**
 * Deps for effect tests (`airlock/testing`): `testDeps(overrides)` gives an effect everything a
 * module's effects receive (PortDeps), made for tests: virtual time, in-memory storage, no fetch,
 * no window, a logger that records, no wallet connection, a Blockchain API with no base URL (every call fails
 * "Blockchain API not configured"), a store scoped to `moduleId` with `storage`'s keys, and an
 * `openWindow` that records what it was asked to open. Any of them can be replaced.
 *
 * ```ts
 * const deps = testDeps({ wallet: walletWith(connection), moduleId: 'greeter', storageKeys: { greeting: t.string } })
 * effect(events$, state$, deps).subscribe(...)
 * ```
 */
import { unavailableEmbeddedWallet } from '../embedded/port'
import { unavailableSiwx } from '../ports/siwx'
import type * as t from 'io-ts'
import { VirtualTimeScheduler } from 'rxjs'
import { memoryStorage, type Deps } from '../kernel/deps'
import { createSafeStorage, createScopedStore } from '../kernel/storage'
import type { PortDeps } from '../ports/deps'
import type { WalletAccess, WalletConnection } from '../ports/wallet'
import type { ChainNamespace } from '../events/shapes/namespace'
import { createConfigClient } from '../remote/config/client'
import { createBlockchainApi } from '../remote/blockchain/client'

export interface TestDepsOptions extends Partial<PortDeps> {
  /** The module the store belongs to; default 'test'. */
  readonly moduleId?: string
  /** The module's declared storage keys; default none. */
  readonly storageKeys?: Readonly<Record<string, t.Mixed>>
}

export interface TestDeps extends PortDeps {
  readonly scheduler: VirtualTimeScheduler
  /** What the logger was told, as [level, message]. */
  readonly logged: [level: 'warn' | 'error', message: string][]
  /** The URLs `openWindow` was asked to open. */
  readonly opened: string[]
}

/** A `wallet` port whose connections are the ones given (by namespace; the first is the active one). */
export function walletWith(...connections: WalletConnection[]): WalletAccess {
  return {
    connection: (namespace?: ChainNamespace) => (namespace === undefined ? connections[0] : connections.find((c) => c.namespace === namespace)),
  }
}

export function testDeps(options: TestDepsOptions = {}): TestDeps {
  const { moduleId = 'test', storageKeys = {}, ...overrides } = options
  const logged: TestDeps['logged'] = []
  const opened: string[] = []
  const base: Deps = {
    clock: { now: () => 0 },
    scheduler: new VirtualTimeScheduler(),
    storage: memoryStorage(),
    fetch: undefined,
    window: undefined,
    logger: {
      warn: (message) => void logged.push(['warn', message]),
      error: (message) => void logged.push(['error', message]),
    },
  }
  const deps = { ...base, ...overrides }
  return {
    ...deps,
    scheduler: deps.scheduler as VirtualTimeScheduler,
    wallet: overrides.wallet ?? walletWith(),
    api: overrides.api ?? createBlockchainApi({ baseUrl: undefined, projectId: 'test', sdkType: 'airlock', sdkVersion: 'test', fetch: deps.fetch }),
    config: overrides.config ?? createConfigClient({ baseUrl: null, projectId: 'test', fetch: deps.fetch, scheduler: deps.scheduler }),
    store: overrides.store ?? createScopedStore(createSafeStorage(deps.storage, deps.logger), moduleId, storageKeys),
    openWindow:
      overrides.openWindow ??
      ((url) => {
        opened.push(url)
        return null
      }),
    embedded: overrides.embedded ?? unavailableEmbeddedWallet(),
    siwx: overrides.siwx ?? unavailableSiwx(),
    logged,
    opened,
  }
}

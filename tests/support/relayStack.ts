/**
 * The relay unit tests' shared set-up (tests/unit/relayPartialDisconnect.test.ts,
 * tests/unit/walletAccessRelay.test.ts): anvil and the local relay of services/relay for the test
 * file, started before its tests and stopped after them; a site (`createAirlock` in Node, no page)
 * whose WalletConnect connector reaches that relay over browser stores of the test's choosing;
 * the phone wallet of tests/support/relayWallet.ts (the real sign client) on the same relay; and
 * the pairing between them. What a test opens is closed after it.
 */
import { afterAll, afterEach, beforeAll } from 'vitest'
import { createAirlock, defineChain, type AirlockInstance, type AirlockOptions, type CaipNetwork } from '../../src/index'
import { memoryStorage } from '../../src/kernel/deps'
import { createWalletConnectPort } from '../../src/connectors/walletconnect/port'
import { startAnvil } from '../../services/chain/anvil.mjs'
import { createMailbox, startRelay } from '../../services/relay/relay.mjs'
import { memoryKeyValueStore, type KeyValueStore } from './kvStorage'
import { startRelayWallet, type RelayWalletOptions } from './relayWallet'
import { idleMs, until } from './until'

/** The browser stores a site keeps across a reload: its storage, the sign client's store and its key prefix. */
export interface SiteStores {
  readonly storage: ReturnType<typeof memoryStorage>
  readonly kv: KeyValueStore
  readonly prefix: string
}

let prefixes = 0

/** Fresh browser stores (a new profile); `prefix`: the sign client's key prefix, unique by default. */
export function siteStores(prefix = `dapp-relay-${++prefixes}`): SiteStores {
  return { storage: memoryStorage(), kv: memoryKeyValueStore(), prefix }
}

export type RelayWallet = Awaited<ReturnType<typeof startRelayWallet>>

export interface RelayStack {
  readonly anvil: Awaited<ReturnType<typeof startAnvil>>
  readonly relay: Awaited<ReturnType<typeof startRelay>>
  /** The anvil chain as a site network (chain id 31337, its RPC the local anvil). */
  localChain(): CaipNetwork
  /**
   * A site on `networks` over the relay, closed after the test; `stores` (the same again: a
   * reload), `options` (e.g. plugins) added to the site's.
   */
  site(networks: readonly CaipNetwork[], stores?: SiteStores, options?: Partial<AirlockOptions>): AirlockInstance
  /** The phone wallet on the relay, closed after the test. */
  wallet(options: Omit<RelayWalletOptions, 'relayUrl'>): Promise<RelayWallet>
}

/**
 * Register the file's hooks (call it at the top of a test file) and give its stack.
 *
 * ```ts
 * const stack = useRelayStack()
 * const airlock = stack.site([stack.localChain()])
 * await pair(airlock, await stack.wallet({ rpcUrls: { 'eip155:31337': stack.anvil.url } }))
 * ```
 */
export function useRelayStack(): RelayStack {
  let anvil: RelayStack['anvil'] | undefined
  let relay: RelayStack['relay'] | undefined
  const open: { close(): Promise<void> | void }[] = []

  beforeAll(async () => {
    anvil = await startAnvil({ chainId: 31337 })
    relay = await startRelay({ mailbox: createMailbox() })
  }, idleMs(60_000))
  afterAll(async () => {
    await relay?.close()
    await anvil?.stop()
  })
  afterEach(async () => {
    for (const thing of open.splice(0).reverse()) await thing.close()
  })

  const started = <T>(thing: T | undefined, name: string): T => {
    if (thing === undefined) throw new Error(`${name} is not started: use the stack inside a test`)
    return thing
  }

  return {
    get anvil() {
      return started(anvil, 'anvil')
    },
    get relay() {
      return started(relay, 'the relay')
    },
    localChain() {
      const { chainId, url } = started(anvil, 'anvil')
      return defineChain({
        id: chainId,
        name: 'Local',
        nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
        rpcUrls: { default: { http: [url] } },
        testnet: true,
      })
    },
    site(networks, stores = siteStores(), options = {}) {
      const airlock = createAirlock(
        {
          projectId: 'test-project',
          networks: [...networks],
          relayUrl: started(relay, 'the relay').url,
          disableAppend: true,
          apiUrls: { config: 'http://127.0.0.1:9/api' },
          ...options,
        },
        {
          deps: { storage: stores.storage, fetch: undefined, logger: { warn: () => undefined, error: () => undefined } },
          connectors: { walletConnect: createWalletConnectPort({ storage: stores.kv, customStoragePrefix: stores.prefix }) },
        },
      )
      open.push({ close: () => airlock.destroy() })
      return airlock
    },
    async wallet(options) {
      const wallet = await startRelayWallet({ ...options, relayUrl: started(relay, 'the relay').url })
      open.push(wallet)
      return wallet
    },
  }
}

/** Connect `airlock` over the relay, `wallet` scanning the pairing URI it shows. */
export async function pair(airlock: AirlockInstance, wallet: RelayWallet): Promise<void> {
  const done = airlock.connect('walletConnect')
  await until(() => airlock.getState().connection.wcUri !== null, 15_000, 'a pairing URI')
  await wallet.pair(airlock.getState().connection.wcUri!)
  await done
}

/** The value `read` gives once it gives one, polled every 20 ms (an idle machine's `ms`, as `until`). */
export async function valueOf<T>(read: () => T | undefined | null | false, what: string, ms = 15_000): Promise<T> {
  let value: T | undefined | null | false
  await until(() => Boolean((value = read())), ms, what)
  return value as T
}

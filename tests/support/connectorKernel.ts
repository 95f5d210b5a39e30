/**
 * The connector-effect unit tests' shared set-up: a kernel with every core module and the real
 * wallet-connection module (its effects handed over at once, not as their lazy chunk) with the real
 * eip155 and solana adapters, on a site with Ethereum and Solana, reaching the wallets a test gives
 * it; and the wallets those tests share: the demo's Solana wallet (Wallet Standard, ed25519) and the
 * embedded wallet's real provider over a frame host whose answers the test writes.
 * Used by src/connectors/effects/{multiChain,partialDisconnect,embeddedTwoNamespaces,embeddedSwitch}.test.ts.
 */
import { BehaviorSubject, VirtualTimeScheduler } from 'rxjs'
import type { Wallet } from '@wallet-standard/base'
import { createKernel, type Kernel } from '../../src/kernel/kernel'
import { defaultDeps, memoryStorage, type Logger } from '../../src/kernel/deps'
import { createEvent, type AirlockEvent, type RootState } from '../../src/kernel/registry'
import { coreModules } from '../../src/core/modules'
import { resolveOptions } from '../../src/core/options/resolve'
import { ethereum } from '../../src/core/networks/chains/ethereum'
import { solana } from '../../src/core/networks/chains/solana'
import { eip155Adapter } from '../../src/chains/eip155/adapter'
import { solanaAdapter } from '../../src/chains/solana/adapter'
import type { WalletProvider } from '../../src/chains/adapter'
import type { Connector } from '../../src/events/shapes/connector'
import type { StoredValues } from '../../src/events/shapes/storage'
import { createConnectorRuntime, type ConnectorRuntime } from '../../src/connectors/runtime'
import { createWalletModule } from '../../src/connectors/module'
import * as walletEffects from '../../src/connectors/effects/walletEffects'
import { solanaStandard } from '../../src/connectors/walletStandard/solana'
import { createEmbeddedProvider, type EmbeddedProvider } from '../../src/embedded/provider'
import type { FrameHost } from '../../src/embedded/frameHost'
import type { FrameUser } from '../../src/embedded/protocol'
import type { FrameStatus } from '../../src/embedded/port'
import { registerSolanaTestWallet, solanaTestWalletAddress, type SolanaTestWallet } from '../../demo/wallets/solanaWallet'
import { ADDRESS_A } from './eip1193Wallet'
import { testWindow } from './testWindow'

export interface ConnectorKernelOptions {
  /** The wallets the page holds, by connector id. */
  readonly providers: Readonly<Record<string, WalletProvider>>
  /** The connectors announced (CONNECTORS_ADDED). */
  readonly connectors: readonly Connector[]
  /**
   * What the storage holds (a reload): the connectors are announced before it is read, so the
   * restore finds them. Without it the storage is empty and read first.
   */
  readonly stored?: StoredValues
  /** Where the effects' warnings go (default: nowhere). */
  readonly warn?: Logger['warn']
}

export interface ConnectorKernel {
  readonly kernel: Kernel
  readonly runtime: ConnectorRuntime
  /** The state, typed as the whole root state. */
  readonly state: () => RootState
}

/**
 * ```ts
 * const { kernel } = connectorKernel({ providers: { 'fake.evm': fakeWallet() }, connectors: [{ id: 'fake.evm', name: 'Fake Wallet', type: 'ANNOUNCED', chain: 'eip155' }] })
 * kernel.dispatch(createEvent('CONNECT_REQUESTED', { connectorId: 'fake.evm' }))
 * ```
 */
export function connectorKernel(options: ConnectorKernelOptions): ConnectorKernel {
  const runtime = createConnectorRuntime({
    loadAdapter: async (namespace) => (namespace === 'eip155' ? eip155Adapter : namespace === 'solana' ? solanaAdapter : undefined),
    readerFor: () => undefined,
  })
  for (const [id, provider] of Object.entries(options.providers)) runtime.providers.set(id, provider)
  const deps = defaultDeps({
    storage: memoryStorage(),
    fetch: undefined,
    window: undefined,
    scheduler: new VirtualTimeScheduler(),
    logger: { warn: options.warn ?? (() => undefined), error() {} },
  })
  const kernel = createKernel({ modules: [...coreModules, createWalletModule(runtime, async () => walletEffects)], deps })
  kernel.dispatch(
    createEvent('OPTIONS_INITIALIZED', { options: resolveOptions({ projectId: 'test', networks: [ethereum, solana], enableWalletConnect: false }).options }),
  )
  const announce = () => kernel.dispatch(createEvent('CONNECTORS_ADDED', { connectors: [...options.connectors] }))
  if (options.stored) {
    announce()
    kernel.dispatch(createEvent('STORAGE_HYDRATED', { values: options.stored }))
  } else {
    kernel.dispatch(createEvent('STORAGE_HYDRATED', { values: {} }))
    announce()
  }
  return { kernel, runtime, state: () => kernel.getState() as RootState }
}

/** Every event the kernel emits from now on (`only`: those of these types). */
export function recordEvents(kernel: Kernel, only?: ReadonlySet<string>): AirlockEvent[] {
  const seen: AirlockEvent[] = []
  kernel.events$.subscribe((event) => {
    if (!only || only.has(event.type)) seen.push(event)
  })
  return seen
}

/** RFC 8032's first ed25519 test key: public, worthless. */
export const SOLANA_TEST_SEED = '9d61b19deffd5a60ba844af492ec2cc44449c5697b326919703bac031cae7f60'

export interface SolanaTestProvider {
  /** The wallet as the connectors see it (the Wallet Standard provider). */
  readonly provider: WalletProvider
  /** The wallet's own handle (declineNext, …). */
  readonly handle: SolanaTestWallet
  /** Its address (base58). */
  readonly address: string
}

/** The demo's Solana wallet, registered on a window of its own and read back through Wallet Standard. */
export async function solanaTestProvider(): Promise<SolanaTestProvider> {
  const win = testWindow()
  const registered: Wallet[] = []
  win.addEventListener('wallet-standard:register-wallet', (event) =>
    (event as CustomEvent<(api: { register(...wallets: Wallet[]): () => void }) => void>).detail({
      register: (...wallets) => {
        registered.push(...wallets)
        return () => undefined
      },
    }),
  )
  const address = await solanaTestWalletAddress(SOLANA_TEST_SEED)
  const handle = registerSolanaTestWallet(win, { secretKey: SOLANA_TEST_SEED, address, rpcUrl: 'http://127.0.0.1:9', chains: [solana.caipNetworkId] })
  return { provider: solanaStandard.provider(registered[0]!), handle, address }
}

/** The embedded wallet's connector id. */
export const AUTH = 'AUTH'

/** The user the frame reports: signed in by email, an EOA at ADDRESS_A on chain 1. */
export const FRAME_USER: FrameUser = {
  email: 'ada@example.com',
  userName: null,
  provider: 'email',
  address: ADDRESS_A,
  chainId: 1,
  accounts: [{ address: ADDRESS_A, type: 'eoa' }],
  preferredAccountType: 'eoa',
  smartAccountDeployed: false,
}

/** A frame host that answers with `request` (the test's frame side), its frame serving `namespaces`. */
export function frameHost(request: FrameHost['request'], namespaces: readonly string[] = []): FrameHost {
  return {
    start: () => Promise.resolve(),
    status$: new BehaviorSubject<FrameStatus>('initialised'),
    request,
    view$: new BehaviorSubject({ requestId: null as string | null, height: 0 }),
    namespaces$: new BehaviorSubject<readonly string[]>(namespaces),
    cancelApprovals: () => undefined,
    destroy: () => undefined,
  }
}

/** The embedded wallet's real provider over `host`, on chain 1 with an EOA. */
export function embeddedProvider(host: FrameHost): EmbeddedProvider {
  return createEmbeddedProvider(host, { chainId: 1, preferredAccountType: 'eoa', randomId: () => crypto.randomUUID() })
}

/**
 * The `wallet` port over the connectors: a namespace's connection is its active connector's live
 * provider (from the provider registry) with the account and network the state holds for it, and
 * the namespace's chain adapter turning "sign this", "send that" into the namespace's own calls.
 * Nothing here knows a namespace: what a connection can do is what its adapter implements.
 */
import {
  CHAIN_ADAPTER_NOT_FOUND,
  errorCode,
  errorMessage,
  USER_REJECTED_CODE,
  type AdapterLoader,
  type ChainAdapter,
  type ChainReader,
  type Transfer,
  type WalletProvider,
} from '../chains/adapter'
import type { ChainNamespace } from '../events/shapes/namespace'
import type { CaipNetwork } from '../events/shapes/network'
import { AirlockError, ErrorCategory } from '../kernel/errors'
import type { RootState } from '../kernel/registry'
import { findNetwork, selectActiveNamespace } from '../core/networks/selectors'
import { selectConnectedNamespaces } from '../core/connection/selectors'
import { selectActiveConnectorId } from '../core/connectors/selectors'
import { selectCaipAddress } from '../core/account/selectors'
import type { TransferRequest, WalletAccess, WalletConnection } from '../ports/wallet'
import { NetworkNotFoundError } from '../kernel/errors/lookup'
import type { ProviderRegistry } from './providerRegistry'

/** SPEC §8: a call made for a namespace with no connected account. */
export const NO_ACTIVE_CAIP_ADDRESS = 'No ActiveCaipAddress found'

/** What a wallet error says when it says nothing. */
const WALLET_REQUEST_FAILED = 'The wallet request failed'

/** An adapter loader that remembers the adapters it loaded, so a connection knows its adapter at once. */
export interface RememberedAdapters {
  readonly load: AdapterLoader
  /** The adapter of `namespace` if it has been loaded, else undefined. */
  loaded(namespace: ChainNamespace): ChainAdapter | undefined
}

/**
 * Wrap an adapter loader so that what it loaded can be read synchronously. The composition root
 * gives the connectors this loader: every connect and restore loads its adapter before the
 * connection exists, so `wallet.connection()` knows which optional methods the namespace has.
 *
 * ```ts
 * const adapters = rememberAdapters(loadBuiltInAdapter)
 * const runtime = createConnectorRuntime({ loadAdapter: adapters.load })
 * ```
 */
export function rememberAdapters(load: AdapterLoader): RememberedAdapters {
  const loaded = new Map<ChainNamespace, ChainAdapter>()
  return {
    async load(namespace) {
      const known = loaded.get(namespace)
      if (known) return known
      const adapter = await load(namespace)
      if (adapter) loaded.set(namespace, adapter)
      return adapter
    },
    loaded: (namespace) => loaded.get(namespace),
  }
}

export interface WalletAccessSources {
  readonly providers: Pick<ProviderRegistry, 'get'>
  readonly adapters: RememberedAdapters
  /** The current state; read on every call, so a connection ended since is noticed. */
  readonly getState: () => RootState
  /**
   * The reader of a network's chain (src/connectors/chainReader.ts): a transfer reads the chain
   * through it (a recent blockhash, the receipt it waits for). Without it eip155 transfers read
   * through the wallet, and solana ones fail "A chain reader is needed".
   */
  readonly readerFor?: (network: CaipNetwork, state: RootState) => ChainReader | undefined
}

interface Snapshot {
  readonly namespace: ChainNamespace
  readonly connectorId: string
  readonly caipAddress: string
  readonly caipNetworkId: string
  readonly address: string
  readonly provider: WalletProvider
}

/** The connection of `namespace` in `state`, or undefined: connected, with an account, a connector and its provider. */
function readConnection(state: RootState, providers: Pick<ProviderRegistry, 'get'>, namespace: ChainNamespace | undefined): Snapshot | undefined {
  const ns = namespace ?? selectActiveNamespace(state)
  if (ns === null || !selectConnectedNamespaces(state).includes(ns)) return undefined
  const connectorId = selectActiveConnectorId(ns)(state)
  const caipAddress = selectCaipAddress(ns)(state)
  if (connectorId === null || caipAddress === null) return undefined
  const provider = providers.get(connectorId)
  if (!provider) return undefined
  // CAIP-10 is `namespace:reference:address`; only the address follows the last colon.
  const cut = caipAddress.lastIndexOf(':')
  if (cut < 0) return undefined
  return { namespace: ns, connectorId, caipAddress, caipNetworkId: caipAddress.slice(0, cut), address: caipAddress.slice(cut + 1), provider }
}

/**
 * A wallet's failure as an AirlockError: a declined request keeps code 4001 with category
 * USER_REJECTED (SPEC §8), any other keeps its code and message.
 */
export function walletError(error: unknown): AirlockError {
  if (error instanceof AirlockError) return error
  const code = errorCode(error)
  const category = code === USER_REJECTED_CODE ? ErrorCategory.USER_REJECTED : ErrorCategory.RPC
  return new AirlockError(errorMessage(error, WALLET_REQUEST_FAILED), { category, code, cause: error })
}

/**
 * The `wallet` port (src/ports/wallet.ts) over live providers and the state.
 *
 * ```ts
 * const wallet = createWalletAccess({ providers: runtime.providers, adapters, getState: kernel.getState })
 * const signature = await wallet.connection('eip155')?.signMessage('Hello')
 * ```
 */
export function createWalletAccess(sources: WalletAccessSources): WalletAccess {
  const { providers, adapters, getState } = sources

  function connection(namespace?: ChainNamespace): WalletConnection | undefined {
    const snapshot = readConnection(getState(), providers, namespace)
    if (!snapshot) return undefined
    const ns = snapshot.namespace

    /** The provider, if the connection is still the one read: same connector, same account. */
    const live = (): WalletProvider => {
      const now = readConnection(getState(), providers, ns)
      if (!now || now.connectorId !== snapshot.connectorId || now.address !== snapshot.address) {
        throw new AirlockError(NO_ACTIVE_CAIP_ADDRESS, {
          details: `The ${ns} connection to ${snapshot.connectorId} ended or changed account since it was read`,
        })
      }
      return now.provider
    }
    const adapter = async (): Promise<ChainAdapter> => {
      const found = await adapters.load(ns)
      if (!found) throw new AirlockError(CHAIN_ADAPTER_NOT_FOUND, { details: ns })
      return found
    }
    const call = async <T>(run: (provider: WalletProvider) => Promise<T>): Promise<T> => {
      try {
        return await run(live())
      } catch (error) {
        throw walletError(error)
      }
    }

    // The optional methods are those the namespace's adapter has. It is loaded before any
    // connection exists (see rememberAdapters); should it not be, start loading it for next time.
    const known = adapters.loaded(ns)
    if (!known) void adapters.load(ns).catch(() => undefined)
    const { sendTransaction, signTypedData, getCapabilities, sendTransfer, estimateTransferFee, waitForTransaction, signIn } = known ?? {}
    const { address } = snapshot
    /** A transfer through the adapter: from the connected address, on the connection's network, read through its reader. */
    const viaTransfer =
      <R>(method: ((provider: WalletProvider, transfer: Transfer) => Promise<R>) | undefined) =>
      (request: TransferRequest): Promise<R> =>
        call((provider) => {
          const state = getState()
          const network = findNetwork(state.networks, snapshot.caipNetworkId)
          if (!network) throw new NetworkNotFoundError({ caipNetworkId: snapshot.caipNetworkId })
          return method!.call(known, provider, { ...request, from: address, network, reader: sources.readerFor?.(network, state) })
        })
    return {
      namespace: ns,
      connectorId: snapshot.connectorId,
      address,
      caipNetworkId: snapshot.caipNetworkId,
      caipAddress: snapshot.caipAddress,
      request: (args) => call((provider) => provider.request(args)),
      signMessage: (message) => call(async (provider) => (await adapter()).signMessage(provider, address, message)),
      ...(sendTransaction && { sendTransaction: (transaction) => call((provider) => sendTransaction.call(known, provider, address, transaction)) }),
      ...(signTypedData && { signTypedData: (typedData) => call((provider) => signTypedData.call(known, provider, address, typedData)) }),
      ...(getCapabilities && { getCapabilities: () => call((provider) => getCapabilities.call(known, provider, address)) }),
      ...(signIn && { signIn: (input) => call((provider) => signIn.call(known, provider, address, input)) }),
      // Absent (undefined) where the adapter has no transfers.
      sendTransfer: sendTransfer && viaTransfer(sendTransfer),
      estimateTransferFee: estimateTransferFee && viaTransfer(estimateTransferFee),
      waitForTransaction:
        waitForTransaction &&
        ((id: string) =>
          call((provider) => {
            const state = getState()
            const network = findNetwork(state.networks, snapshot.caipNetworkId)
            if (!network) throw new NetworkNotFoundError({ caipNetworkId: snapshot.caipNetworkId })
            return waitForTransaction.call(known, provider, id, network, sources.readerFor?.(network, state))
          })),
    }
  }

  return { connection }
}

/**
 * `airlockConnector(airlock)`: a wagmi connector whose wallet is whatever the visitor connected
 * through Airlock on eip155.
 *
 * A wagmi connector is a plain function `(config) => connector` (wagmi's `createConnector` returns
 * its argument), so this file imports only wagmi's types: the same build serves wagmi 2
 * (@wagmi/core 2.x) and wagmi 3 (@wagmi/core 3.x), whose connector contracts differ only in what
 * `config` carries (3 adds `providers`, unused here) and in `connect({ withCapabilities })`, which
 * both accept and which is answered with account objects.
 */
import type { CreateConnectorFn } from '@wagmi/core'
import { BaseError, getAddress, SwitchChainError, UserRejectedRequestError, type Address, type Chain } from 'viem'
import type { AirlockInstance } from '../ports/instance'
import { connectThroughModal } from './connectThroughModal'
import { EVM, evmChainId, evmConnection, evmNetworkId, settledConnection, type EvmConnected, type EvmConnection } from './evmConnection'
import { airlockProvider, type AirlockEip1193Provider } from './provider'

export interface AirlockConnectorOptions {
  /** The connector's id in wagmi (`recentConnectorId`, `connector.id`); default `'airlock'`. */
  readonly id?: string
  /** Its name, as `useAccount().connector.name` gives it; default `'Airlock'`. */
  readonly name?: string
  /** Its icon (a URL or a data: URI), for a site's own list of connectors. */
  readonly icon?: string
}

/** What the connector holds besides wagmi's contract: the Airlock instance it follows. */
export type AirlockConnectorProperties = { readonly airlock: AirlockInstance }

const codeOf = (error: unknown): unknown => (typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined)
const asError = (error: unknown): Error => (error instanceof Error ? error : new BaseError(String(error)))
const checksummed = (connection: EvmConnected): Address[] => connection.accounts.map((account) => getAddress(account))

/**
 * A wagmi connector over an Airlock instance. `connect()` opens Airlock's modal (unless the
 * visitor is connected on eip155 already) and resolves once Airlock connects, or rejects with
 * viem's `UserRejectedRequestError` (4001) when the modal closes without a connection. wagmi's
 * hooks then sign and send through the connected wallet, and the two stay in step both ways:
 * Airlock's account and chain changes reach wagmi (`change`, `disconnect`; a connection made at
 * Airlock's own button is a `connect`), wagmi's `switchChain` moves Airlock's network, and wagmi's
 * `disconnect` disconnects Airlock's eip155 connection. After a reload, `isAuthorized`,
 * `getAccounts` and wagmi's reconnect wait for Airlock's own restore to end.
 *
 * ```ts
 * const airlock = createAirlock({ projectId, networks: [ethereum, polygon] })
 * const config = createConfig({
 *   chains: [mainnet, polygon],
 *   connectors: [airlockConnector(airlock)],
 *   multiInjectedProviderDiscovery: false,
 *   transports: { [mainnet.id]: http(), [polygon.id]: http() },
 * })
 * ```
 */
export function airlockConnector(
  airlock: AirlockInstance,
  options: AirlockConnectorOptions = {},
): CreateConnectorFn<AirlockEip1193Provider, AirlockConnectorProperties> {
  return (config) => {
    const { provider, emit } = airlockProvider(airlock)
    let following: { unsubscribe(): void } | undefined
    // wagmi's own disconnect updates wagmi itself; Airlock's answer to it is not news to wagmi.
    let leaving = false

    const chainOf = (chainId: number): Chain | undefined => config.chains.find((chain) => chain.id === chainId)

    async function switchChain({ chainId }: { chainId: number }): Promise<Chain> {
      const chain = chainOf(chainId)
      if (!chain) throw new SwitchChainError(new BaseError('Chain not configured.'))
      try {
        await airlock.switchNetwork(`${EVM}:${chainId}`)
      } catch (error) {
        if (codeOf(error) === UserRejectedRequestError.code) throw new UserRejectedRequestError(asError(error))
        throw new SwitchChainError(asError(error))
      }
      return chain
    }

    /** Tell wagmi (and the provider's listeners) how Airlock's EVM connection moved from `before` to `now`. */
    function follow(before: EvmConnection, now: EvmConnection): void {
      if (now.status === 'connected') {
        const accounts = checksummed(now)
        if (before.status !== 'connected') {
          // wagmi ignores this while its own connect or reconnect runs, and takes it otherwise: a
          // connection made at Airlock's own button or restored by Airlock.
          config.emitter.emit('connect', { accounts, chainId: now.chainId })
          emit('connect', { chainId: `0x${now.chainId.toString(16)}` })
          return
        }
        if (accounts.join() !== checksummed(before).join()) connector.onAccountsChanged(accounts)
        if (now.chainId !== before.chainId) connector.onChainChanged(`0x${now.chainId.toString(16)}`)
      } else if (before.status === 'connected' && now.status === 'disconnected') {
        connector.onDisconnect()
      }
    }

    const connector: ReturnType<CreateConnectorFn<AirlockEip1193Provider, AirlockConnectorProperties>> = {
      id: options.id ?? 'airlock',
      name: options.name ?? 'Airlock',
      type: 'airlock',
      ...(options.icon === undefined ? {} : { icon: options.icon }),
      airlock,

      async setup() {
        if (following) return
        let last = evmConnection(airlock.getState())
        following = airlock.state$.subscribe((state) => {
          const now = evmConnection(state)
          const before = last
          last = now
          follow(before, now)
        })
      },

      async connect({ chainId, isReconnecting, withCapabilities } = {}) {
        const settled = await settledConnection(airlock)
        let connection: EvmConnected
        if (settled.status === 'connected') connection = settled
        else if (isReconnecting) throw new UserRejectedRequestError(new BaseError('Airlock restored no EVM connection.'))
        else connection = await connectThroughModal(airlock, chainId)

        if (chainId !== undefined && chainId !== connection.chainId && !isReconnecting) {
          // As wagmi's injected connector does: a refusal ends the connect, any other failure
          // leaves the wallet connected on its own chain.
          await switchChain({ chainId }).catch((error: unknown) => {
            if (error instanceof UserRejectedRequestError) throw error
          })
          const now = evmConnection(airlock.getState())
          if (now.status === 'connected') connection = now
        }
        const accounts = checksummed(connection)
        return {
          accounts: (withCapabilities ? accounts.map((address) => ({ address, capabilities: {} })) : accounts) as never,
          chainId: connection.chainId,
        }
      },

      async disconnect() {
        if (evmConnection(airlock.getState()).status === 'disconnected') return
        leaving = true
        try {
          await airlock.disconnect(EVM)
        } catch {
          // "Failed to disconnect": the wallet did not answer in 3 s, and Airlock forgot the connection anyway.
        } finally {
          leaving = false
        }
      },

      async getAccounts() {
        const connection = await settledConnection(airlock)
        return connection.status === 'connected' ? checksummed(connection) : []
      },

      async getChainId() {
        const state = airlock.getState()
        const connection = evmConnection(state)
        if (connection.status === 'connected') return connection.chainId
        return evmChainId(evmNetworkId(state)) ?? config.chains[0].id
      },

      async getProvider() {
        return provider
      },

      async isAuthorized() {
        return (await settledConnection(airlock)).status === 'connected'
      },

      switchChain,

      onAccountsChanged(accounts) {
        if (accounts.length === 0) return connector.onDisconnect()
        const addresses = accounts.map((account) => getAddress(account))
        config.emitter.emit('change', { accounts: addresses })
        emit('accountsChanged', addresses)
      },

      onChainChanged(chain) {
        const chainId = Number(chain)
        config.emitter.emit('change', { chainId })
        emit('chainChanged', `0x${chainId.toString(16)}`)
      },

      onDisconnect() {
        emit('disconnect', new BaseError('Airlock disconnected the EVM wallet.'))
        if (!leaving) config.emitter.emit('disconnect')
      },
    }
    return connector
  }
}

/**
 * wagmi's connect, answered by Airlock's modal: the visitor picks a wallet (injected, announced,
 * WalletConnect, email or social) the way they would on any Airlock page, and the connector hands
 * wagmi whatever Airlock connected on eip155.
 */
import { BaseError, UserRejectedRequestError } from 'viem'
import type { AirlockInstance } from '../ports/instance'
import { EVM, evmChainId, evmConnection, evmNetworkId, firstState, type EvmConnected } from './evmConnection'

/**
 * Open Airlock's modal and settle with the EVM connection the visitor makes there. Rejects with
 * viem's `UserRejectedRequestError` (4001, what wagmi's connectors throw when the visitor
 * declines) when the modal closes without one; a failed attempt inside the modal does not end it,
 * since the visitor may pick another wallet there.
 *
 * When Airlock's active network is of another namespace (a page with Solana too), it first moves
 * to an EVM network (`chainId`'s when Airlock has it), so the modal connects an EVM wallet.
 *
 * ```ts
 * const { accounts, chainId } = await connectThroughModal(airlock)
 * ```
 */
export async function connectThroughModal(airlock: AirlockInstance, chainId?: number): Promise<EvmConnected> {
  await onEvmNetwork(airlock, chainId)
  let opened = false
  const settled = firstState<EvmConnected | Error>(airlock, (state) => {
    const connection = evmConnection(state)
    if (connection.status === 'connected') return connection
    if (state.router.open) opened = true
    else if (opened) return new UserRejectedRequestError(new BaseError('The modal closed without a connection.'))
    return undefined
  })
  await airlock.open()
  const outcome = await settled
  if (outcome instanceof Error) throw outcome
  return outcome
}

async function onEvmNetwork(airlock: AirlockInstance, chainId: number | undefined): Promise<void> {
  const state = airlock.getState()
  if (state.networks.activeNamespace === EVM) return
  const networks = state.networks.byNamespace[EVM].networks
  const wanted = networks.find((network) => evmChainId(network.caipNetworkId) === chainId)?.caipNetworkId ?? evmNetworkId(state)
  // Without an EVM network Airlock cannot connect one; the modal shows what it can.
  if (wanted === undefined) return
  await airlock.switchNetwork(wanted)
}

/**
 * What the sample dApp's cards share: whether an EVM wallet is connected (and on which network),
 * the loader of the viem actions (./evmActions, fetched on the first action), and an error's words.
 */
import type { RootState } from 'airlock'
import { useAirlockState } from 'airlock/react'

const EVM = 'eip155'

/** viem and the dApp's actions, loaded when the visitor first acts. */
export const loadEvmActions = () => import('./evmActions')

/** Whether an EVM wallet is connected, and the CAIP-2 id of its network. */
export function useEvmConnection(): { readonly connected: boolean; readonly caipNetworkId: string | null } {
  const connected = useAirlockState((s: RootState) => s.connection.connectedNamespaces.includes(EVM))
  const caipNetworkId = useAirlockState((s: RootState) =>
    s.networks.activeNamespace === EVM ? s.networks.activeCaipNetworkId : s.networks.byNamespace[EVM].networkState.selectedCaipNetworkId,
  )
  return { connected, caipNetworkId }
}

/** The short words of an error (viem's and Airlock's `shortMessage`, else its message). */
export function errorText(error: unknown): string {
  if (error && typeof error === 'object' && 'shortMessage' in error && typeof error.shortMessage === 'string') return error.shortMessage
  return error instanceof Error ? error.message : String(error)
}

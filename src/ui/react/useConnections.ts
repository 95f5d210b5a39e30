/**
 * `useConnections()` (`airlock/react/headless`): a site's own list of the wallets connected at
 * once. An export of the headless entry since issue 27 §1 (the connected wallets' selector no
 * longer in every page's airlock/react; the modal's Account view reads it from its own chunk).
 */
import { useCallback } from 'react'
import { selectConnectedWallets, type ConnectedWallet } from '../../core/connection/walletsSelectors'
import { useAirlock } from './context'
import { useAirlockState } from './useAirlockState'

/**
 * Several wallets at once (issue 28 §2): the wallets connected in the active namespace (name,
 * icon, address, and which is `active`), with the actions to make one active and to disconnect
 * one alone.
 *
 * ```tsx
 * const { wallets, switchWallet } = useConnections()
 * wallets.map((w) => <button onClick={() => switchWallet(w.connectorId)}>{w.name}{w.active ? ' ✓' : ''}</button>)
 * ```
 */
export function useConnections(): {
  readonly wallets: readonly ConnectedWallet[]
  readonly switchWallet: (connectorId: string) => Promise<void>
  readonly disconnectWallet: (connectorId: string) => void
} {
  const airlock = useAirlock()
  const wallets = useAirlockState(selectConnectedWallets)
  const switchWallet = useCallback((connectorId: string) => airlock.switchWallet(connectorId), [airlock])
  const disconnectWallet = useCallback((connectorId: string) => airlock.disconnectWallet(connectorId), [airlock])
  return { wallets, switchWallet, disconnectWallet }
}

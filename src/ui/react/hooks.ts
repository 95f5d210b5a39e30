/** The hooks of `airlock/react`, each a selector over the instance's state or a stable action. */
import { useCallback, useEffect, useRef, useState } from 'react'
import type { CaipNetwork } from '../../events/shapes/network'
import type { ChainNamespace } from '../../events/shapes/namespace'
import type { ConnectedWalletInfo } from '../../events/account'
import type { ConnectionStatus } from '../../events/shapes/namespace'
import type { PublicEvent } from '../../ports/instance'
import { selectActiveAccount } from '../../core/account/selectors'
import { selectActiveNetwork } from '../../core/networks/selectors'
import { useAirlock } from './context'
import { useAirlockState } from './useAirlockState'

export interface AccountInfo {
  readonly address: string | undefined
  readonly caipAddress: string | undefined
  readonly isConnected: boolean
  readonly status: ConnectionStatus
  readonly balance: string | undefined
  readonly balanceSymbol: string | undefined
  readonly namespace: ChainNamespace | undefined
}

/**
 * The active account: address, CAIP-10 address, connection status and native balance.
 *
 * ```tsx
 * const { address, isConnected } = useAccount()
 * ```
 */
export function useAccount(): AccountInfo {
  const account = useAirlockState(selectActiveAccount)
  const status = useAirlockState((s) => s.connection.status)
  const namespace = useAirlockState((s) => s.networks.activeNamespace)
  const connected = useAirlockState((s) => (namespace === null ? false : s.connection.connectedNamespaces.includes(namespace)))
  const address = connected ? (account?.address ?? undefined) : undefined
  return {
    address,
    caipAddress: connected ? (account?.caipAddress ?? undefined) : undefined,
    isConnected: connected && address !== undefined,
    status,
    balance: account?.balance ?? undefined,
    balanceSymbol: account?.balanceSymbol ?? undefined,
    namespace: namespace ?? undefined,
  }
}

export interface NetworkInfo {
  readonly caipNetwork: CaipNetwork | undefined
  readonly caipNetworkId: string | undefined
  readonly chainId: string | number | undefined
  /** Switch through the connected wallet (or at once without one); rejects when the wallet refuses. */
  readonly switchNetwork: (caipNetworkId: string) => Promise<void>
}

/**
 * The active network and the switch action.
 *
 * ```tsx
 * const { caipNetwork, switchNetwork } = useNetwork()
 * ```
 */
export function useNetwork(): NetworkInfo {
  const airlock = useAirlock()
  const network = useAirlockState(selectActiveNetwork)
  const switchNetwork = useCallback((id: string) => airlock.switchNetwork(id), [airlock])
  return { caipNetwork: network ?? undefined, caipNetworkId: network?.caipNetworkId, chainId: network?.id, switchNetwork }
}

/** The connected wallet's name and icon (as the wallet announced them, sanitised). */
export function useWalletInfo(): { readonly walletInfo: ConnectedWalletInfo | undefined } {
  const info = useAirlockState((s) => {
    const ns = s.networks.activeNamespace
    return ns === null ? null : s.account.accounts[ns].connectedWalletInfo
  })
  return { walletInfo: info ?? undefined }
}

/**
 * The disconnect action.
 *
 * ```tsx
 * const { disconnect } = useDisconnect()
 * <button onClick={() => disconnect()}>Sign out</button>
 * ```
 */
export function useDisconnect(): { readonly disconnect: (namespace?: ChainNamespace) => Promise<void> } {
  const airlock = useAirlock()
  return { disconnect: useCallback((namespace?: ChainNamespace) => airlock.disconnect(namespace), [airlock]) }
}

/**
 * The latest public analytics event (undefined until one happens); `listener`, when given, is
 * called for every one. The subscription lasts as long as the component and its instance: an
 * inline listener (a new function each render) does not end and start it again; the latest
 * rendered listener is the one called.
 *
 * ```tsx
 * const last = useEvents((event) => analytics.track(event.type, event.payload))
 * ```
 */
export function useEvents(listener?: (event: PublicEvent) => void): PublicEvent | undefined {
  const airlock = useAirlock()
  const [last, setLast] = useState<PublicEvent | undefined>(undefined)
  const latest = useRef(listener)
  // Before the subscribing effect (effects run in order); not a layout effect, which React 18
  // warns about when rendered on a server.
  useEffect(() => {
    latest.current = listener
  })
  useEffect(
    () =>
      airlock.subscribeEvents((event) => {
        setLast(event)
        latest.current?.(event)
      }),
    [airlock],
  )
  return last
}

/**
 * `<ConnectButtonCustom>` (`airlock/react/headless`, issue 28 §3): the buttons' render-prop form,
 * the state they show and their actions for the site's own markup. An export of its own since
 * issue 27 §1: as `ConnectButton.Custom` it came with every page that shows a ConnectButton.
 */
import { useCallback, type ReactNode } from 'react'
import type { ChainNamespace } from '../../../events/shapes/namespace'
import { useButtonStrings } from '../../components/useLocale'
import { useCommands } from '../useCommands'
import { useAccount, useDisconnect, useNetwork, type AccountInfo, type NetworkInfo } from '../hooks'
import { useAirlock } from '../context'
import type { ConnectAction } from '../headless'

/** What `<ConnectButtonCustom>` hands its render function: the state the buttons show and their actions. */
export interface ConnectButtonRenderProps {
  /** The active account (address, status, balance), as `useAccount()` gives it. */
  readonly account: AccountInfo
  /** The active network and its switch, as `useNetwork()` gives it. */
  readonly network: NetworkInfo
  /** A connection is being made or restored (what ConnectButton shows as "Connecting…"). */
  readonly connecting: boolean
  /** The texts the buttons would show, in the instance's locale: "Connect wallet", "Connecting…". */
  readonly labels: { readonly connect: string; readonly connecting: string }
  /** Open the modal on Connect (Account when connected), on Account, or on the network picker. */
  readonly openConnect: () => void
  readonly openAccount: () => void
  readonly openNetwork: () => void
  /** Connect without the modal: an entry's id (`useWallets()`), a connector's, or `{ namespace }`. */
  readonly connect: ConnectAction
  /** Disconnect one namespace or every one. */
  readonly disconnect: (namespace?: ChainNamespace) => Promise<void>
}

/**
 * The buttons' state and actions with the site's own markup (the render-prop form of the buttons,
 * issue 28 §3): `children` is called with `ConnectButtonRenderProps` on every change.
 *
 * ```tsx
 * <ConnectButtonCustom>
 *   {({ account, openConnect, openAccount }) =>
 *     account.isConnected ? <a onClick={openAccount}>{account.address}</a> : <a onClick={openConnect}>Sign in</a>}
 * </ConnectButtonCustom>
 * ```
 */
export function ConnectButtonCustom(props: { readonly children: (state: ConnectButtonRenderProps) => ReactNode }) {
  const { open } = useCommands()
  const strings = useButtonStrings()
  const account = useAccount()
  const network = useNetwork()
  const { disconnect } = useDisconnect()
  const airlock = useAirlock()
  const connect = useCallback<ConnectAction>((target) => airlock.connect(target), [airlock])
  return (
    <>
      {props.children({
        account,
        network,
        connecting: account.status === 'connecting',
        labels: { connect: strings.connectButton, connecting: strings.connectingButton },
        openConnect: () => open(),
        openAccount: () => open('Account'),
        openNetwork: () => open('SwitchNetwork'),
        connect,
        disconnect,
      })}
    </>
  )
}

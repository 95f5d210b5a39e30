/** The modal: backdrop, dialog with its header, banner and the current view. */
import { useCallback, useId, useRef, type ComponentType } from 'react'
import { useAirlock } from './react/context'
import { useAirlockState } from './react/useAirlockState'
import { selectIsOpen, selectView } from '../core/router/selectors'
import { useFocusTrap } from './components/useFocusTrap'
import { Header } from './components/Header'
import { Banner } from './components/Banner'
import { useStrings } from './components/useStrings'
import { ConnectView } from './views/ConnectView'
import { AllWalletsView } from './views/AllWalletsView'
import { AccountView } from './views/AccountView'
import { SwitchNetworkView } from './views/SwitchNetworkView'
import { UnsupportedChainView } from './views/UnsupportedChainView'
import { ConnectingExternalView } from './views/ConnectingExternalView'
import { ConnectingWalletConnectView } from './views/ConnectingWalletConnectView'

const views: Readonly<Record<string, ComponentType>> = {
  Connect: ConnectView,
  AllWallets: AllWalletsView,
  Account: AccountView,
  SwitchNetwork: SwitchNetworkView,
  SwitchActiveChain: SwitchNetworkView,
  UnsupportedChain: UnsupportedChainView,
  ConnectingExternal: ConnectingExternalView,
  ConnectingWalletConnect: ConnectingWalletConnectView,
}

function Dialog() {
  const airlock = useAirlock()
  const strings = useStrings()
  const view = useAirlockState(selectView)
  const titleId = useId()
  const ref = useRef<HTMLDivElement>(null)
  const close = useCallback(() => airlock.close(), [airlock])
  useFocusTrap(ref, close, view)
  const View = views[view] ?? ConnectView
  return (
    <div
      className="backdrop"
      onMouseDown={(event) => {
        if (event.target === event.currentTarget) close()
      }}
    >
      <div className="dialog" role="dialog" aria-modal="true" aria-labelledby={titleId} aria-describedby={undefined} ref={ref} tabIndex={-1} data-view={view}>
        <Header titleId={titleId} />
        <Banner />
        <View key={view} />
        <span className="visually-hidden">{strings.modalLabel}</span>
      </div>
    </div>
  )
}

export function ModalRoot() {
  const open = useAirlockState(selectIsOpen)
  return open ? <Dialog /> : null
}

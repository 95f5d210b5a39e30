/**
 * The modal: backdrop, dialog with its header, banner and the current view. The core's views come
 * from the table below; a plugin's view loads when first shown (PluginView). The router only ever
 * holds registered views, so there is no fallback: a view without a drawing is a bug to see.
 */
import { useId, useRef, type ComponentType } from 'react'
import { useAirlockState } from './react/useAirlockState'
import { useCommands } from './react/useCommands'
import { selectIsOpen, selectView, selectViewOwner } from '../core/router/selectors'
import type { CoreViewName } from '../core/router/views'
import { useFocusTrap } from './components/useFocusTrap'
import { Header } from './components/Header'
import { Banner } from './components/Banner'
import { PluginView } from './components/PluginView'
import { useStrings } from './components/useStrings'
import { ConnectView } from './views/ConnectView'
import { AllWalletsView } from './views/AllWalletsView'
import { AccountView } from './views/AccountView'
import { SwitchNetworkView } from './views/SwitchNetworkView'
import { SwitchActiveChainView } from './views/SwitchActiveChainView'
import { UnsupportedChainView } from './views/UnsupportedChainView'
import { ConnectingExternalView } from './views/ConnectingExternalView'
import { ConnectingWalletConnectView } from './views/ConnectingWalletConnectView'

const coreViews: Readonly<Record<CoreViewName, ComponentType>> = {
  Connect: ConnectView,
  AllWallets: AllWalletsView,
  Account: AccountView,
  SwitchNetwork: SwitchNetworkView,
  SwitchActiveChain: SwitchActiveChainView,
  UnsupportedChain: UnsupportedChainView,
  ConnectingExternal: ConnectingExternalView,
  ConnectingWalletConnect: ConnectingWalletConnectView,
}

/** The current view: the core's own drawing, or the registering plugin's lazy view. */
function CurrentView(props: { readonly view: string }) {
  const owner = useAirlockState(selectViewOwner)
  const Core: ComponentType | undefined = (coreViews as Readonly<Record<string, ComponentType>>)[props.view]
  if (Core) return <Core />
  return owner === undefined ? null : <PluginView moduleId={owner} view={props.view} />
}

function Dialog() {
  const { close } = useCommands()
  const strings = useStrings()
  const view = useAirlockState(selectView)
  const titleId = useId()
  const ref = useRef<HTMLDivElement>(null)
  useFocusTrap(ref, close, view)
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
        <CurrentView key={view} view={view} />
        <span className="visually-hidden">{strings.modalLabel}</span>
      </div>
    </div>
  )
}

export function ModalRoot() {
  const open = useAirlockState(selectIsOpen)
  return open ? <Dialog /> : null
}

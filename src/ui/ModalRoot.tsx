/**
 * The modal: backdrop, dialog with its header, banner and the current view. The core's views come
 * from the table below; a plugin's view loads when first shown (PluginView). The router only ever
 * holds registered views, so there is no fallback: a view without a drawing is a bug to see.
 */
import { memo, useEffect, useId, useRef, type ComponentType } from 'react'
import type { RootState } from '../kernel/registry'
import { useAirlockState } from './react/useAirlockState'
import { useCommands } from './react/useCommands'
import { selectIsOpen, selectView, selectViewOwner } from '../core/router/selectors'
import { View, type CoreViewName } from '../core/router/views'
import { useFocusTrap } from './components/useFocusTrap'
import { Header } from './components/Header'
import { Banner } from './components/Banner'
import { PluginView } from './components/PluginView'
import { useStrings } from './components/useStrings'
import { ConnectView } from './views/ConnectView'
import { AllWalletsView, catalogList } from './views/AllWalletsView'
import { AccountView } from './views/AccountView'
import { SwitchNetworkView } from './views/SwitchNetworkView'
import { SwitchActiveChainView } from './views/SwitchActiveChainView'
import { UnsupportedChainView } from './views/UnsupportedChainView'
import { ConnectingExternalView } from './views/ConnectingExternalView'
import { ConnectingWalletConnectView } from './views/ConnectingWalletConnectView'
import { LazyView } from './components/LazyView'
import { qrEncoder } from './components/QrCode'
import { prefetchWhenIdle } from './react/useChunk'

/** The wallet guide (issue 28 §4) is a chunk of its own, fetched when a visitor first goes there. */
const loadWalletGuide = () => import('./views/WalletGuideView')

function WalletGuideView() {
  const { reportViewError } = useCommands()
  return <LazyView loader={loadWalletGuide} view="WalletGuide" onError={(error) => reportViewError('router', 'WalletGuide', error)} />
}

const coreViews: Readonly<Record<CoreViewName, ComponentType>> = {
  Connect: ConnectView,
  AllWallets: AllWalletsView,
  Account: AccountView,
  SwitchNetwork: SwitchNetworkView,
  SwitchActiveChain: SwitchActiveChainView,
  UnsupportedChain: UnsupportedChainView,
  ConnectingExternal: ConnectingExternalView,
  ConnectingWalletConnect: ConnectingWalletConnectView,
  WalletGuide: WalletGuideView,
}

/** The current view: the core's own drawing, or the registering plugin's lazy view. */
const CurrentView = memo(function CurrentView(props: { readonly view: string }) {
  const owner = useAirlockState(selectViewOwner)
  const Core: ComponentType | undefined = (coreViews as Readonly<Record<string, ComponentType>>)[props.view]
  if (Core) return <Core />
  return owner === undefined ? null : <PluginView moduleId={owner} view={props.view} />
})

/**
 * The dialog. `shown` false: drawn ahead of the open (issue 27 §1), on `view`, but hidden and
 * inert: invisible, out of the accessibility tree, unfocusable, its animations not started, no
 * focus trap. It is drawn from the live state like the shown one, so the open only flips it shown
 * (its style and layout already done) and moves focus in.
 */
function Dialog(props: { readonly shown: boolean; readonly view: string }) {
  const { close } = useCommands()
  const strings = useStrings()
  const titleId = useId()
  const ref = useRef<HTMLDivElement>(null)
  const { shown, view } = props
  useFocusTrap(ref, close, view, shown)
  // Once shown and idle: the parts Connect's first frame left out (the catalog's list, the QR encoder).
  useEffect(() => (shown ? prefetchWhenIdle(ref.current?.ownerDocument.defaultView, [catalogList, qrEncoder]) : undefined), [shown])
  return (
    <div
      className="backdrop"
      data-closed={shown ? undefined : ''}
      inert={!shown}
      aria-hidden={shown ? undefined : true}
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

/**
 * The modal. `prepare`: while it is closed and no account is connected, Connect (what the next
 * open shows) is drawn hidden, so the open costs one frame (issue 27 §1). The appended modal
 * prepares (it is mounted once the page is idle); `<AirlockModal/>`, mounted with the site's own
 * render, does not, so it adds nothing to the page's first load.
 */
export function ModalRoot(props: { readonly prepare?: boolean }) {
  const open = useAirlockState(selectIsOpen)
  const view = useAirlockState(selectView)
  const connected = useAirlockState(selectConnected)
  if (open) return <Dialog shown view={view} />
  return props.prepare && !connected ? <Dialog shown={false} view={View.Connect} /> : null
}

const selectConnected = (state: RootState): boolean => state.router.connected

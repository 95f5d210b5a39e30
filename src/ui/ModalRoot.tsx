/**
 * The modal: backdrop, dialog with its header, banner and the current view. The core's views come
 * from the tables below; a plugin's view loads when first shown (PluginView). The router only ever
 * holds registered views, so there is no fallback: a view without a drawing is a bug to see.
 */
import { useEffect, useId, useRef, type ComponentType } from 'react'
import type { ViewLoader } from '../kernel/module'
import { useAirlockState } from './react/useAirlockState'
import { useCommands } from './react/useCommands'
import { selectIsOpen, selectView, selectViewOwner } from '../core/router/selectors'
import type { CoreViewName } from '../core/router/views'
import { useFocusTrap } from './components/useFocusTrap'
import { Header } from './components/Header'
import { Banner } from './components/Banner'
import { PluginView } from './components/PluginView'
import { LazyView } from './components/LazyView'
import { useStrings } from './components/useStrings'
import { ConnectView } from './views/ConnectView'
import { AccountView } from './views/AccountView'

/** The views an opening shows (Connect, or Account when connected): drawn at once, with the modal. */
type EagerView = 'Connect' | 'Account'
const eagerViews: Readonly<Record<EagerView, ComponentType>> = { Connect: ConnectView, Account: AccountView }

const switchNetworkView: ViewLoader = () => import('./views/SwitchNetworkView').then((m) => ({ default: m.SwitchNetworkView }))
/**
 * The others load when first shown, and in the background once the modal is on screen, so the
 * click that opens it waits for none of their code (the virtual list of All wallets, the QR code).
 */
// Every other core view is here: the compiler checks that each has a drawing.
const lazyViews: Readonly<Record<Exclude<CoreViewName, EagerView>, ViewLoader>> = {
  AllWallets: () => import('./views/AllWalletsView').then((m) => ({ default: m.AllWalletsView })),
  SwitchNetwork: switchNetworkView,
  SwitchActiveChain: switchNetworkView,
  UnsupportedChain: () => import('./views/UnsupportedChainView').then((m) => ({ default: m.UnsupportedChainView })),
  ConnectingExternal: () => import('./views/ConnectingExternalView').then((m) => ({ default: m.ConnectingExternalView })),
  ConnectingWalletConnect: () => import('./views/ConnectingWalletConnectView').then((m) => ({ default: m.ConnectingWalletConnectView })),
}

/** Fetch the lazy core views' code; a failure is left to the view's own load when it is shown. */
function preloadLazyViews(): void {
  for (const load of new Set(Object.values(lazyViews))) load().catch(() => undefined)
}

/** The current view: the core's own drawing, or the registering plugin's lazy view. */
function CurrentView(props: { readonly view: string }) {
  const owner = useAirlockState(selectViewOwner)
  const { reportViewError } = useCommands()
  const Eager = (eagerViews as Readonly<Record<string, ComponentType>>)[props.view]
  if (Eager) return <Eager />
  const loader = (lazyViews as Readonly<Record<string, ViewLoader>>)[props.view]
  if (loader) return <LazyView loader={loader} view={props.view} ownBody onError={(error) => reportViewError('modal', props.view, error)} />
  return owner === undefined ? null : <PluginView moduleId={owner} view={props.view} />
}

function Dialog() {
  const { close } = useCommands()
  const strings = useStrings()
  const view = useAirlockState(selectView)
  const titleId = useId()
  const ref = useRef<HTMLDivElement>(null)
  useFocusTrap(ref, close, view)
  // Passive effects run after the first frame is painted: the rest loads behind it.
  useEffect(preloadLazyViews, [])
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

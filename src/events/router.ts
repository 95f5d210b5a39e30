/** The modal and its view stack (SPEC §2 navigation rules). */
import * as t from 'io-ts'
import { defineEvent, NoPayload } from './define'
import { ChainNamespace } from './shapes/namespace'
import { WalletEntry } from './shapes/wallet'

/** What a view takes (SPEC §2: ConnectingExternal takes a connector, SwitchActiveChain takes …). */
export const RouteData = t.partial(
  {
    connectorId: t.string,
    wallet: WalletEntry,
    caipNetworkId: t.string,
    switchToChain: ChainNamespace,
    navigateTo: t.string,
    navigateWithReplace: t.boolean,
  },
  'RouteData',
)
export type RouteData = t.TypeOf<typeof RouteData>

export const Route = t.intersection([t.type({ view: t.string }), t.partial({ data: RouteData })], 'Route')
export type Route = t.TypeOf<typeof Route>

/** Public: the modal opened. `view` is the requested view, if any. */
export const ModalOpen = defineEvent('MODAL_OPEN', t.intersection([t.type({ connected: t.boolean }), t.partial({ view: t.string, data: RouteData })]))
export type ModalOpen = t.TypeOf<typeof ModalOpen>

/**
 * Internal: the page is idle after loading, and the modal is made ready for its first open (issue
 * 27 §1): what Connect shows first (the featured and recommended wallets) loads now, so the first
 * open shows it in its first frame. A failure while the modal is still closed says nothing; the
 * opening tries again.
 */
export const ModalPrepared = defineEvent('MODAL_PREPARED', NoPayload)
export type ModalPrepared = t.TypeOf<typeof ModalPrepared>

/** Public: the modal closed. */
export const ModalClose = defineEvent('MODAL_CLOSE', t.type({ connected: t.boolean }))
export type ModalClose = t.TypeOf<typeof ModalClose>

export const RouterPush = defineEvent('ROUTER_PUSH', Route)
export type RouterPush = t.TypeOf<typeof RouterPush>
export const RouterReplace = defineEvent('ROUTER_REPLACE', Route)
export type RouterReplace = t.TypeOf<typeof RouterReplace>
export const RouterReset = defineEvent('ROUTER_RESET', Route)
export type RouterReset = t.TypeOf<typeof RouterReset>
export const RouterBack = defineEvent('ROUTER_BACK', NoPayload)
export type RouterBack = t.TypeOf<typeof RouterBack>
export const RouterBackToIndex = defineEvent('ROUTER_BACK_TO_INDEX', t.type({ index: t.number }))
export type RouterBackToIndex = t.TypeOf<typeof RouterBackToIndex>
export const RouterBackOrClose = defineEvent('ROUTER_BACK_OR_CLOSE', NoPayload)
export type RouterBackOrClose = t.TypeOf<typeof RouterBackOrClose>

/** Public: the visitor opened the All wallets list. */
export const ClickAllWallets = defineEvent('CLICK_ALL_WALLETS', NoPayload)
export type ClickAllWallets = t.TypeOf<typeof ClickAllWallets>

/**
 * A module took a lock on closing the modal (CLOSE_LOCKED), or released its own (CLOSE_UNLOCKED).
 * Close is disabled while any lock is held on the current view: on `views` only, or on every view
 * when `views` is absent. `by` is the holder's module id; a plugin's locks go when it unloads. The
 * siwx plugin holds one on its sign and approve views while sign-in is required and no session
 * exists (SPEC §2).
 */
export const CloseLocked = defineEvent('CLOSE_LOCKED', t.intersection([t.type({ by: t.string }), t.partial({ views: t.array(t.string) })]))
export type CloseLocked = t.TypeOf<typeof CloseLocked>
export const CloseUnlocked = defineEvent('CLOSE_UNLOCKED', t.type({ by: t.string }))
export type CloseUnlocked = t.TypeOf<typeof CloseUnlocked>

/**
 * A navigation (open, push, replace, reset, a transaction-stack push) named a view that no loaded
 * module registers. The router ignored it; `message` says which view and what to check.
 */
export const ViewNotFound = defineEvent('VIEW_NOT_FOUND', t.type({ view: t.string, message: t.string }))
export type ViewNotFound = t.TypeOf<typeof ViewNotFound>

export const routerEvents = {
  VIEW_NOT_FOUND: ViewNotFound,
  MODAL_OPEN: ModalOpen,
  MODAL_PREPARED: ModalPrepared,
  MODAL_CLOSE: ModalClose,
  ROUTER_PUSH: RouterPush,
  ROUTER_REPLACE: RouterReplace,
  ROUTER_RESET: RouterReset,
  ROUTER_BACK: RouterBack,
  ROUTER_BACK_TO_INDEX: RouterBackToIndex,
  ROUTER_BACK_OR_CLOSE: RouterBackOrClose,
  CLICK_ALL_WALLETS: ClickAllWallets,
  CLOSE_LOCKED: CloseLocked,
  CLOSE_UNLOCKED: CloseUnlocked,
} as const

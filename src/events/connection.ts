/** Connection status and the connect / disconnect life cycle (SPEC §3 connection state, §4). */
import * as t from 'io-ts'
import { defineEvent, NoPayload } from './define'
import { ChainNamespace } from './shapes/namespace'
import { DeepLinkChoice, WalletEntry } from './shapes/wallet'

export const ConnectMethodName = t.keyof({ browser: null, mobile: null, qrcode: null, email: null, social: null }, 'ConnectMethodName')
export type ConnectMethodName = t.TypeOf<typeof ConnectMethodName>

/** A wallet was asked to connect (the connect effect found its provider): the status is connecting until it answers. */
export const ConnectStarted = defineEvent('CONNECT_STARTED', t.type({ connectorId: t.string }))
export type ConnectStarted = t.TypeOf<typeof ConnectStarted>

/** Public: the visitor picked a wallet. */
export const SelectWallet = defineEvent(
  'SELECT_WALLET',
  t.type({ name: t.string, platform: t.keyof({ browser: null, mobile: null, qrcode: null, web: null, desktop: null, unknown: null }) }),
)
export type SelectWallet = t.TypeOf<typeof SelectWallet>

/** Public: a wallet connected. Finalising saves the deep link and the recent wallet (SPEC §4). */
export const ConnectSuccess = defineEvent(
  'CONNECT_SUCCESS',
  t.intersection([
    t.type({ method: ConnectMethodName, name: t.string, namespace: ChainNamespace, connectorId: t.string }),
    t.partial({ caipAddress: t.string, wallet: WalletEntry, deepLink: DeepLinkChoice }),
  ]),
)
export type ConnectSuccess = t.TypeOf<typeof ConnectSuccess>

/** Public: a connection failed. */
export const ConnectError = defineEvent('CONNECT_ERROR', t.type({ message: t.string }))
export type ConnectError = t.TypeOf<typeof ConnectError>

/** Public: the visitor rejected a request in the wallet (provider code 4001). */
export const UserRejected = defineEvent('USER_REJECTED', t.type({ message: t.string }))
export type UserRejected = t.TypeOf<typeof UserRejected>

/** Public: disconnected, from one namespace or all (namespace null). */
export const DisconnectSuccess = defineEvent('DISCONNECT_SUCCESS', t.type({ namespace: t.union([ChainNamespace, t.null]) }))
export type DisconnectSuccess = t.TypeOf<typeof DisconnectSuccess>

/** Public: disconnecting failed ("Failed to disconnect", SPEC §8). */
export const DisconnectError = defineEvent('DISCONNECT_ERROR', t.type({ message: t.string }))
export type DisconnectError = t.TypeOf<typeof DisconnectError>

/**
 * Reset (SPEC §4): back to disconnected; clears the uri, pairing expiry, link, recent wallet,
 * transactions and stored deep link, every account field and the connector id of the namespace
 * (all namespaces when null).
 */
export const ConnectionReset = defineEvent('CONNECTION_RESET', t.type({ namespace: t.union([ChainNamespace, t.null]) }))
export type ConnectionReset = t.TypeOf<typeof ConnectionReset>

/** A failed or negative connection check at start (SPEC §4): clears the stored login fields. */
export const ConnectionCheckFailed = defineEvent('CONNECTION_CHECK_FAILED', t.type({ namespace: t.union([ChainNamespace, t.null]) }))
export type ConnectionCheckFailed = t.TypeOf<typeof ConnectionCheckFailed>

/**
 * The relay-protocol pairing, one event per transition (SPEC §3: wcUri, wcPairingExpiry,
 * buffering, wcError): started (waiting for a URI, any earlier error gone), offered (a URI to
 * scan or open, and its expiry in ms since epoch), approved by the wallet (the URI is spent), or
 * failed (the view offers a retry).
 */
export const WcPairingStarted = defineEvent('WC_PAIRING_STARTED', NoPayload)
export type WcPairingStarted = t.TypeOf<typeof WcPairingStarted>
export const WcPairingOffered = defineEvent('WC_PAIRING_OFFERED', t.type({ uri: t.string, expiry: t.number }))
export type WcPairingOffered = t.TypeOf<typeof WcPairingOffered>
export const WcPairingApproved = defineEvent('WC_PAIRING_APPROVED', NoPayload)
export type WcPairingApproved = t.TypeOf<typeof WcPairingApproved>
export const WcPairingFailed = defineEvent('WC_PAIRING_FAILED', NoPayload)
export type WcPairingFailed = t.TypeOf<typeof WcPairingFailed>

/** The visitor chose a wallet's deep link (mobile) to pair with; finalising stores it (SPEC §4). */
export const DeepLinkChosen = defineEvent('DEEP_LINK_CHOSEN', t.type({ linking: DeepLinkChoice }))
export type DeepLinkChosen = t.TypeOf<typeof DeepLinkChosen>

/** The visitor (or the site) asked to connect through a connector; its connector effect acts. */
export const ConnectRequested = defineEvent('CONNECT_REQUESTED', t.type({ connectorId: t.string }))
export type ConnectRequested = t.TypeOf<typeof ConnectRequested>

/**
 * The visitor (or the site) asked to disconnect one namespace, or all (null); the connector effect
 * acts. With `connectorId`, only that wallet of the namespace (issue 28 §2: several wallets at
 * once): the others stay connected, and when it was the active one the next becomes active.
 */
export const DisconnectRequested = defineEvent(
  'DISCONNECT_REQUESTED',
  t.intersection([t.type({ namespace: t.union([ChainNamespace, t.null]) }), t.partial({ connectorId: t.string })]),
)
export type DisconnectRequested = t.TypeOf<typeof DisconnectRequested>

/**
 * A connection kept from an earlier visit was found alive (SPEC §4: at start the status is
 * connecting when the stored status is connected; the wallet still exposes the account). Not a
 * CONNECT_SUCCESS: the visitor did not connect again, so analytics and recent wallets see nothing.
 */
export const ConnectionRestored = defineEvent('CONNECTION_RESTORED', t.type({ namespace: ChainNamespace, connectorId: t.string }))
export type ConnectionRestored = t.TypeOf<typeof ConnectionRestored>

/**
 * Several wallets at once (issue 28 §2): the visitor (or the site) asked to make another wallet
 * already connected in the namespace the active one (SPEC §4 switch account: "otherwise the
 * connector is connected").
 */
export const ConnectionSwitchRequested = defineEvent('CONNECTION_SWITCH_REQUESTED', t.type({ namespace: ChainNamespace, connectorId: t.string }))
export type ConnectionSwitchRequested = t.TypeOf<typeof ConnectionSwitchRequested>

/**
 * Public: the active wallet of a namespace changed to another one already connected (a switch, or
 * the active one disconnected while others stay). A CONNECT_SUCCESS makes its wallet the active
 * one too, without this event.
 */
export const ActiveConnectionChanged = defineEvent(
  'ACTIVE_CONNECTION_CHANGED',
  t.intersection([t.type({ namespace: ChainNamespace, connectorId: t.string }), t.partial({ caipAddress: t.string })]),
)
export type ActiveConnectionChanged = t.TypeOf<typeof ActiveConnectionChanged>

/**
 * A wallet of the namespace stays connected beside the active one: restored after a reload, it
 * still exposes `address`. Not a CONNECT_SUCCESS (the visitor did not connect again).
 */
export const ConnectionHeld = defineEvent('CONNECTION_HELD', t.type({ namespace: ChainNamespace, connectorId: t.string, address: t.string }))
export type ConnectionHeld = t.TypeOf<typeof ConnectionHeld>

/** One wallet of the namespace is no longer connected; the namespace's other wallets stay. */
export const ConnectionRemoved = defineEvent('CONNECTION_REMOVED', t.type({ namespace: ChainNamespace, connectorId: t.string }))
export type ConnectionRemoved = t.TypeOf<typeof ConnectionRemoved>

export const connectionEvents = {
  CONNECT_REQUESTED: ConnectRequested,
  CONNECTION_RESTORED: ConnectionRestored,
  CONNECTION_SWITCH_REQUESTED: ConnectionSwitchRequested,
  ACTIVE_CONNECTION_CHANGED: ActiveConnectionChanged,
  CONNECTION_HELD: ConnectionHeld,
  CONNECTION_REMOVED: ConnectionRemoved,
  DISCONNECT_REQUESTED: DisconnectRequested,
  CONNECT_STARTED: ConnectStarted,
  SELECT_WALLET: SelectWallet,
  CONNECT_SUCCESS: ConnectSuccess,
  CONNECT_ERROR: ConnectError,
  USER_REJECTED: UserRejected,
  DISCONNECT_SUCCESS: DisconnectSuccess,
  DISCONNECT_ERROR: DisconnectError,
  CONNECTION_RESET: ConnectionReset,
  CONNECTION_CHECK_FAILED: ConnectionCheckFailed,
  WC_PAIRING_STARTED: WcPairingStarted,
  WC_PAIRING_OFFERED: WcPairingOffered,
  WC_PAIRING_APPROVED: WcPairingApproved,
  WC_PAIRING_FAILED: WcPairingFailed,
  DEEP_LINK_CHOSEN: DeepLinkChosen,
} as const

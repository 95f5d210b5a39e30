/**
 * The headless hooks of `airlock/react` (issue 28 §3): everything Connect offers, as data and
 * actions a site renders with its own markup, no modal opened: the instance's `watchWallets`,
 * `watchConnectMethods` and pairing state, and stable actions.
 */
import { useCallback, useEffect, useState } from 'react'
import type { AirlockInstance } from '../../ports/instance'
import type { ConnectTarget, HeadlessConnectMethod, HeadlessWallet, WalletConnectPairing } from '../../ports/headless'
import { WALLET_CONNECT_ID } from '../../events/shapes/connector'
import { useAirlock } from './context'
import { useAirlockState } from './useAirlockState'

const NONE: readonly never[] = []

/**
 * A list the instance watches (`watchWallets`, `watchConnectMethods`): empty until the first call,
 * which comes once the selectors' chunk has arrived (src/airlock/headless.ts, fetched at the first
 * watch: `airlock/react` carries none of Connect's list code), and on a server, where effects do not
 * run and no wallet is known anyway.
 */
function useWatched<T>(watch: (airlock: AirlockInstance, listener: (value: readonly T[]) => void) => () => void): readonly T[] {
  const airlock = useAirlock()
  const [value, setValue] = useState<readonly T[]>(NONE)
  useEffect(() => watch(airlock, setValue), [airlock, watch])
  return value
}

const watchWallets = (airlock: AirlockInstance, listener: (wallets: readonly HeadlessWallet[]) => void) => airlock.watchWallets(listener)
const watchMethods = (airlock: AirlockInstance, listener: (methods: readonly HeadlessConnectMethod[]) => void) => airlock.watchConnectMethods(listener)

/** `connect(target)`: an entry's id, a connector's, or `{ namespace }` (see `AirlockInstance.connect`). */
export type ConnectAction = (target: ConnectTarget) => Promise<void>

/** The instance's connect, stable for its life. */
function useConnectAction(): ConnectAction {
  const airlock = useAirlock()
  return useCallback((target: ConnectTarget) => airlock.connect(target), [airlock])
}

/**
 * The Connect view's entries in its order (WalletConnect, recent, installed, featured, custom,
 * recommended: SPEC §4, or the site's `connectorTypeOrder`), each with its icon (data: or https:
 * only, for an `<img src>`) and its installed and recent flags, and `connect`, which resolves once
 * the wallet connected. A catalog wallet (`kind: 'catalog'`) and WalletConnect pair through the
 * relay: show `useWalletConnectUri()`'s URI as a QR code meanwhile.
 *
 * ```tsx
 * const { wallets, connect } = useWallets()
 * wallets.map((w) => <button key={w.id} onClick={() => connect(w.id)}>{w.name}</button>)
 * ```
 */
export function useWallets(): { readonly wallets: readonly HeadlessWallet[]; readonly connect: ConnectAction } {
  return { wallets: useWatched(watchWallets), connect: useConnectAction() }
}

/**
 * The WalletConnect pairing, for the site's own QR code: `uri` (undefined until a pairing offers
 * one; replaced before it expires), `expiry`, `failed`, and `connect()`, which starts a pairing
 * (a new one replaces one still waiting) and resolves once a wallet connected through it.
 *
 * ```tsx
 * const { uri, connect } = useWalletConnectUri()
 * useEffect(() => void connect().catch(() => undefined), [connect])
 * return uri ? <MyQrCode value={uri} /> : <p>Preparing…</p>
 * ```
 */
export function useWalletConnectUri(): WalletConnectPairing & { readonly connect: () => Promise<void> } {
  const airlock = useAirlock()
  // Three primitives, each a stable selection (no memoised object needed here).
  const uri = useAirlockState((s) => s.connection.wcUri) ?? undefined
  const expiry = useAirlockState((s) => s.connection.wcPairingExpiry) ?? undefined
  const failed = useAirlockState((s) => s.connection.wcError)
  const connect = useCallback(() => airlock.connect(WALLET_CONNECT_ID), [airlock])
  return { uri, expiry, failed, connect }
}

/**
 * The ways to connect besides the wallet list, brought by the email and socials plugins, in
 * Connect's method order (SPEC §4); empty while neither runs. `open(method)` shows the method's
 * own view in the modal; without the modal, `useEmailSignIn()` and `useSocialSignIn()` run them in
 * the site's own form and buttons.
 *
 * ```tsx
 * const { methods, open } = useConnectMethods()
 * methods.map((m) => <button key={m.id} onClick={() => open(m)}>{m.group}</button>)
 * ```
 */
export function useConnectMethods(): { readonly methods: readonly HeadlessConnectMethod[]; readonly open: (method: HeadlessConnectMethod) => Promise<void> } {
  const airlock = useAirlock()
  const methods = useWatched(watchMethods)
  const open = useCallback((method: HeadlessConnectMethod) => airlock.open(method.view as never), [airlock])
  return { methods, open }
}

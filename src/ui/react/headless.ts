/**
 * The headless hooks of `airlock/react` (issue 28 §3): everything Connect offers, as data and
 * actions a site renders with its own markup, no modal opened. Each is a selector over the
 * instance's state (src/core/connect/headlessSelectors.ts, fetched as a chunk of its own when one first
 * renders) and stable actions.
 */
import { useCallback, useEffect, useState } from 'react'
import type { ConnectTarget, HeadlessConnectMethod, HeadlessWallet, WalletConnectPairing } from '../../core/connect/headlessSelectors'
import { WALLET_CONNECT_ID } from '../../events/shapes/connector'
import type { RootState } from '../../kernel/registry'
import type * as HeadlessSelectors from '../../core/connect/headlessSelectors'
import { useAirlock } from './context'
import { useAirlockState } from './useAirlockState'

type HeadlessModule = typeof HeadlessSelectors

/** The selectors' chunk once fetched, and its fetch (the first headless hook to render starts it). */
let loaded: HeadlessModule | undefined
let loading: Promise<HeadlessModule> | undefined

/**
 * The headless selectors (src/core/connect/headlessSelectors.ts: Connect's list and order, which the modal's
 * chunk holds too), a chunk fetched when a headless hook first renders rather than carried by
 * `airlock/react`: a page using none of them fetches none of it. Undefined until it arrives (on a
 * server, always: what a server renders has no wallets, which are found in the browser).
 */
function useHeadlessModule(): HeadlessModule | undefined {
  const [module, setModule] = useState(loaded)
  useEffect(() => {
    if (module) return undefined
    let live = true
    loading ??= import('../../core/connect/headlessSelectors').then(
      (m) => (loaded = m),
      (error: unknown) => {
        // A failed fetch (a network blip): the next hook to mount tries again.
        loading = undefined
        throw error
      },
    )
    loading.then(
      (m) => live && setModule(m),
      () => undefined,
    )
    return () => {
      live = false
    }
  }, [module])
  return module
}

const NONE: readonly never[] = []
const none = (_state: RootState): readonly never[] => NONE

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
  const headless = useHeadlessModule()
  const wallets = useAirlockState(headless ? headless.selectWalletsFor(typeof navigator === 'undefined' ? undefined : navigator) : none)
  return { wallets, connect: useConnectAction() }
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
 * own view (its fields live in the secure frame); a site drives the email plugin's steps itself
 * through `useCommands().email` (`submit(email)`, `verify(code)`).
 *
 * ```tsx
 * const { methods, open } = useConnectMethods()
 * methods.map((m) => <button key={m.id} onClick={() => open(m)}>{m.group}</button>)
 * ```
 */
export function useConnectMethods(): { readonly methods: readonly HeadlessConnectMethod[]; readonly open: (method: HeadlessConnectMethod) => Promise<void> } {
  const airlock = useAirlock()
  const headless = useHeadlessModule()
  const methods = useAirlockState(headless ? headless.selectConnectMethods : none)
  const open = useCallback((method: HeadlessConnectMethod) => airlock.open(method.view as never), [airlock])
  return { methods, open }
}

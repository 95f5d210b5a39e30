/**
 * The sections of Connect, in order (SPEC §4 "Connect-method order", SPEC §3 connectMethodsOrder):
 * the wallet list (the core's, with any wallet-group entries plugins add) and the email and
 * social entries plugins add, each group once.
 */
import type { RootState } from '../../kernel/registry'
import type { ConnectMethodSpec } from '../../kernel/module'
import type { ConnectMethod } from '../../events/shapes/features'
import { CONNECT_METHODS_WITH_WALLETS, CONNECT_METHODS_WITHOUT_WALLETS, connectMethodsOrder } from '../connectors/order'
import { memoOn } from '../memo'
import type { ModuleContribution } from '../contributions/state'
import { installedConnectors } from './entrySelectors'

/** A plugin's Connect entry with the id of the plugin that brings it. */
export type ConnectMethodEntry = ConnectMethodSpec & { readonly moduleId: string }

export interface ConnectSection {
  readonly group: ConnectMethod
  /** The plugins' entries of the group, in load order. The wallet group also holds the core's wallet list. */
  readonly methods: readonly ConnectMethodEntry[]
}

/**
 * The sections in order. The wallet section is always there (it holds the core's wallet list);
 * email and social appear when a plugin brings an entry for them. A configured order comes first,
 * the groups it does not name after it in the default order. With no configured order the
 * default is wallet, email, social when injected or announced wallets are shown, and email,
 * social, wallet otherwise: SPEC §4 leaves that case "not shown" and mentions the email-first
 * reading; with nothing installed, a wallet list first offers the visitor nothing to use at once,
 * while an email field does (see `connectMethodsOrder`).
 *
 * ```ts
 * connectSections(modules, null, true).map((s) => s.group) // ['wallet', 'email'] with an email plugin
 * ```
 */
export function connectSections(
  modules: readonly ModuleContribution[],
  configured: readonly ConnectMethod[] | null,
  hasInstalledWallets: boolean,
): readonly ConnectSection[] {
  const methods = modules.flatMap((m) => m.connectMethods.map((method) => ({ ...method, moduleId: m.id })))
  // A configured order comes first; groups it leaves out follow in the default order, as the
  // connector order does (SPEC §4): leaving "wallet" out must not hide every wallet.
  const defaults = hasInstalledWallets ? CONNECT_METHODS_WITH_WALLETS : CONNECT_METHODS_WITHOUT_WALLETS
  const order = connectMethodsOrder({ connectMethodsOrder: configured === null ? null : [...configured] }, hasInstalledWallets)
  return [...order, ...defaults.filter((group) => !order.includes(group))]
    .map((group) => ({ group, methods: methods.filter((method) => method.group === group) }))
    .filter((section) => section.group === 'wallet' || section.methods.length > 0)
}

/**
 * The Connect sections of the state, memoised (see `connectSections`).
 *
 * ```ts
 * useAirlockState(selectConnectSections).map((s) => s.group)
 * ```
 */
export const selectConnectSections: (state: RootState) => readonly ConnectSection[] = memoOn(
  (state: RootState) => [state.contributions.modules, state.options.resolved?.connectMethodsOrder ?? null, installedConnectors(state).length > 0] as const,
  (modules, configured, hasInstalledWallets) => connectSections(modules, configured, hasInstalledWallets),
)

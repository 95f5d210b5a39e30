/**
 * The contributions slice: what each loaded plugin adds to the product, in load order, as
 * PLUGIN_LOADED carried it (view names, Account actions and tabs, Connect entries). The code parts
 * (view loaders, strings, commands) stay on the module; the UI reaches them through the instance.
 */
import type { AccountActionSpec, AccountTabSpec, ConnectMethodSpec } from '../../kernel/module'

export interface ModuleContribution {
  /** The plugin's module id. */
  readonly id: string
  readonly views: readonly string[]
  readonly accountActions: readonly AccountActionSpec[]
  readonly accountTabs: readonly AccountTabSpec[]
  readonly connectMethods: readonly ConnectMethodSpec[]
}

export interface ContributionsState {
  /** One entry per loaded plugin, in the order they loaded (the order ties are broken in). */
  readonly modules: readonly ModuleContribution[]
}

export const initialContributionsState: ContributionsState = { modules: [] }

declare module '../../kernel/registry' {
  interface StateRegistry {
    contributions: ContributionsState
  }
}

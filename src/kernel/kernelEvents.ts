/** The kernel's own events: module errors and the plugin life cycle. Knows nothing of wallets. */
import * as t from 'io-ts'
import { errorCategory, errorMessage, errorName } from './errors'

/**
 * Where an error happened inside a module (its reducer, one of its named effects, a command it
 * emitted, or its loader) and what it was: the error's class `name` ('NetworkNotFoundError',
 * 'TypeError'), its `category` (INTERNAL_SDK_ERROR unless it has one, SPEC §8) and its message.
 */
export const ModuleError = t.type({
  type: t.literal('MODULE_ERROR'),
  payload: t.type({
    moduleId: t.string,
    hook: t.string,
    name: t.string,
    category: t.string,
    message: t.string,
  }),
})
export type ModuleError = t.TypeOf<typeof ModuleError>

/** An Account-view button a plugin contributes (see `AccountActionSpec` in ./module). */
export const AccountActionContribution = t.intersection(
  [
    t.type({ id: t.string, label: t.string, view: t.string, namespaces: t.array(t.string) }),
    t.partial({ connectorTypes: t.array(t.string), unnamedOnly: t.boolean }),
  ],
  'AccountActionContribution',
)
/** An Account-view tab a plugin contributes (see `AccountTabSpec` in ./module). */
export const AccountTabContribution = t.type({ id: t.string, label: t.string, view: t.string, namespaces: t.array(t.string) }, 'AccountTabContribution')
/** A Connect entry a plugin contributes (see `ConnectMethodSpec` in ./module). */
export const ConnectMethodContribution = t.intersection(
  [t.type({ id: t.string, group: t.keyof({ wallet: null, email: null, social: null }), view: t.string }), t.partial({ height: t.string })],
  'ConnectMethodContribution',
)

/**
 * The serialisable part of what a module contributes: its view names, Account actions and tabs,
 * and Connect entries. It travels in PLUGIN_LOADED so that state (and a replay of the log) knows
 * them; the code parts (view loaders, strings, commands) stay on the module.
 */
export const PluginContributions = t.partial(
  {
    views: t.array(t.string),
    accountActions: t.array(AccountActionContribution),
    accountTabs: t.array(AccountTabContribution),
    connectMethods: t.array(ConnectMethodContribution),
  },
  'PluginContributions',
)
export type PluginContributions = t.TypeOf<typeof PluginContributions>

/**
 * The MODULE_ERROR of an error thrown inside a module.
 *
 * ```ts
 * moduleError('send', 'effect:estimate', new HttpStatusError({ status: 503 }))
 * // { type: 'MODULE_ERROR', payload: { moduleId: 'send', hook: 'effect:estimate', name: 'HttpStatusError', category: 'NETWORK', message: 'HTTP status code: 503' } }
 * ```
 */
export function moduleError(moduleId: string, hook: string, error: unknown): ModuleError {
  return { type: 'MODULE_ERROR', payload: { moduleId, hook, name: errorName(error), category: errorCategory(error), message: errorMessage(error) } }
}

export const PluginLoaded = t.type({
  type: t.literal('PLUGIN_LOADED'),
  payload: t.intersection([t.type({ id: t.string }), PluginContributions]),
})
export type PluginLoaded = t.TypeOf<typeof PluginLoaded>

export const PluginUnloaded = t.type({
  type: t.literal('PLUGIN_UNLOADED'),
  payload: t.type({ id: t.string }),
})
export type PluginUnloaded = t.TypeOf<typeof PluginUnloaded>

export const kernelEventCodecs = {
  MODULE_ERROR: ModuleError,
  PLUGIN_LOADED: PluginLoaded,
  PLUGIN_UNLOADED: PluginUnloaded,
} as const

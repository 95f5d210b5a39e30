/** The kernel's own events: module errors and the plugin life cycle. Knows nothing of wallets. */
import * as t from 'io-ts'

/** Where an error happened inside a module: its reducer, one of its named effects, or its loader. */
export const ModuleError = t.type({
  type: t.literal('MODULE_ERROR'),
  payload: t.type({
    moduleId: t.string,
    hook: t.string,
    category: t.string,
    message: t.string,
  }),
})
export type ModuleError = t.TypeOf<typeof ModuleError>

export const PluginLoaded = t.type({
  type: t.literal('PLUGIN_LOADED'),
  payload: t.type({ id: t.string }),
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

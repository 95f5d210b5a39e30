/** Modules and plugins that cannot be loaded as given. */
import { AirlockError, type ErrorParameters } from '../errors'

/**
 * Two modules with one id: their slices would collide.
 *
 * ```ts
 * createKernel({ modules: [router, router], deps }) // throws DuplicateModuleError 'Duplicate module id: router'
 * ```
 */
export class DuplicateModuleError extends AirlockError {
  override name = 'DuplicateModuleError'
  readonly moduleId: string

  constructor({ moduleId, ...parameters }: ErrorParameters & { readonly moduleId: string }) {
    super(`Duplicate module id: ${moduleId}`, parameters)
    this.moduleId = moduleId
  }
}

/** Two plugin manifests with one id. */
export class DuplicatePluginError extends AirlockError {
  override name = 'DuplicatePluginError'
  readonly pluginId: string

  constructor({ pluginId, ...parameters }: ErrorParameters & { readonly pluginId: string }) {
    super(`Duplicate plugin id: ${pluginId}`, parameters)
    this.pluginId = pluginId
  }
}

/** A plugin's `load()` gave a module whose id is not the manifest's. */
export class PluginModuleMismatchError extends AirlockError {
  override name = 'PluginModuleMismatchError'
  readonly pluginId: string
  readonly moduleId: string

  constructor({ pluginId, moduleId, ...parameters }: ErrorParameters & { readonly pluginId: string; readonly moduleId: string }) {
    super(`Plugin ${pluginId} loaded a module named ${moduleId}`, parameters)
    this.pluginId = pluginId
    this.moduleId = moduleId
  }
}

/**
 * A module with an Immer `reduce` and no `fold`, given to the kernel directly: the kernel runs
 * only folds (its entry carries no Immer). The plugin SDK's `defineModule`, and the plugin host
 * for a module made without it, give a plugin's reducer its fold.
 *
 * ```ts
 * createKernel({ modules: [{ id: 'x', initialState: {}, reduce() {} }], deps }) // throws UnfoldedModuleError
 * ```
 */
export class UnfoldedModuleError extends AirlockError {
  override name = 'UnfoldedModuleError'
  readonly moduleId: string

  constructor({ moduleId, ...parameters }: ErrorParameters & { readonly moduleId: string }) {
    super(`Module ${moduleId} has a reduce but no fold: define it with defineModule from airlock/plugin`, parameters)
    this.moduleId = moduleId
  }
}

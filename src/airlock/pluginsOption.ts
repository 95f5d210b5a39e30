/**
 * Decode the `plugins` option: each entry must be a manifest (`{ id, enabledBy, load }`). A bad
 * entry fails at once with a message that names it, instead of failing later inside the host.
 */
import { InvalidOptionsError } from '../kernel/errors/options'
import type { PluginManifest } from '../kernel/plugin'
import type { Features } from '../events/shapes/features'

function isManifest(value: unknown): value is PluginManifest<Features> {
  if (typeof value !== 'object' || value === null) return false
  const candidate = value as Record<string, unknown>
  return typeof candidate.id === 'string' && candidate.id.length > 0 && typeof candidate.enabledBy === 'function' && typeof candidate.load === 'function'
}

export function decodePluginsOption(options: unknown): readonly PluginManifest<Features>[] {
  if (typeof options !== 'object' || options === null) return []
  const plugins = (options as { plugins?: unknown }).plugins
  if (plugins === undefined) return []
  if (!Array.isArray(plugins)) {
    throw new InvalidOptionsError('Invalid option plugins: expected an array of plugin manifests')
  }
  plugins.forEach((plugin, index) => {
    if (!isManifest(plugin)) {
      throw new InvalidOptionsError(`Invalid option plugins[${index}]: expected a manifest from definePlugin({ id, enabledBy, load })`)
    }
  })
  return plugins as readonly PluginManifest<Features>[]
}

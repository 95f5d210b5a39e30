/**
 * A plugin's `needs`, checked by name before its module is loaded (issue 26 §1). The core's requirements
 * are here with the check; a chunk of its own, fetched with the first plugin the host loads.
 *
 * What the host makes of the answer, and why:
 * - A need that is not met (no Blockchain API configured, no project id, no secure site) is the
 *   site's configuration, not a mistake: a page without a Blockchain API simply has no Swap. The
 *   plugin is not loaded and the host says so at debug level (`console.debug`, shown by a
 *   console's verbose level), so a site owner who wonders where a tab went can find out, and a
 *   page that is configured as meant is not told off on every load.
 * - A need nobody declares is the plugin author's mistake (a typo the compiler would have caught
 *   through `RequirementRegistry`, or a plugin that relies on another one's requirement the site
 *   did not install): it is refused like any other refusal, one warning naming the plugin.
 */
import { AirlockError, ErrorCategory } from '../../kernel/errors'
import type { PluginManifest, RequirementCheck } from '../../kernel/plugin'
import type { RootState } from '../../kernel/registry'

const apiUrls = (state: RootState) => state.options.resolved?.apiUrls

/**
 * The checks of the names `RequirementRegistry` lists.
 *
 * ```ts
 * CORE_REQUIREMENTS.blockchainApi(state) // false when apiUrls.blockchain is not set
 * ```
 */
export const CORE_REQUIREMENTS: Readonly<Record<string, RequirementCheck>> = {
  // Balances, NFTs, history, swaps, the on-ramp's widget and names come from it (SPEC §7).
  blockchainApi: (state) => (apiUrls(state)?.blockchain ?? null) !== null,
  // SPEC §5: the auth provider is created only when a project id exists.
  projectId: (state) => (state.options.resolved?.projectId ?? '') !== '',
  // The secure frame's origin: no vendor host is assumed.
  secureSite: (state) => (apiUrls(state)?.secureSite ?? null) !== null,
}

/**
 * The first of `manifest.needs` that `state` does not meet, or undefined when all are met. The
 * checks are the core's (`CORE_REQUIREMENTS`, which a plugin's declaration does not replace) and
 * every manifest's own `requirements`, the first declaration of a name winning. Throws an AirlockError
 * for a name nobody declares.
 *
 * ```ts
 * unmetNeed(swapPlugin, manifests, state) // 'blockchainApi' on a page without apiUrls.blockchain
 * ```
 */
export function unmetNeed<F>(manifest: PluginManifest<F>, manifests: readonly PluginManifest<F>[], state: RootState): string | undefined {
  const checks: Record<string, RequirementCheck | undefined> = {}
  for (const declared of [CORE_REQUIREMENTS, ...manifests.map((m) => m.requirements ?? {})]) {
    for (const [name, check] of Object.entries(declared)) checks[name] ??= check
  }
  for (const name of manifest.needs ?? []) {
    const check = checks[name]
    if (typeof check !== 'function') {
      throw new AirlockError(`Plugin ${manifest.id} was not loaded: it needs "${name}", which neither the core nor a plugin declares`, {
        category: ErrorCategory.INVALID_OPTIONS,
      })
    }
    if (!check(state)) return name
  }
  return undefined
}

/**
 * What a plugin's module contributes, checked when it loads: the serialisable part (view names,
 * Account actions and tabs, Connect entries) decoded with io-ts, each entry's view registered, each
 * label and view title present in its English strings. A module that fails is refused with a
 * message that names what is wrong, before it runs.
 */
import * as t from 'io-ts'
import { isRight } from './either'
import { AirlockError, ErrorCategory } from './errors'
import { AccountActionContribution, AccountTabContribution, ConnectMethodContribution, type PluginContributions } from './kernelEvents'
import type { AnyModule } from './module'

/** The strings key of a view's title in its module's table: `titles.<View>`. */
export const viewTitleKey = (view: string): string => `titles.${view}`

function refuse(module: AnyModule, problem: string): never {
  throw new AirlockError(`Plugin ${module.id} was not loaded: ${problem}`, { category: ErrorCategory.INVALID_OPTIONS })
}

function decodeList<C extends t.Mixed>(module: AnyModule, name: string, codec: C, value: unknown): t.TypeOf<C>[] {
  if (value === undefined) return []
  const decoded = t.array(codec).decode(value)
  if (!isRight(decoded)) refuse(module, `${name} must be a list of ${codec.name}`)
  const ids = new Set<string>()
  for (const entry of decoded.right as { id: string }[]) {
    if (ids.has(entry.id)) refuse(module, `${name} has the id "${entry.id}" twice`)
    ids.add(entry.id)
  }
  return decoded.right
}

/**
 * The contributions of `module` as PLUGIN_LOADED carries them (only the kinds it has), or an
 * AirlockError. `taken` holds the view names the core and the other loaded modules registered.
 *
 * ```ts
 * contributionsOf(sessionStats, new Set(['Connect'])) // { views: ['SessionStats'], accountActions: [...] }
 * ```
 */
export function contributionsOf(module: AnyModule, taken: ReadonlySet<string>): PluginContributions {
  const views = Object.entries(module.views ?? {})
  for (const [name, loader] of views) {
    if (typeof loader !== 'function') refuse(module, `view "${name}" needs a loader, () => import('./views/${name}')`)
    if (taken.has(name)) refuse(module, `the view name "${name}" is taken by the core or another plugin`)
  }
  const viewNames = views.map(([name]) => name)
  for (const [name, command] of Object.entries(module.commands ?? {})) {
    if (typeof command !== 'function') refuse(module, `command "${name}" must be a function (state, ...args) => events`)
  }
  const accountActions = decodeList(module, 'accountActions', AccountActionContribution, module.accountActions)
  const accountTabs = decodeList(module, 'accountTabs', AccountTabContribution, module.accountTabs)
  const connectMethods = decodeList(module, 'connectMethods', ConnectMethodContribution, module.connectMethods)

  for (const entry of [...accountActions, ...accountTabs, ...connectMethods]) {
    if (!viewNames.includes(entry.view)) refuse(module, `"${entry.id}" shows the view "${entry.view}", which the plugin does not register`)
  }

  const en: unknown = module.strings?.en
  const needsStrings = viewNames.length > 0 || accountActions.length > 0 || accountTabs.length > 0
  if (needsStrings && (typeof en !== 'object' || en === null)) refuse(module, 'its views, actions and tabs need English strings (strings.en)')
  const english = (en ?? {}) as Readonly<Record<string, unknown>>
  const has = (key: string) => typeof english[key] === 'string'
  for (const entry of [...accountActions, ...accountTabs]) {
    if (!has(entry.label)) refuse(module, `the label "${entry.label}" of "${entry.id}" is missing from strings.en`)
  }
  for (const name of viewNames) {
    if (!has(viewTitleKey(name))) refuse(module, `the title of view "${name}" ("${viewTitleKey(name)}") is missing from strings.en`)
  }

  return {
    ...(viewNames.length > 0 ? { views: viewNames } : {}),
    ...(accountActions.length > 0 ? { accountActions } : {}),
    ...(accountTabs.length > 0 ? { accountTabs } : {}),
    ...(connectMethods.length > 0 ? { connectMethods } : {}),
  }
}

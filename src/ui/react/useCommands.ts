/**
 * `useCommands()`: the one way the modal's views (and plugins' views) act. Each command is named
 * for what the visitor did; the events it dispatches are computed in `src/core` from the state at
 * the command's turn in the queue. Views never dispatch raw events.
 */
import { useMemo } from 'react'
import type { AirlockInstance } from '../../ports/instance'
import type { CommandFn } from '../../kernel/module'
import type { RouteData } from '../../events/router'
import type { ViewName } from '../../core/router/views'
import type { BoundCommands, ModuleCommands } from '../../core/contributions/commands'
import type { coreCommands } from '../../core/contributions/coreCommands'
import type { ModuleContribution } from '../../core/contributions/state'
import { useAirlock } from './context'
import { useAirlockState } from './useAirlockState'

/**
 * The core's commands (see src/core/contributions/coreCommands.ts), and `open`, which waits for a
 * plugin still loading and reports a view no module registers as VIEW_NOT_FOUND.
 */
export type CoreCommands = BoundCommands<typeof coreCommands> & {
  open(view?: ViewName, data?: RouteData): void
}

/** The core's commands and every loaded plugin's, under its module id (declared in `CommandRegistry`). */
export type Commands = CoreCommands & ModuleCommands

type Bound = (...args: unknown[]) => void

/** One bound function per instance and command, so each keeps its identity across renders. */
const boundCache = new WeakMap<AirlockInstance, WeakMap<CommandFn, Bound>>()

/** The command `name` of module `moduleId` (`fn`), run by the instance by that name: the UI runs only registered commands. */
function bind(airlock: AirlockInstance, moduleId: string, name: string, fn: CommandFn): Bound {
  let cache = boundCache.get(airlock)
  if (!cache) boundCache.set(airlock, (cache = new WeakMap()))
  let bound = cache.get(fn)
  if (!bound) {
    bound = (...args) => airlock._internal.run(moduleId, name, args)
    cache.set(fn, bound)
  }
  return bound
}

const opens = new WeakMap<AirlockInstance, CoreCommands['open']>()

/** The instance's commands: core modules' flat, each loaded plugin's under its id. */
function commandsOf(airlock: AirlockInstance, plugins: readonly ModuleContribution[]): Commands {
  let open = opens.get(airlock)
  if (!open) {
    // The promise (and its rejection) is for sites' code; the VIEW_NOT_FOUND event reports it.
    open = (view, data) => void airlock.open(view, data).catch(() => undefined)
    opens.set(airlock, open)
  }
  const commands: Record<string, unknown> = {}
  for (const module of airlock._internal.modules()) {
    if (!module.commands) continue
    const bound = Object.fromEntries(Object.entries(module.commands).map(([name, fn]) => [name, bind(airlock, module.id, name, fn)]))
    if (plugins.some((plugin) => plugin.id === module.id)) commands[module.id] = bound
    else Object.assign(commands, bound)
  }
  commands.open = open
  return commands as Commands
}

/**
 * The commands of the instance: the core's, and each loaded plugin's under its id. Each function
 * keeps its identity for the instance's life, so it can be an effect dependency.
 *
 * ```tsx
 * const { push, back } = useCommands()
 * <button onClick={() => push('SwitchNetwork')}>…</button>
 * ```
 */
export function useCommands(): Commands {
  const airlock = useAirlock()
  // Plugins come and go with PLUGIN_LOADED / PLUGIN_UNLOADED: rebind when they do.
  const plugins = useAirlockState((state) => state.contributions.modules)
  return useMemo(() => commandsOf(airlock, plugins), [airlock, plugins])
}

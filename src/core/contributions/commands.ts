/**
 * Plugins' named commands, typed by declaration merging. A plugin lists its commands in its module
 * (`commands: { reset }`, each `(state, ...args) => events`) and declares them for the compiler;
 * its views then call them through `useCommands()`, bound to the instance:
 *
 * ```ts
 * declare module 'airlock/plugin' {
 *   interface CommandRegistry { signMessage: typeof signMessageCommands }
 * }
 * useCommands().signMessage.sign()
 * ```
 */
import type { AirlockEvent, RootState } from '../../kernel/registry'

/** Each loaded plugin's commands, by module id. Plugins augment it; the core adds nothing. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface CommandRegistry {}

/** A module's commands as its views call them: the state is supplied at their turn in the queue. */
export type BoundCommands<C> = {
  readonly [K in keyof C]: C[K] extends (state: RootState, ...args: infer A) => readonly AirlockEvent[] ? (...args: A) => void : never
}

/** Every registered plugin's bound commands, by module id. */
export type ModuleCommands = { readonly [M in keyof CommandRegistry]: BoundCommands<CommandRegistry[M]> }

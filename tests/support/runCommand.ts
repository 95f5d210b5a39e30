/**
 * Run `command` on a real instance as the modal's views do: a command a running module registers
 * runs by its module and name (`airlock._internal.run`, which `useCommands()` calls), so the public
 * events it emits pass; any other function of the test's own goes through `_internal.dispatch`,
 * which refuses public events from outside Airlock's modules (issue 26 §4).
 *
 * ```ts
 * runCommand(airlock, sendCommands.enterAmount, '0.5')
 * runCommand(airlock, (state) => pushView(state, 'WalletSend'))
 * ```
 */
import type { AirlockInstance } from '../../src/ports/instance'
import type { AirlockEvent, RootState } from '../../src/kernel/registry'

export function runCommand<A extends unknown[]>(
  airlock: AirlockInstance,
  command: (state: RootState, ...args: A) => readonly AirlockEvent[],
  ...args: A
): void {
  for (const module of airlock._internal.modules()) {
    const name = Object.entries(module.commands ?? {}).find(([, fn]) => fn === command)?.[0]
    if (name !== undefined) return airlock._internal.run(module.id, name, args)
  }
  airlock._internal.dispatch((state) => command(state, ...args))
}

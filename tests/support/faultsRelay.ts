/**
 * The local WalletConnect relay (services/relay) killed and started again on the same port with
 * the same mailbox, as a relay node restarts: every socket is cut, nothing is listening for a
 * while, then clients reconnect and resubscribe. For tests/e2e/faultsRelay.test.ts (issue 27 §3).
 *
 * ```ts
 * const relay = relayControl(stack.relay)
 * await relay.kill()
 * await relay.restart()
 * await until(() => relay.clientCount() >= 2)
 * await relay.close() // in afterAll, besides the stack's own stop
 * ```
 */
import { startRelay } from '../../services/relay/relay.mjs'

type Relay = Awaited<ReturnType<typeof startRelay>>

export interface RelayControl {
  /** Cut every socket and stop listening. */
  kill(): Promise<void>
  /** Listen again on the same port, with what was published meanwhile still in the mailbox. */
  restart(): Promise<void>
  /** How many clients have a socket open on the relay now (0 while it is down). */
  clientCount(): number
  /** Stop the restarted relay (the first one is the stack's to stop). */
  close(): Promise<void>
}

export function relayControl(first: Relay): RelayControl {
  let current: Relay | undefined = first
  const { port, mailbox } = first
  return {
    async kill() {
      await current?.close()
      current = undefined
    },
    async restart() {
      if (current) throw new Error('the relay is running')
      current = await startRelay({ port, mailbox })
    },
    clientCount: () => current?.clientCount() ?? 0,
    async close() {
      if (current && current !== first) await current.close()
      current = undefined
    },
  }
}

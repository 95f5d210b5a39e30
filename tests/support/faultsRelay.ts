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

/** Binds of the restart before it gives up on a port some other socket holds, and the pause between them. */
const RESTART_ATTEMPTS = 40
const RESTART_PAUSE_MS = 250

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
      // The port was free when the relay let it go, but any socket on the machine may take it then
      // (a connection's local port is picked from the same range: the clean-clone run at 08bc68d
      // met EADDRINUSE here once). A relay node would wait and bind again; so does this, for a while.
      for (let attempt = 1; ; attempt++) {
        try {
          current = await startRelay({ port, mailbox })
          return
        } catch (error) {
          if ((error as { code?: string }).code !== 'EADDRINUSE' || attempt === RESTART_ATTEMPTS) throw error
          console.warn(`faultsRelay: port ${port} is taken (try ${attempt}); binding again in ${RESTART_PAUSE_MS} ms`)
          await new Promise((resolve) => setTimeout(resolve, RESTART_PAUSE_MS))
        }
      }
    },
    clientCount: () => current?.clientCount() ?? 0,
    async close() {
      if (current && current !== first) await current.close()
      current = undefined
    },
  }
}

/**
 * The instance's `connect` for a target that is not a connector's id (issue 28 §3, headless): a
 * catalog wallet's id, or `{ namespace }`. A chunk of its own, fetched at the first such call, so a
 * page that connects by connector id (or only through the modal) loads none of it.
 */
import { createEvent, type AirlockEvent, type RootState } from '../kernel/registry'
import { ConnectorNotFoundError } from '../kernel/errors/lookup'
import { resolveConnectTarget, type ConnectTarget } from '../core/connect/headlessSelectors'

/**
 * The connector `target` means (see `resolveConnectTarget`). A catalog wallet is announced as the
 * modal announces choosing it (SELECT_WALLET, platform qrcode) before its pairing starts. Throws
 * `ConnectorNotFoundError` when nothing matches: "Connector not found" for an id neither a
 * connector's nor a listed wallet's (or a catalog wallet's while WalletConnect is off), SPEC §8's
 * "WalletConnectConnector not found" for a namespace with no wallet installed and WalletConnect off.
 *
 * ```ts
 * connectorFor(kernel, 'rainbow') // 'walletConnect', after SELECT_WALLET { name: 'Rainbow', platform: 'qrcode' }
 * ```
 */
export function connectorFor(kernel: { getState(): RootState; dispatch(event: AirlockEvent): void }, target: ConnectTarget): string {
  const resolved = resolveConnectTarget(kernel.getState(), target)
  if (!resolved) {
    throw new ConnectorNotFoundError(
      typeof target === 'string'
        ? { connectorId: target }
        : { connectorId: 'walletConnect', details: `No wallet installed for namespace ${JSON.stringify(target.namespace)}, and WalletConnect is off` },
    )
  }
  if (resolved.wallet) kernel.dispatch(createEvent('SELECT_WALLET', { name: resolved.wallet.name, platform: 'qrcode' }))
  return resolved.connectorId
}

export { selectConnectMethods, selectWalletsFor } from '../core/connect/headlessSelectors'
// Email and social sign-in without the modal: the plugins' state and commands (./headlessSignIn.ts).
export { emailSignIn, socialSignIn } from './headlessSignIn'

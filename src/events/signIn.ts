/** Sign-in with a wallet as the connectors see it (issue 28 §4 one-click sign-in). */
import * as t from 'io-ts'
import { defineEvent } from './define'

/**
 * The wallet signed a sign-in message while connecting (WalletConnect's `wc_sessionAuthenticate`):
 * for `address` on `caipNetworkId`, the EIP-4361 `message` it signed, its `signature` and the
 * CACAO it answered with. The siwx plugin adds the session at the site instead of asking the
 * visitor to sign; not public (a signature is no analytics).
 */
export const SiwxSignedOnConnect = defineEvent(
  'SIWX_SIGNED_ON_CONNECT',
  t.type({ caipNetworkId: t.string, address: t.string, message: t.string, signature: t.string, cacao: t.unknown }),
)
export type SiwxSignedOnConnect = t.TypeOf<typeof SiwxSignedOnConnect>

// Not in the core catalogue, so a page without sign-in carries no byte of it: the siwx plugin, the
// one reader, registers the same codec with its events (src/plugins/siwx/events.ts).
declare module '../kernel/registry' {
  interface EventRegistry {
    SIWX_SIGNED_ON_CONNECT: SiwxSignedOnConnect
  }
}

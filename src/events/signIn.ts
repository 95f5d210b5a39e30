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

export const signInEvents = { SIWX_SIGNED_ON_CONNECT: SiwxSignedOnConnect } as const

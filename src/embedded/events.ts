/**
 * The embedded wallet's shared events (SPEC §3 auth wallet info, §4, §8): what the email and
 * socials plugins tell the embedded-wallet plugin (a sign-in finished, a recovery is needed, the
 * auth provider must reload), and the frame's failures. They belong to the embedded-wallet feature,
 * not to the core: the three plugins of this folder list them in their modules' `events`, and the
 * core never names them. Each codec is `{ type, payload }` written out, as a plugin's are.
 */
import * as t from 'io-ts'
import { SocialProvider } from '../events/shapes/socialProvider'

/** How a visitor signed in to the embedded wallet (SPEC §3 "social provider (default email)"). */
export const AuthProvider = t.union([t.literal('email'), SocialProvider], 'AuthProvider')
export type AuthProvider = t.TypeOf<typeof AuthProvider>

/**
 * The frame has a session for the visitor (an email code, a social or Farcaster login): the
 * embedded wallet connects. `identifier` is the email or the user name (SPEC §3).
 */
export const EmbeddedLoginSucceeded = t.type({
  type: t.literal('EMBEDDED_LOGIN_SUCCEEDED'),
  payload: t.type({ provider: AuthProvider, identifier: t.union([t.string, t.null]) }),
})
export type EmbeddedLoginSucceeded = t.TypeOf<typeof EmbeddedLoginSucceeded>

/**
 * The frame has a session for the visitor, but this device holds nothing that opens their wallet
 * (a new device, WALLET_RECOVERY_NEEDED): the embedded-wallet plugin asks for the recovery code in
 * the frame, then tells EMBEDDED_LOGIN_SUCCEEDED (with who the frame says is signed in) and connects.
 */
export const EmbeddedRecoveryNeeded = t.type({ type: t.literal('EMBEDDED_RECOVERY_NEEDED'), payload: t.type({}) })
export type EmbeddedRecoveryNeeded = t.TypeOf<typeof EmbeddedRecoveryNeeded>

/**
 * The frame failed (SPEC §8): `failure` is the report name (iframe_load_failed,
 * iframe_request_timeout, unverified_domain), `message` the server's words when it gave some. The
 * embedded-wallet plugin raises its alert with it.
 */
export const EmbeddedWalletFailed = t.type({
  type: t.literal('EMBEDDED_WALLET_FAILED'),
  payload: t.type({
    failure: t.union([t.keyof({ iframe_load_failed: null, iframe_request_timeout: null, unverified_domain: null }), t.null]),
    message: t.string,
  }),
})
export type EmbeddedWalletFailed = t.TypeOf<typeof EmbeddedWalletFailed>

/**
 * The visitor abandoned the Farcaster login (went back from ConnectingFarcaster while not
 * connected): 100 ms later the auth provider reloads (SPEC §2, §9 "Farcaster reload delay"). The
 * socials plugin tells it; the embedded-wallet plugin acts on it.
 */
export const AuthProviderReloadRequested = t.type({ type: t.literal('AUTH_PROVIDER_RELOAD_REQUESTED'), payload: t.type({}) })
export type AuthProviderReloadRequested = t.TypeOf<typeof AuthProviderReloadRequested>

export const embeddedEvents = {
  EMBEDDED_LOGIN_SUCCEEDED: EmbeddedLoginSucceeded,
  EMBEDDED_RECOVERY_NEEDED: EmbeddedRecoveryNeeded,
  EMBEDDED_WALLET_FAILED: EmbeddedWalletFailed,
  AUTH_PROVIDER_RELOAD_REQUESTED: AuthProviderReloadRequested,
}

declare module '../kernel/registry' {
  interface EventRegistry {
    EMBEDDED_LOGIN_SUCCEEDED: EmbeddedLoginSucceeded
    EMBEDDED_RECOVERY_NEEDED: EmbeddedRecoveryNeeded
    EMBEDDED_WALLET_FAILED: EmbeddedWalletFailed
    AUTH_PROVIDER_RELOAD_REQUESTED: AuthProviderReloadRequested
  }
}

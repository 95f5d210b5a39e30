/**
 * The embedded wallet's core events (SPEC §3 auth wallet info, §4, §8): what the email and socials
 * plugins tell the embedded-wallet plugin (a sign-in finished), what the Account view shows (who
 * is signed in), and the frame's failures, which the core turns into SPEC §8's alerts. They are
 * core events because three plugins and the core share them, and plugins never import each other.
 */
import * as t from 'io-ts'
import { defineEvent } from './define'
import { ChainNamespace } from './shapes/namespace'
import { SocialProvider } from './shapes/socialProvider'

/** How a visitor signed in to the embedded wallet (SPEC §3 "social provider (default email)"). */
export const AuthProvider = t.union([t.literal('email'), SocialProvider], 'AuthProvider')
export type AuthProvider = t.TypeOf<typeof AuthProvider>

/**
 * The frame has a session for the visitor (an email code, a social or Farcaster login): the
 * embedded wallet connects. `identifier` is the email or the user name (SPEC §3).
 */
export const EmbeddedLoginSucceeded = defineEvent('EMBEDDED_LOGIN_SUCCEEDED', t.type({ provider: AuthProvider, identifier: t.union([t.string, t.null]) }))
export type EmbeddedLoginSucceeded = t.TypeOf<typeof EmbeddedLoginSucceeded>

/**
 * The frame has a session for the visitor, but this device holds nothing that opens their wallet
 * (a new device, WALLET_RECOVERY_NEEDED): the embedded-wallet plugin asks for the recovery code in
 * the frame, then tells EMBEDDED_LOGIN_SUCCEEDED (with who the frame says is signed in) and connects.
 */
export const EmbeddedRecoveryNeeded = defineEvent('EMBEDDED_RECOVERY_NEEDED', t.type({}))
export type EmbeddedRecoveryNeeded = t.TypeOf<typeof EmbeddedRecoveryNeeded>

/** Who is signed in to the connected embedded wallet of `namespace` (SPEC §3 "auth wallet info"). */
export const AuthWalletInfoSet = defineEvent(
  'AUTH_WALLET_INFO_SET',
  t.type({ namespace: ChainNamespace, identifier: t.union([t.string, t.null]), social: AuthProvider }),
)
export type AuthWalletInfoSet = t.TypeOf<typeof AuthWalletInfoSet>

/**
 * The frame failed (SPEC §8): `failure` is the report name (iframe_load_failed,
 * iframe_request_timeout, unverified_domain), `message` the server's words when it gave some.
 */
export const EmbeddedWalletFailed = defineEvent(
  'EMBEDDED_WALLET_FAILED',
  t.type({
    failure: t.union([t.keyof({ iframe_load_failed: null, iframe_request_timeout: null, unverified_domain: null }), t.null]),
    message: t.string,
  }),
)
export type EmbeddedWalletFailed = t.TypeOf<typeof EmbeddedWalletFailed>

/** The Farcaster sign-in link to show as a QR code (SPEC §3 account state farcasterUrl). */
export const FarcasterUrlSet = defineEvent('FARCASTER_URL_SET', t.type({ namespace: ChainNamespace, url: t.string }))
export type FarcasterUrlSet = t.TypeOf<typeof FarcasterUrlSet>

export const embeddedEvents = {
  EMBEDDED_LOGIN_SUCCEEDED: EmbeddedLoginSucceeded,
  EMBEDDED_RECOVERY_NEEDED: EmbeddedRecoveryNeeded,
  AUTH_WALLET_INFO_SET: AuthWalletInfoSet,
  EMBEDDED_WALLET_FAILED: EmbeddedWalletFailed,
  FARCASTER_URL_SET: FarcasterUrlSet,
} as const

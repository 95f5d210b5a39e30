/** Persistence: hydration is an event (SPEC §3 browser storage); writing is an effect. */
import * as t from 'io-ts'
import { defineEvent } from './define'
import { StoredValues } from './shapes/storage'

/** What was read from storage at start, already decoded; corrupt keys are absent. */
export const StorageHydrated = defineEvent('STORAGE_HYDRATED', t.type({ values: StoredValues }))
export type StorageHydrated = t.TypeOf<typeof StorageHydrated>

/** The last email-login time (SPEC §5 cool-down), set when an email login is triggered. */
export const EmailLoginTriggered = defineEvent('EMAIL_LOGIN_TRIGGERED', t.type({ at: t.number }))
export type EmailLoginTriggered = t.TypeOf<typeof EmailLoginTriggered>

/** Login succeeded: store email and the used flag, clear the last login time (SPEC §4). */
export const EmailLoginSucceeded = defineEvent('EMAIL_LOGIN_SUCCEEDED', t.type({ email: t.string }))
export type EmailLoginSucceeded = t.TypeOf<typeof EmailLoginSucceeded>

export const SocialLoginSucceeded = defineEvent(
  'SOCIAL_LOGIN_SUCCEEDED',
  t.type({ provider: StoredValues.props.connectedSocialProvider, username: t.union([t.string, t.null]) }),
)
export type SocialLoginSucceeded = t.TypeOf<typeof SocialLoginSucceeded>

/** An email update finished (SPEC §4: after VERIFY_SECONDARY_OTP the new email is stored). */
export const EmailUpdated = defineEvent('EMAIL_UPDATED', t.type({ email: t.string }))
export type EmailUpdated = t.TypeOf<typeof EmailUpdated>

/** The embedded wallet's last used chain, kept so a reload reconnects there (SPEC §3 browser storage). */
export const LastUsedChainSet = defineEvent('LAST_USED_CHAIN_SET', t.type({ chain: StoredValues.props.lastUsedChain }))
export type LastUsedChainSet = t.TypeOf<typeof LastUsedChainSet>

export const storageEvents = {
  STORAGE_HYDRATED: StorageHydrated,
  EMAIL_LOGIN_TRIGGERED: EmailLoginTriggered,
  EMAIL_LOGIN_SUCCEEDED: EmailLoginSucceeded,
  SOCIAL_LOGIN_SUCCEEDED: SocialLoginSucceeded,
  EMAIL_UPDATED: EmailUpdated,
  LAST_USED_CHAIN_SET: LastUsedChainSet,
} as const

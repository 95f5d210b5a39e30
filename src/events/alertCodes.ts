/**
 * The alert codes (SPEC §8), for the compiler: the core's own, and those a feature adds by module
 * augmentation, as it adds its views (the embedded wallet's frame failures: src/embedded/alerts.ts):
 *
 * ```ts
 * declare module 'airlock/plugin' {
 *   interface AlertCodeRegistry { SIGN_MESSAGE_FAILED: true }
 * }
 * ```
 *
 * Every alert (the ALERT_RAISED payload, `Alert`) carries one of these codes with SPEC §8's short
 * message; a site reads `AlertCode`, the union of them all.
 */
export interface AlertCodeRegistry {
  NETWORK_NOT_FOUND: true
  ORIGIN_NOT_ALLOWED: true
  INVALID_PROJECT_ID: true
  SESSION_EXPIRED: true
  PROJECT_ID_NOT_CONFIGURED: true
  LOCAL_CONFIGURATION_IGNORED: true
}

/** An alert's code: the core's or a feature's (`AlertCodeRegistry`). */
export type AlertCode = keyof AlertCodeRegistry & string

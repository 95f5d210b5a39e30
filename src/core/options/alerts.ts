/**
 * The alerts of SPEC §8, each with a code, a short message (SPEC §8's wording) and a long one,
 * and the mapping of known server messages to them. The embedded wallet's own alerts (its frame's
 * failures) are its feature's: src/embedded/alerts.ts.
 */
import type { AlertRaised } from '../../events/options'
import { ALERTED_SERVER_MESSAGES } from './serverMessageRules'
import type { AlertCode as RegisteredAlertCode, AlertCodeRegistry } from '../../events/alertCodes'

export type Alert = AlertRaised['payload']

/** The core's own alert codes; a feature registers its own in `AlertCodeRegistry` (src/events/alertCodes.ts). */
export const AlertCode = {
  NETWORK_NOT_FOUND: 'NETWORK_NOT_FOUND',
  ORIGIN_NOT_ALLOWED: 'ORIGIN_NOT_ALLOWED',
  INVALID_PROJECT_ID: 'INVALID_PROJECT_ID',
  SESSION_EXPIRED: 'SESSION_EXPIRED',
  PROJECT_ID_NOT_CONFIGURED: 'PROJECT_ID_NOT_CONFIGURED',
  LOCAL_CONFIGURATION_IGNORED: 'LOCAL_CONFIGURATION_IGNORED',
} as const satisfies { readonly [K in keyof AlertCodeRegistry]?: K }
/** Any alert's code: the core's (above) and those features register (the embedded wallet's three). */
export type AlertCode = RegisteredAlertCode

const INVALID_APP_CONFIGURATION = 'Invalid App Configuration'

/** SPEC §8 "Network Not Found": a switch to a network the site did not configure (raised by `airlock.switchNetwork`). */
export const networkNotFoundAlert: Alert = Object.freeze({
  code: AlertCode.NETWORK_NOT_FOUND,
  shortMessage: 'Network Not Found',
  longMessage: 'Network not found: add it to the networks option.',
  severity: 'error',
})

/**
 * SPEC §8 "Invalid App Configuration" for an origin missing from the project's allowlist (SPEC
 * §5). The origin is named, since that is what the site owner must add.
 *
 * ```ts
 * originNotAllowedAlert('https://shop.example').longMessage // 'Origin not allowed: add https://shop.example to …'
 * ```
 */
export function originNotAllowedAlert(origin: string): Alert {
  return {
    code: AlertCode.ORIGIN_NOT_ALLOWED,
    shortMessage: INVALID_APP_CONFIGURATION,
    longMessage: `Origin not allowed: add ${origin} to the allowed origins of this project.`,
    severity: 'error',
  }
}

/** SPEC §8 "Invalid App Configuration" for a project id the server does not know. */
export const invalidProjectIdAlert: Alert = Object.freeze({
  code: AlertCode.INVALID_PROJECT_ID,
  shortMessage: INVALID_APP_CONFIGURATION,
  longMessage: 'Invalid project id: check the projectId option.',
  severity: 'error',
})

/** SPEC §8 "Session Expired" (token not yet valid; check time settings). */
export const sessionExpiredAlert: Alert = Object.freeze({
  code: AlertCode.SESSION_EXPIRED,
  shortMessage: 'Session Expired',
  longMessage: 'The session token is not yet valid: check the time settings of this device and connect again.',
  severity: 'error',
})

/** SPEC §5, §8 "Project ID Not Configured": the options carry no project id. */
export const projectIdNotConfiguredAlert: Alert = Object.freeze({
  code: AlertCode.PROJECT_ID_NOT_CONFIGURED,
  shortMessage: 'Project ID Not Configured',
  longMessage: 'Project ID Not Configured: pass the projectId option.',
  severity: 'error',
})

/**
 * SPEC §8 warning: remote configuration was fetched, so the local setting of these features is
 * ignored.
 *
 * ```ts
 * localConfigurationIgnoredAlert(['email', 'socials']).longMessage
 * // 'Your local configuration for email, socials was ignored because remote configuration was fetched. …'
 * ```
 */
export function localConfigurationIgnoredAlert(features: readonly string[]): Alert {
  return {
    code: AlertCode.LOCAL_CONFIGURATION_IGNORED,
    shortMessage: 'Local configuration ignored',
    longMessage: `Your local configuration for ${features.join(', ')} was ignored because remote configuration was fetched. Manage these features in the project's remote configuration.`,
    severity: 'warning',
  }
}

/** The server messages of SPEC §8 and the alert each maps to. */
export const SERVER_MESSAGE_ALERTS: ReadonlyArray<readonly [message: string, alert: (origin: string) => Alert]> = Object.freeze([
  [ALERTED_SERVER_MESSAGES[0], (origin: string) => originNotAllowedAlert(origin)],
  [ALERTED_SERVER_MESSAGES[1], () => sessionExpiredAlert],
  [ALERTED_SERVER_MESSAGES[2], () => invalidProjectIdAlert],
])

/**
 * The alert a server message maps to (SPEC §8), or undefined. Servers wrap their messages, so a
 * message that contains a known one matches. `origin` names the page in the origin alert.
 *
 * ```ts
 * alertForServerMessage('Error: Unauthorized: invalid key', 'https://shop.example')?.code // 'INVALID_PROJECT_ID'
 * alertForServerMessage('HTTP status code: 500', 'https://shop.example') // undefined
 * ```
 */
export function alertForServerMessage(message: string, origin: string): Alert | undefined {
  const match = SERVER_MESSAGE_ALERTS.find(([known]) => message.includes(known))
  return match?.[1](origin)
}

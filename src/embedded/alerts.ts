/**
 * The embedded wallet's alerts (SPEC §8): its frame never loaded, left a request unanswered, or
 * refused this domain. The embedded-wallet plugin raises them (ALERT_RAISED) from the frame's
 * failures; the core's alerts (src/core/options/alerts.ts) know nothing of the frame: the three
 * codes are registered here (AlertCodeRegistry), and the public `AlertCode` holds them from here.
 */
import type { AlertRaised } from '../events/options'
import type { AlertCode } from '../events/alertCodes'

type Alert = AlertRaised['payload']

// The feature's own alert codes, registered as a plugin registers its views: the core names none of them.
declare module '../events/alertCodes' {
  interface AlertCodeRegistry {
    UNVERIFIED_DOMAIN: true
    IFRAME_LOAD_FAILED: true
    IFRAME_REQUEST_TIMEOUT: true
  }
}

/** SPEC §8 "Invalid App Configuration" when the embedded wallet refuses this domain. */
export const unverifiedDomainAlert: Alert = Object.freeze({
  code: 'UNVERIFIED_DOMAIN' satisfies AlertCode,
  shortMessage: 'Invalid App Configuration',
  longMessage: 'The embedded wallet could not load: verify that this domain is allowed for the project.',
  severity: 'error',
})

/** SPEC §8 "Network Error - Could not load embedded wallet". */
export const iframeLoadFailedAlert: Alert = Object.freeze({
  code: 'IFRAME_LOAD_FAILED' satisfies AlertCode,
  shortMessage: 'Network Error - Could not load embedded wallet',
  longMessage: 'There was a problem loading the embedded wallet. Please try again later.',
  severity: 'error',
})

/** SPEC §8 "Embedded Wallet Request Timed Out". */
export const iframeRequestTimeoutAlert: Alert = Object.freeze({
  code: 'IFRAME_REQUEST_TIMEOUT' satisfies AlertCode,
  shortMessage: 'Embedded Wallet Request Timed Out',
  longMessage: 'The embedded wallet did not answer in time. Please try again later.',
  severity: 'error',
})

/** The embedded-wallet failures SPEC §8 reports as error alerts. */
export type FrameFailure = 'iframe_load_failed' | 'iframe_request_timeout' | 'unverified_domain'

/**
 * The alert of an embedded-wallet failure (SPEC §8: each shown as an error alert).
 *
 * ```ts
 * alertForFrameFailure('iframe_request_timeout').shortMessage // 'Embedded Wallet Request Timed Out'
 * ```
 */
export const alertForFrameFailure = (failure: FrameFailure): Alert =>
  ({ iframe_load_failed: iframeLoadFailedAlert, iframe_request_timeout: iframeRequestTimeoutAlert, unverified_domain: unverifiedDomainAlert })[failure]

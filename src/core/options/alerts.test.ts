import { describe, expect, it } from 'vitest'
import { isRight } from '../../kernel/either'
import { AlertRaised } from '../../events/options'
import { iframeLoadFailedAlert, iframeRequestTimeoutAlert, unverifiedDomainAlert } from '../../embedded/alerts'
import {
  alertForServerMessage,
  invalidProjectIdAlert,
  localConfigurationIgnoredAlert,
  networkNotFoundAlert,
  originNotAllowedAlert,
  projectIdNotConfiguredAlert,
  sessionExpiredAlert,
  type Alert,
} from './alerts'

const every: Alert[] = [
  networkNotFoundAlert,
  originNotAllowedAlert('https://shop.example'),
  invalidProjectIdAlert,
  unverifiedDomainAlert,
  iframeLoadFailedAlert,
  iframeRequestTimeoutAlert,
  sessionExpiredAlert,
  projectIdNotConfiguredAlert,
  localConfigurationIgnoredAlert(['email']),
]

describe('alerts (SPEC §8)', () => {
  it('each has a distinct code, a short and a long message, and is a valid ALERT_RAISED payload', () => {
    expect(new Set(every.map((a) => a.code)).size).toBe(every.length)
    for (const alert of every) {
      expect(alert.shortMessage.length).toBeGreaterThan(0)
      expect(alert.longMessage.length).toBeGreaterThan(alert.shortMessage.length)
      expect(isRight(AlertRaised.decode({ type: 'ALERT_RAISED', payload: alert }))).toBe(true)
    }
  })

  it('uses the SPEC §8 short messages word for word', () => {
    expect(networkNotFoundAlert.shortMessage).toBe('Network Not Found')
    expect(iframeLoadFailedAlert.shortMessage).toBe('Network Error - Could not load embedded wallet')
    expect(iframeRequestTimeoutAlert.shortMessage).toBe('Embedded Wallet Request Timed Out')
    expect(sessionExpiredAlert.shortMessage).toBe('Session Expired')
    expect(projectIdNotConfiguredAlert.shortMessage).toBe('Project ID Not Configured')
  })

  it('gives the three invalid-configuration cases (origin, project id, domain) the short message "Invalid App Configuration"', () => {
    for (const alert of [originNotAllowedAlert('https://a.example'), invalidProjectIdAlert, unverifiedDomainAlert]) {
      expect(alert.shortMessage).toBe('Invalid App Configuration')
    }
  })

  it('names the refused origin in the origin alert (SPEC §5)', () => {
    expect(originNotAllowedAlert('https://shop.example').longMessage).toContain('https://shop.example')
  })

  it('the session-expired alert tells the visitor to check the time settings (SPEC §8)', () => {
    expect(sessionExpiredAlert.longMessage).toContain('time settings')
  })

  it('the local-configuration warning is a warning naming the ignored features (SPEC §8)', () => {
    const alert = localConfigurationIgnoredAlert(['email', 'socials'])
    expect(alert.severity).toBe('warning')
    expect(alert.longMessage).toContain('email, socials')
    expect(every.filter((a) => a.severity !== 'error')).toEqual([localConfigurationIgnoredAlert(['email'])])
  })
})

describe('alertForServerMessage (SPEC §8)', () => {
  it('maps "Unauthorized: origin not allowed" to Invalid App Configuration for the origin', () => {
    expect(alertForServerMessage('Unauthorized: origin not allowed', 'https://shop.example')).toEqual(originNotAllowedAlert('https://shop.example'))
  })
  it('maps "JWT validation error: JWT Token is not yet valid" to Session Expired', () => {
    expect(alertForServerMessage('JWT validation error: JWT Token is not yet valid', '')).toBe(sessionExpiredAlert)
  })
  it('maps "Unauthorized: invalid key" to the invalid project id alert', () => {
    expect(alertForServerMessage('Unauthorized: invalid key', '')).toBe(invalidProjectIdAlert)
  })
  it('matches a known message wrapped in more text, and nothing else', () => {
    expect(alertForServerMessage('WebSocket closed: Unauthorized: invalid key (3000)', '')).toBe(invalidProjectIdAlert)
    expect(alertForServerMessage('HTTP status code: 500', '')).toBeUndefined()
    expect(alertForServerMessage('unauthorized: invalid key', '')).toBeUndefined()
  })
})

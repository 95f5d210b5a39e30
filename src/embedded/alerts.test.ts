import { describe, expect, it } from 'vitest'
import { alertForFrameFailure, iframeLoadFailedAlert, iframeRequestTimeoutAlert, unverifiedDomainAlert } from './alerts'

describe('alertForFrameFailure (SPEC §8)', () => {
  it('shows iframe_load_failed, iframe_request_timeout and unverified_domain as error alerts', () => {
    expect(alertForFrameFailure('iframe_load_failed')).toBe(iframeLoadFailedAlert)
    expect(alertForFrameFailure('iframe_request_timeout')).toBe(iframeRequestTimeoutAlert)
    expect(alertForFrameFailure('unverified_domain')).toBe(unverifiedDomainAlert)
    expect([iframeLoadFailedAlert, iframeRequestTimeoutAlert, unverifiedDomainAlert].every((a) => a.severity === 'error')).toBe(true)
  })
})

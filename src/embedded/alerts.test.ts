import { describe, expect, expectTypeOf, it } from 'vitest'
import type { AlertCode } from 'airlock'
import { AlertCode as CoreAlertCode } from '../core/options/alerts'
import { CORE_VIEW_NAMES, View } from '../core/router/views'
import { alertForFrameFailure, iframeLoadFailedAlert, iframeRequestTimeoutAlert, unverifiedDomainAlert } from './alerts'

describe('alertForFrameFailure (SPEC §8)', () => {
  it('shows iframe_load_failed, iframe_request_timeout and unverified_domain as error alerts', () => {
    expect(alertForFrameFailure('iframe_load_failed')).toBe(iframeLoadFailedAlert)
    expect(alertForFrameFailure('iframe_request_timeout')).toBe(iframeRequestTimeoutAlert)
    expect(alertForFrameFailure('unverified_domain')).toBe(unverifiedDomainAlert)
    expect([iframeLoadFailedAlert, iframeRequestTimeoutAlert, unverifiedDomainAlert].every((a) => a.severity === 'error')).toBe(true)
  })

  it('with SPEC §8’s short messages', () => {
    expect(iframeLoadFailedAlert.shortMessage).toBe('Network Error - Could not load embedded wallet')
    expect(iframeRequestTimeoutAlert.shortMessage).toBe('Embedded Wallet Request Timed Out')
    expect(unverifiedDomainAlert.shortMessage).toBe('Invalid App Configuration')
  })
})

describe('the feature’s codes and view are its own (issue 26 §3: none in the core)', () => {
  const codes = [iframeLoadFailedAlert, iframeRequestTimeoutAlert, unverifiedDomainAlert].map((alert) => alert.code)

  it('the core names none of its alert codes, nor ApproveTransaction', () => {
    expect(codes).toEqual(['IFRAME_LOAD_FAILED', 'IFRAME_REQUEST_TIMEOUT', 'UNVERIFIED_DOMAIN'])
    for (const code of codes) expect(Object.values(CoreAlertCode)).not.toContain(code)
    expect(Object.values(View)).not.toContain('ApproveTransaction')
    expect(CORE_VIEW_NAMES).not.toContain('ApproveTransaction')
  })

  it('the public AlertCode still holds them: the feature registers them (AlertCodeRegistry)', () => {
    expectTypeOf<'IFRAME_LOAD_FAILED' | 'IFRAME_REQUEST_TIMEOUT' | 'UNVERIFIED_DOMAIN' | 'NETWORK_NOT_FOUND'>().toExtend<AlertCode>()
    expectTypeOf<'NOT_A_CODE'>().not.toExtend<AlertCode>()
  })
})

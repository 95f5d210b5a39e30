/**
 * The legal links' options (SPEC §3 termsConditionsUrl, privacyPolicyUrl; issue 28 §4) decoded with
 * the options: a URL a visitor may be sent to (https:, or http: on a loopback host) is kept; any
 * other is dropped with a warning in the options' error style, and the instance starts all the same.
 */
import { describe, expect, it } from 'vitest'
import { VirtualTimeScheduler } from 'rxjs'
import { createAirlock, type AirlockOptions } from '../index'
import { memoryStorage } from '../kernel/deps'
import { resolveOptions } from '../core/options/resolve'

function make(options: AirlockOptions) {
  const warnings: unknown[][] = []
  const logger = { warn: (...args: unknown[]) => void warnings.push(args), error: () => undefined }
  const airlock = createAirlock(options, {
    deps: { storage: memoryStorage(), fetch: undefined, window: undefined, scheduler: new VirtualTimeScheduler(), logger },
  })
  return { airlock, warnings }
}

describe('legal URLs decoded with the options (issue 28 §4)', () => {
  it('keeps https: URLs and http: ones on a loopback host, as the URL parser writes them, with no warning', () => {
    const { options, warnings } = resolveOptions({ termsConditionsUrl: 'https://shop.example/terms', privacyPolicyUrl: 'http://127.0.0.1:5173/privacy.html' })
    expect(options.termsConditionsUrl).toBe('https://shop.example/terms')
    expect(options.privacyPolicyUrl).toBe('http://127.0.0.1:5173/privacy.html')
    expect(warnings).toEqual([])
    expect(resolveOptions({}).options.termsConditionsUrl).toBeNull()
  })

  it('drops a URL a visitor may not be sent to, saying which option, what was expected and what it got', () => {
    for (const bad of ['javascript:alert(1)', 'data:text/html,x', 'http://shop.example/terms', '/terms', 'terms.html', '']) {
      const { options, warnings } = resolveOptions({ termsConditionsUrl: bad, privacyPolicyUrl: 'https://shop.example/privacy' })
      expect(options.termsConditionsUrl, bad).toBeNull()
      expect(options.privacyPolicyUrl).toBe('https://shop.example/privacy')
      expect(warnings).toEqual([
        `Invalid options: termsConditionsUrl: expected an https: URL (or http: on a loopback host), got ${JSON.stringify(bad)}; the link is left out`,
      ])
    }
    expect(resolveOptions({ privacyPolicyUrl: 'ftp://x.example/p' }).warnings).toEqual([
      'Invalid options: privacyPolicyUrl: expected an https: URL (or http: on a loopback host), got "ftp://x.example/p"; the link is left out',
    ])
  })

  it('a legal URL that is not a string still fails the options, as every option of the wrong type does', () => {
    expect(() => resolveOptions({ termsConditionsUrl: 42 })).toThrow('Invalid options: termsConditionsUrl: expected string, got 42')
  })

  it('createAirlock logs the warning and starts, with the link left out of its state', () => {
    const { airlock, warnings } = make({ projectId: 'p', termsConditionsUrl: 'javascript:alert(1)', privacyPolicyUrl: 'https://shop.example/privacy' })
    expect(warnings).toEqual([
      ['Airlock: Invalid options: termsConditionsUrl: expected an https: URL (or http: on a loopback host), got "javascript:alert(1)"; the link is left out'],
    ])
    expect(airlock.getState().options.resolved?.termsConditionsUrl).toBeNull()
    expect(airlock.getState().options.resolved?.privacyPolicyUrl).toBe('https://shop.example/privacy')
  })
})

/**
 * Whose IP a request counts against (./clientIp.mjs): X-Forwarded-For is believed only as the
 * trustProxy setting says (AIRLOCK_TRUST_PROXY, checked by server/settings.mjs), so a client that
 * writes the header itself cannot spread its requests over made-up addresses.
 */
import { describe, expect, it } from 'vitest'
import { clientIpOf } from './clientIp.mjs'
import { loadSettings } from '../settings.mjs'

const request = (remoteAddress: string, forwarded?: string) =>
  ({ ip: remoteAddress, socket: { remoteAddress }, headers: forwarded === undefined ? {} : { 'x-forwarded-for': forwarded } }) as never

describe('the client IP', () => {
  it('is the connection’s by default, whatever X-Forwarded-For says', () => {
    const ip = clientIpOf()
    expect(ip(request('127.0.0.1', '203.0.113.1'))).toBe('127.0.0.1')
    expect(ip(request('::ffff:192.0.2.4', '203.0.113.1'))).toBe('192.0.2.4')
  })

  it('counts an IPv6 client by its /64', () => {
    const ip = clientIpOf(false)
    expect(ip(request('2001:db8:1:2:aaaa::1'))).toBe(ip(request('2001:db8:1:2:bbbb::9')))
    expect(ip(request('2001:db8:1:2::1'))).not.toBe(ip(request('2001:db8:1:3::1')))
  })

  it('with trusted proxy addresses: the first hop, from the connection back, that is not one of them', () => {
    const ip = clientIpOf(['127.0.0.1', '10.0.0.0/8'])
    expect(ip(request('127.0.0.1', '203.0.113.1, 10.1.2.3'))).toBe('203.0.113.1')
    // A client's own made-up hops sit left of the one its proxy saw: they are not reached.
    expect(ip(request('127.0.0.1', '198.51.100.66, 203.0.113.1'))).toBe('203.0.113.1')
    // Not from a trusted proxy: the header is not believed.
    expect(ip(request('192.0.2.8', '203.0.113.1'))).toBe('192.0.2.8')
    // Garbage in the header is skipped.
    expect(ip(request('127.0.0.1', 'nonsense, 203.0.113.1'))).toBe('203.0.113.1')
  })

  it('with a hop count: that many hops back; with true: the left-most address', () => {
    expect(clientIpOf(1)(request('127.0.0.1', '198.51.100.66, 203.0.113.1'))).toBe('203.0.113.1')
    expect(clientIpOf(2)(request('127.0.0.1', '198.51.100.66, 203.0.113.1'))).toBe('198.51.100.66')
    expect(clientIpOf(5)(request('127.0.0.1', '203.0.113.1'))).toBe('203.0.113.1')
    expect(clientIpOf(true)(request('127.0.0.1', '198.51.100.66, 203.0.113.1'))).toBe('198.51.100.66')
    expect(clientIpOf(true)(request('127.0.0.1'))).toBe('127.0.0.1')
  })
})

describe('AIRLOCK_TRUST_PROXY', () => {
  const cwd = '/nonexistent-airlock-test-dir'
  const trustProxy = (value?: string) => loadSettings({ env: value === undefined ? {} : { AIRLOCK_TRUST_PROXY: value }, cwd }).trustProxy

  it('is off by default, and takes true, false, a hop count or addresses and CIDR ranges', () => {
    expect(trustProxy()).toBe(false)
    expect(trustProxy('true')).toBe(true)
    expect(trustProxy('false')).toBe(false)
    expect(trustProxy('2')).toBe(2)
    expect(trustProxy('127.0.0.1, 10.0.0.0/8,::1')).toEqual(['127.0.0.1', '10.0.0.0/8', '::1'])
  })

  it('refuses anything else, naming the setting', () => {
    const expected = 'is not true, false, a number of proxy hops, or proxy addresses and CIDR ranges, comma-separated'
    const cases: [string, string][] = [
      ['yes', '["yes"]'],
      ['0', '0'],
      ['10.0.0.0/33', '["10.0.0.0/33"]'],
      ['proxy.example', '["proxy.example"]'],
      ['127.0.0.1,', '["127.0.0.1",""]'],
    ]
    for (const [value, shown] of cases) expect(() => trustProxy(value)).toThrow(`Setting AIRLOCK_TRUST_PROXY: ${shown} ${expected}`)
  })
})

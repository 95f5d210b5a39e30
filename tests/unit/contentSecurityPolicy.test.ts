/**
 * Issue 27 §4: the policies every page of the suite is served with are strict, by the rule the
 * browser tests hold each loaded document to (tests/e2e/csp.ts strictPolicyProblems): no
 * 'unsafe-inline' or 'unsafe-eval', no wildcard or bare scheme in script-src, style-src,
 * connect-src or frame-src, object-src 'none', a base-uri; frame-src only the secure frame's
 * origin. The rule itself bites on each loose form a policy could take.
 */
import { describe, expect, it } from 'vitest'
import { contentSecurityPolicy } from '../../services/static/server.mjs'
import { framePolicy } from '../../services/frame/server.mjs'
import { consolePolicy } from '../../console/serve.mjs'
import { parsePolicy, strictPolicyProblems } from '../e2e/csp'

const FRAME = 'http://127.0.0.1:4101/'
const RPC = 'http://127.0.0.1:4102/rpc'
const RELAY = 'ws://127.0.0.1:4103'

describe("the suite's page servers", () => {
  it("the static server (the demo, the example apps, every test page): strict, frame-src the frame's origin only, connect-src the services' origins", () => {
    const policy = contentSecurityPolicy([RPC, RELAY], [RPC], [FRAME])
    expect(strictPolicyProblems(policy, { frames: [FRAME] })).toEqual([])
    const directives = parsePolicy(policy)
    expect(directives.get('frame-src')).toEqual(['http://127.0.0.1:4101'])
    expect(directives.get('connect-src')).toEqual(["'self'", 'http://127.0.0.1:4102', 'ws://127.0.0.1:4103'])
    expect(directives.get('script-src')).toEqual(["'self'"])
    expect(directives.get('style-src')).toEqual(["'self'"])
    // No frame configured: none may load.
    expect(parsePolicy(contentSecurityPolicy()).get('frame-src')).toEqual(["'none'"])
  })

  it("the secure frame's page and the console's are strict too", () => {
    expect(strictPolicyProblems(framePolicy({ connect: [RPC], ancestors: "'none'" }))).toEqual([])
    expect(
      strictPolicyProblems(consolePolicy({ networks: [{ chainId: 31337, name: 'Local', symbol: 'ETH', rpcUrl: RPC }], frameUrl: FRAME }), { frames: [FRAME] }),
    ).toEqual([])
  })
})

describe('strictPolicyProblems', () => {
  const strict = "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; frame-src 'none'; base-uri 'none'"

  it('passes a strict policy', () => {
    expect(strictPolicyProblems(strict)).toEqual([])
  })

  it.each([
    ['no header', undefined, 'no Content-Security-Policy header'],
    ['an empty header', ' ', 'no Content-Security-Policy header'],
    ['inline script', strict.replace("script-src 'self'", "script-src 'self' 'unsafe-inline'"), "script-src allows 'unsafe-inline'"],
    ['eval', strict.replace("script-src 'self'", "script-src 'self' 'unsafe-eval'"), "script-src allows 'unsafe-eval'"],
    ['inline style', strict.replace("style-src 'self'", "style-src 'self' 'unsafe-inline'"), "style-src allows 'unsafe-inline'"],
    ['any connection', strict.replace("connect-src 'self'", 'connect-src *'), 'connect-src allows *'],
    ['any https connection', strict.replace("connect-src 'self'", "connect-src 'self' https:"), 'connect-src allows every host of https:'],
    ['a wildcard host', strict.replace("connect-src 'self'", "connect-src 'self' https://*.example.com"), 'connect-src allows a wildcard host or port'],
    ['a wildcard port', strict.replace("connect-src 'self'", "connect-src 'self' http://127.0.0.1:*"), 'connect-src allows a wildcard host or port'],
    ['any frame', strict.replace("frame-src 'none'", 'frame-src https:'), 'frame-src allows every host of https:'],
    ['scripts from data:', strict.replace("script-src 'self'", "script-src 'self' data:"), 'script-src allows every host of data:'],
    ['no default-src', strict.replace("default-src 'none'; ", ''), 'no default-src'],
    ['a loose default-src without script-src', "default-src *; base-uri 'none'", 'script-src allows *'],
    ['objects allowed', `${strict}; object-src 'self'`, "object-src is not 'none'"],
    ['no base-uri', strict.replace("; base-uri 'none'", ''), 'no base-uri'],
  ])('refuses %s', (_name, header, problem) => {
    expect(strictPolicyProblems(header).some((p) => p.startsWith(problem))).toBe(true)
  })

  it('a frame-src wider than the secure frame is refused when the frame is known', () => {
    const policy = strict.replace("frame-src 'none'", 'frame-src http://127.0.0.1:4101 http://127.0.0.1:9999')
    expect(strictPolicyProblems(policy, { frames: [FRAME] })).toEqual(['frame-src allows http://127.0.0.1:9999, not only the secure frame'])
    expect(strictPolicyProblems(policy.replace(' http://127.0.0.1:9999', ''), { frames: [FRAME] })).toEqual([])
  })

  it('of several policies (headers joined by a comma), all enforced, one strict is enough', () => {
    expect(strictPolicyProblems(`${strict}, script-src 'unsafe-inline'`)).toEqual([])
    expect(strictPolicyProblems(`frame-ancestors 'none', script-src 'unsafe-inline'`)).toContain('no default-src')
  })
})

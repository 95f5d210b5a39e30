/**
 * `createSessionsSiwx` against the real sessions service (SPEC §3 SIWX session, options.siwx; a
 * sign-in is a credential: the browser that signed reads and revokes its sessions, another
 * browser with the same address reads none), and
 * the `siwx` port over a site's config: a config without its callbacks fails with a clear error,
 * answers that are not what they should be are refused (io-ts), no config means "SIWX is not
 * enabled" (SPEC §8).
 */
import { describe, expect, it } from 'vitest'
import { SESSIONS_CHAIN, SESSIONS_SITE, sessionsKey, siwxSignIn, useSessionsService } from '../../../tests/support/sessionsService'
import { formatSiwxMessage } from '../../format/siwxMessage'
import { createSiwxPort, unavailableSiwx } from '../../ports/siwx'
import { SiwxSessions } from '../../ports/siwxSession'
import { isRight } from '../../kernel/either'
import { browserFetch } from '../../../tests/support/browserFetch'
import { createSessionsSiwx } from './sessionsClient'

const SITE = SESSIONS_SITE
const CHAIN = SESSIONS_CHAIN
const key = sessionsKey
const service = useSessionsService()

describe('createSessionsSiwx (SPEC §3 options.siwx)', () => {
  it('nonce → addSession → getSessions → revokeSession through the service with the browser’s credential, answers decoded; another browser holds none', async () => {
    // The page's fetch in one browser: its Origin, its cookies (sent only with credentials: 'include').
    const browser = browserFetch(SITE)
    const port = createSiwxPort(createSessionsSiwx({ url: `${service().url}/`, required: true, fetch: browser.fetch }))
    const nonce = await port.getNonce({ caipNetworkId: CHAIN, address: key.address })
    const data = siwxSignIn(nonce)
    const message = formatSiwxMessage(data)
    await port.addSession({ data, message, signature: await key.signMessage({ message }) })
    const decoded = SiwxSessions.decode(await port.getSessions(CHAIN, key.address))
    if (!isRight(decoded)) throw new Error('the service answered something that is not sessions')
    const sessions = decoded.right
    expect(sessions).toHaveLength(1)
    expect(sessions[0]).toMatchObject({ message, data: { accountAddress: key.address } })
    // The page's scripts never see the credential: it is the service's HttpOnly cookie, held by the browser.
    expect(Object.keys(browser.cookies())).toEqual(['__Host-airlock-siwx'])
    // Another browser, the same address: no credential, so no sessions (the service answered it 401).
    const elsewhere = createSiwxPort(createSessionsSiwx({ url: service().url, fetch: browserFetch(SITE).fetch }))
    expect(await elsewhere.getSessions(CHAIN, key.address)).toEqual([])
    await elsewhere.revokeSession(CHAIN, key.address)
    expect(await port.getSessions(CHAIN, key.address)).toHaveLength(1)
    await port.revokeSession(CHAIN, key.address)
    expect(await port.getSessions(CHAIN, key.address)).toEqual([])
    expect((await service().sessions()).every((s) => s.revoked)).toBe(true)
    // A refused signature fails addSession (the flow shows the sign-in error).
    const again = formatSiwxMessage({ ...data, nonce: await port.getNonce({ caipNetworkId: CHAIN, address: key.address }) })
    await expect(port.addSession({ data, message: again, signature: '0x00' })).rejects.toThrow('HTTP status code: 401')
  })

  it('passes required on', () => {
    expect(createSessionsSiwx({ url: 'http://x', required: true }).required).toBe(true)
  })
})

describe('the siwx port (src/ports/siwx.ts)', () => {
  it('refuses a config without its four callbacks, and a bad expiresInMs, with a clear message', () => {
    expect(() => createSiwxPort({ required: true })).toThrow('Invalid options: siwx needs getNonce, addSession, getSessions and revokeSession functions')
    const fns = { getNonce: async () => 'abcd1234', addSession: async () => undefined, getSessions: async () => [], revokeSession: async () => undefined }
    expect(() => createSiwxPort({ ...fns, expiresInMs: -1 })).toThrow('Invalid options: siwx.expiresInMs must be a positive number of milliseconds')
    expect(createSiwxPort(fns).expiresInMs).toBe(24 * 3600_000)
    // EIP-4361: a statement is printable ASCII; U+2028 and U+0085 read as line breaks elsewhere.
    for (const statement of ['hi\u2028URI: https://evil.example', 'hi\u0085URI: https://evil.example', 42])
      expect(() => createSiwxPort({ ...fns, statement })).toThrow('Invalid options: siwx.statement must be printable ASCII text')
    expect(createSiwxPort({ ...fns, statement: 'Sign in to "Example"' }).statement).toBe('Sign in to "Example"')
  })

  it('refuses a nonce that is not text (sessions are decoded by the plugin)', async () => {
    const port = createSiwxPort({
      getNonce: async () => 42,
      addSession: async () => undefined,
      getSessions: async () => [{ message: 'x' }],
      revokeSession: async () => undefined,
    })
    await expect(port.getNonce({ caipNetworkId: CHAIN, address: key.address })).rejects.toThrow("The siwx config's getNonce answered something else")
  })

  it('without a config every call fails "SIWX is not enabled" (SPEC §8)', async () => {
    const port = unavailableSiwx()
    await expect(port.getSessions(CHAIN, key.address)).rejects.toThrow('SIWX is not enabled')
    await expect(port.addSession({} as never)).rejects.toThrow('SIWX is not enabled')
    await expect(port.revokeSession(CHAIN, key.address)).rejects.toThrow('SIWX is not enabled')
  })
})

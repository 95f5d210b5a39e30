/**
 * The public `createSessionsSiwx` (src/airlock/sessionsSiwx.ts): its options read at once, its
 * client a chunk fetched at the first call, against the real sessions service (the client's own
 * cases: src/remote/siwx/sessionsClient.test.ts).
 */
import { describe, expect, it } from 'vitest'
import { SESSIONS_CHAIN, SESSIONS_SITE, sessionsKey, siwxSignIn, useSessionsService } from '../../tests/support/sessionsService'
import { formatSiwxMessage } from '../format/siwxMessage'
import { createSiwxPort } from '../ports/siwx'
import { browserFetch } from '../../tests/support/browserFetch'
import { createSessionsSiwx } from '../index'

const SITE = SESSIONS_SITE
const CHAIN = SESSIONS_CHAIN
const key = sessionsKey
const service = useSessionsService()

describe('createSessionsSiwx, the client loaded at the first call', () => {
  it('holds the options at once, and signs in, reads and revokes through the service', async () => {
    const config = createSessionsSiwx({
      url: service().url,
      required: true,
      statement: 'Sign in to Bench',
      expiresInMs: 60_000,
      fetch: browserFetch(SITE).fetch,
    })
    expect(config).toMatchObject({ required: true, statement: 'Sign in to Bench', expiresInMs: 60_000 })
    expect(createSessionsSiwx({ url: service().url })).not.toHaveProperty('required')
    const port = createSiwxPort(config)
    const nonce = await port.getNonce({ caipNetworkId: CHAIN, address: key.address })
    const data = siwxSignIn(nonce)
    const message = formatSiwxMessage(data)
    await port.addSession({ data, message, signature: await key.signMessage({ message }) })
    expect(await port.getSessions(CHAIN, key.address)).toMatchObject([{ message }])
    await port.revokeSession(CHAIN, key.address)
    expect(await port.getSessions(CHAIN, key.address)).toEqual([])
    // The service's own refusal reaches the caller through the lazily loaded client.
    await expect(port.addSession({ data, message, signature: '0x00' })).rejects.toThrow('HTTP status code: 401')
  })
})

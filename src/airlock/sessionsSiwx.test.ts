/**
 * The public `createSessionsSiwx` (src/airlock/sessionsSiwx.ts): its options read at once, its
 * client a chunk fetched at the first call, against the real sessions service (the client's own
 * cases: src/remote/siwx/sessionsClient.test.ts).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { privateKeyToAccount } from 'viem/accounts'
import { startSessionsService, type SessionsService } from '../../services/sessions/server.mjs'
import { formatSiwxMessage } from '../format/siwxMessage'
import { createSiwxPort } from '../ports/siwx'
import { browserFetch } from '../../tests/support/browserFetch'
import { createSessionsSiwx } from '../index'
import { idleMs } from '../../tests/support/until'

const SITE = 'http://127.0.0.1:5173'
const CHAIN = 'eip155:31337'
const key = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d')
let service: SessionsService

beforeAll(async () => {
  service = await startSessionsService({ origins: [SITE], chainIds: [CHAIN] })
}, idleMs(60_000))
afterAll(() => service?.stop())

describe('createSessionsSiwx, the client loaded at the first call', () => {
  it('holds the options at once, and signs in, reads and revokes through the service', async () => {
    const config = createSessionsSiwx({ url: service.url, required: true, statement: 'Sign in to Bench', expiresInMs: 60_000, fetch: browserFetch(SITE).fetch })
    expect(config).toMatchObject({ required: true, statement: 'Sign in to Bench', expiresInMs: 60_000 })
    expect(createSessionsSiwx({ url: service.url })).not.toHaveProperty('required')
    const port = createSiwxPort(config)
    const nonce = await port.getNonce({ caipNetworkId: CHAIN, address: key.address })
    const now = Date.now()
    const data = {
      domain: '127.0.0.1:5173',
      uri: SITE,
      accountAddress: key.address,
      chainId: CHAIN,
      version: '1' as const,
      nonce,
      issuedAt: new Date(now - 1000).toISOString(),
      expirationTime: new Date(now + 60_000).toISOString(),
    }
    const message = formatSiwxMessage(data)
    await port.addSession({ data, message, signature: await key.signMessage({ message }) })
    expect(await port.getSessions(CHAIN, key.address)).toMatchObject([{ message }])
    await port.revokeSession(CHAIN, key.address)
    expect(await port.getSessions(CHAIN, key.address)).toEqual([])
    // The service's own refusal reaches the caller through the lazily loaded client.
    await expect(port.addSession({ data, message, signature: '0x00' })).rejects.toThrow('HTTP status code: 401')
  })
})

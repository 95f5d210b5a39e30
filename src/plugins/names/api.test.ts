/**
 * The names plugin's own Blockchain API paths (./api, SPEC §7 GET /v1/profile/suggestions/{name}
 * and POST /v1/profile/account) through the real client against a real HTTP server on 127.0.0.1:
 * method, path (its parameter encoded), query and body, the sdk fields the client adds, the answer
 * decoded (extra fields pass).
 */
import { afterEach, describe, expect, it } from 'vitest'
import { serveBlockchainApi, testBlockchainApi, type TestApiServer } from 'airlock/testing'
import { nameSuggestions, registerName } from './api'

const ADDRESS = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const SDK = { st: 'airlock', sv: 'test', projectId: 'test' }

let server: TestApiServer | undefined
afterEach(async () => {
  await server?.stop()
  server = undefined
})

describe("names' Blockchain API paths (SPEC §7)", () => {
  it('suggestions: GET /v1/profile/suggestions/{name}?zone, the answer decoded', async () => {
    const answer = { suggestions: [{ name: 'alice1.wcn.id', registered: false }], extra: 'ignored' }
    server = await serveBlockchainApi((_request, reply) => reply(answer))
    expect(await nameSuggestions(testBlockchainApi(`${server.url}/api`), { name: 'alice', zone: 'wcn.id' })).toEqual(answer)
    expect(server.received).toEqual([{ method: 'GET', path: '/api/v1/profile/suggestions/alice', query: { zone: 'wcn.id', ...SDK }, body: undefined }])
  })

  it('suggestions: the name is one path segment, encoded', async () => {
    server = await serveBlockchainApi((_request, reply) => reply({ suggestions: [] }))
    await nameSuggestions(testBlockchainApi(server.url), { name: 'a/b?c' })
    expect(server.received[0]?.path).toBe('/v1/profile/suggestions/a%2Fb%3Fc')
  })

  it('registration: POST /v1/profile/account with coin_type, address, message and signature; any JSON answer', async () => {
    server = await serveBlockchainApi((_request, reply) => reply({ ok: true }))
    const body = { coin_type: 60, address: ADDRESS, message: '{"name":"alice.wcn.id"}', signature: '0xsig' }
    expect(await registerName(testBlockchainApi(server.url), { coinType: 60, address: ADDRESS, message: body.message, signature: '0xsig' })).toEqual({
      ok: true,
    })
    expect(server.received).toEqual([{ method: 'POST', path: '/v1/profile/account', query: SDK, body }])
  })

  it('a failed registration is "HTTP status code: 400" with the server message', async () => {
    server = await serveBlockchainApi((_request, reply) => reply({ message: 'Name taken' }, 400))
    await expect(registerName(testBlockchainApi(server.url), { coinType: 60, address: ADDRESS, message: 'm', signature: '0x' })).rejects.toMatchObject({
      message: 'HTTP status code: 400',
      details: 'Name taken',
    })
  })
})

/**
 * The HTTP rules every service shares (server/http.mjs), through Fastify's inject: JSON bodies only
 * and bounded (413, 400, 415, an empty body read as none, __proto__ refused); errors as
 * `{ message }` (an HttpError's words, a 500 that tells nothing of its cause); 404 for an unknown
 * path, 405 with Allow for a known one asked with another method; nothing cached or sniffed.
 */
import { describe, expect, it } from 'vitest'
import { HttpError, createApp } from './http.mjs'

function app() {
  const logged: string[] = []
  const server = createApp({ bodyLimit: 100, log: (line) => logged.push(line) })
  server.post('/echo', async (request) => ({ got: request.body ?? null }))
  server.get('/teapot', async () => {
    throw new HttpError(418, 'I am a teapot')
  })
  server.get('/broken', async () => {
    throw new Error('secret detail of the database')
  })
  return { server, logged }
}

const post = (payload: string, type = 'application/json') => ({ method: 'POST' as const, url: '/echo', payload, headers: { 'content-type': type } })

describe('server/http.mjs', () => {
  it('takes JSON within the limit; an empty body is none', async () => {
    const { server } = app()
    expect((await server.inject(post('{"a":1}'))).json()).toEqual({ got: { a: 1 } })
    expect((await server.inject(post(''))).json()).toEqual({ got: null })
  })

  it('refuses a body that is too large (413), not JSON (400), of another type (415), or poisoning __proto__ (400)', async () => {
    const { server } = app()
    const big = await server.inject(post(JSON.stringify({ a: 'x'.repeat(200) })))
    expect([big.statusCode, big.json()]).toEqual([413, { message: 'The body is too large' }])
    const garbage = await server.inject(post('{not json'))
    expect([garbage.statusCode, garbage.json()]).toEqual([400, { message: 'The body is not JSON' }])
    const form = await server.inject(post('a=1', 'text/plain'))
    expect([form.statusCode, form.json()]).toEqual([415, { message: 'The body must be JSON' }])
    const poison = await server.inject(post('{"__proto__":{"admin":true}}'))
    expect(poison.statusCode).toBe(400)
  })

  it('answers errors as { message }: an HttpError in its own words, anything else 500 with no detail (logged instead)', async () => {
    const { server, logged } = app()
    const teapot = await server.inject({ url: '/teapot' })
    expect([teapot.statusCode, teapot.json()]).toEqual([418, { message: 'I am a teapot' }])
    const broken = await server.inject({ url: '/broken' })
    expect([broken.statusCode, broken.json()]).toEqual([500, { message: 'Internal error' }])
    expect(broken.body).not.toContain('secret')
    expect(logged.join('\n')).toContain('secret detail of the database')
  })

  it('404 for an unknown path; 405 with Allow for a known path and another method; no-store and nosniff', async () => {
    const { server } = app()
    const missing = await server.inject({ url: '/nowhere' })
    expect([missing.statusCode, missing.json()]).toEqual([404, { message: 'Not found' }])
    const wrong = await server.inject({ method: 'DELETE', url: '/echo' })
    expect([wrong.statusCode, wrong.json(), wrong.headers['allow']]).toEqual([405, { message: 'Method not allowed' }, 'POST'])
    const get = await server.inject({ method: 'PUT', url: '/teapot' })
    expect(get.headers['allow']).toBe('GET, HEAD')
    expect(missing.headers['cache-control']).toBe('no-store')
    expect(missing.headers['x-content-type-options']).toBe('nosniff')
  })
})

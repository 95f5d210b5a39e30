/**
 * The site owner's console API (issue 24 §3, §4) on a real airlock-server over an in-memory PGlite:
 * owners sign in with a real SIWX message (a viem account's signature, the server's own verifier);
 * the first owner by the first-run secret; every route walked as no one (401), a signed-in
 * stranger and another project's owner (403) with no row changed; CSRF (a foreign or missing
 * Origin, a non-JSON body); fuzzed bodies (random JSON, wrong types, huge) always a 4xx with a
 * message, nothing changed; a change is what the config API answers next (features, origins,
 * wallet lists); no answer carries a secret.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createHash } from 'node:crypto'
import fc from 'fast-check'
import { runs } from '../../tests/property/settings'
import { openDatabase } from '../db/database.mjs'
import type { Database } from '../db/database.d.mts'
import { WALLETS } from '../../services/config/catalog.mjs'
import { SESSION_SECRET, caip10, startConsoleTestServer, wallets, type ConsoleTestServer } from './consoleTestClient'
import type { ConsoleMe, ConsoleProject } from './routes.d.mts'
import { idleMs } from '../../tests/support/until'

const SEEDED = 'seeded-project'
let db: Database
let t: ConsoleTestServer
let secret: string
const cookies: Record<keyof typeof wallets, string> = { admin: '', coOwner: '', stranger: '', otherOwner: '' }
/** The admin's project, and the other owner's. */
let mine: ConsoleProject
let theirs: ConsoleProject

beforeAll(async () => {
  db = await openDatabase()
  t = await startConsoleTestServer(db, { projects: { [SEEDED]: { allowedOrigins: ['https://seeded.example'] } } })
  secret = t.server.firstRun!.secret
  for (const name of Object.keys(wallets) as (keyof typeof wallets)[]) cookies[name] = await t.signIn(wallets[name])
}, idleMs(120_000))
afterAll(async () => {
  await t?.server.stop()
  await db?.close()
}, idleMs(60_000))

/** Everything the console may change, as text: the projects, owners, admins and the first-run digest. */
async function snapshot(): Promise<string> {
  const tables = await Promise.all([
    db.query('SELECT id, name, allowed_origins, features, wallets, updated_at FROM projects ORDER BY id'),
    db.query('SELECT project_id, address, added_at FROM console_owners ORDER BY project_id, address'),
    db.query('SELECT address FROM console_admins ORDER BY address'),
    db.query('SELECT digest FROM console_first_run'),
  ])
  return JSON.stringify(tables, (_k, v: unknown) => (v instanceof Uint8Array ? Buffer.from(v).toString('hex') : v))
}

describe('console API: first run', () => {
  it('the server made a first-run secret of at least 128 bits and keeps only its SHA-256', async () => {
    expect(secret).toMatch(/^[A-Za-z0-9_-]{22,}$/)
    expect(Buffer.from(secret, 'base64url').length).toBeGreaterThanOrEqual(16)
    expect(t.server.firstRun!.url).toBe(`${t.server.publicUrl}/console`)
    const rows = await db.query<{ digest: Uint8Array }>('SELECT digest FROM console_first_run')
    expect(rows.map((r) => Buffer.from(r.digest).toString('hex'))).toEqual([createHash('sha256').update(secret).digest('hex')])
  })

  it('a signed-in wallet sees the first run; a wrong secret is 403, the right one makes it an admin and owner of every project; the secret then works no more', async () => {
    const before = await t.api('GET', '/me', { cookie: cookies.admin })
    expect(before.status).toBe(200)
    expect(before.json).toEqual({ address: caip10(wallets.admin), addresses: [caip10(wallets.admin)], admin: false, firstRun: true, projects: [] })

    expect((await t.api('POST', '/claim', { body: { secret } })).status).toBe(401)
    // The last character changed to one it is not (a fixed 'x' was the secret itself 1 time in 64).
    const wrongSecret = `${secret.slice(0, -1)}${secret.endsWith('x') ? 'y' : 'x'}`
    const wrong = await t.api('POST', '/claim', { cookie: cookies.admin, body: { secret: wrongSecret } })
    expect(wrong.status).toBe(403)
    expect(wrong.json).toEqual({ message: 'That is not the first-run secret, or it was used already' })
    expect((await t.api('GET', '/me', { cookie: cookies.admin })).json.admin).toBe(false)

    const right = await t.api('POST', '/claim', { cookie: cookies.admin, body: { secret } })
    expect(right.status).toBe(200)
    expect(right.json).toEqual({ admin: true })
    const me = (await t.api('GET', '/me', { cookie: cookies.admin })).json as ConsoleMe
    expect(me).toMatchObject({ admin: true, firstRun: false, projects: [{ id: SEEDED, name: SEEDED }] })

    const again = await t.api('POST', '/claim', { cookie: cookies.stranger, body: { secret } })
    expect(again.status).toBe(403)
    expect((await t.api('GET', '/me', { cookie: cookies.stranger })).json).toMatchObject({ admin: false, firstRun: false, projects: [] })
    expect(await db.query('SELECT * FROM console_first_run')).toEqual([])
  })

  it('an admin creates projects (a new 32-hex id, owned by it); a non-admin cannot', async () => {
    const created = await t.api('POST', '/projects', { cookie: cookies.admin, body: { name: '  Shop  ' } })
    expect(created.status).toBe(201)
    mine = created.json as ConsoleProject
    expect(mine.id).toMatch(/^[0-9a-f]{32}$/)
    expect(mine).toMatchObject({ name: 'Shop', allowedOrigins: [], owners: [caip10(wallets.admin)], wallets: { featured: [], included: [], excluded: [] } })
    expect(mine.features.map((f) => f.id)).toEqual(['email', 'social', 'swap', 'onramp', 'activity'])
    expect(Math.abs(mine.createdAt - Date.now())).toBeLessThan(60_000)

    // The other owner's project: made by the admin, handed over, the admin removed.
    theirs = (await t.api('POST', '/projects', { cookie: cookies.admin, body: { name: 'Other shop' } })).json as ConsoleProject
    expect(
      (await t.api('POST', `/projects/${theirs.id}/owners`, { cookie: cookies.admin, body: { address: caip10(wallets.otherOwner).toLowerCase() } })).json
        .owners,
    ).toEqual([caip10(wallets.admin), caip10(wallets.otherOwner)])
    const handed = await t.api('DELETE', `/projects/${theirs.id}/owners/${encodeURIComponent(caip10(wallets.admin))}`, { cookie: cookies.otherOwner })
    expect(handed.status).toBe(200)
    expect(handed.json.owners).toEqual([caip10(wallets.otherOwner)])
    expect((await t.api('GET', '/me', { cookie: cookies.admin })).json.projects.map((p: { id: string }) => p.id)).toEqual([SEEDED, mine.id])

    const refused = await t.api('POST', '/projects', { cookie: cookies.otherOwner, body: { name: 'Mine now' } })
    expect(refused.status).toBe(403)
    expect(refused.json).toEqual({ message: 'Only an admin may create projects' })
  })
})

describe('console API: every route needs an owner of that project', () => {
  it('walks each route as no one (401), a signed-in stranger and another project’s owner (403); no row changes', async () => {
    const id = mine.id
    const admin = encodeURIComponent(caip10(wallets.admin))
    const routes: [string, string, unknown?][] = [
      ['GET', '/me'],
      ['POST', '/claim', { secret }],
      ['POST', '/projects', { name: 'Sneaky' }],
      ['GET', `/projects/${id}`],
      ['PATCH', `/projects/${id}`, { name: 'Taken', features: [{ id: 'swap', isEnabled: false }] }],
      ['DELETE', `/projects/${id}`],
      ['POST', `/projects/${id}/owners`, { address: caip10(wallets.stranger) }],
      ['DELETE', `/projects/${id}/owners/${admin}`],
      ['GET', '/catalog?search=meta&page=1'],
      ['GET', `/wallet-images/${WALLETS[0]!.image_id}`],
    ]
    const before = await snapshot()
    for (const [method, path, body] of routes) {
      const anonymous = await t.api(method, path, { body })
      expect([method, path, anonymous.status, anonymous.json]).toEqual([method, path, 401, { message: 'Sign in with a wallet first' }])
      // A cookie that is no credential (made up, or of a session revoked) is no one too.
      expect((await t.api(method, path, { body, cookie: '__Host-airlock-siwx=made-up-token' })).status).toBe(401)

      for (const who of ['stranger', 'otherOwner'] as const) {
        const answer = await t.api(method, path, { body, cookie: cookies[who] })
        if (path === '/me') {
          // Their own account, and nothing of anyone's project.
          expect(answer.status).toBe(200)
          expect(answer.text).not.toContain(id)
        } else if (who === 'otherOwner' && (path.startsWith('/catalog') || path.startsWith('/wallet-images'))) {
          // The catalog is no project's: an owner of any reads it.
          expect(answer.status).toBe(200)
        } else {
          expect([who, method, path, answer.status]).toEqual([who, method, path, 403])
          expect(typeof answer.json.message).toBe('string')
          expect(answer.text).not.toContain('Shop')
        }
      }
    }
    // A project that does not exist is 403 too, even for the admin: ids cannot be probed.
    for (const missing of ['0123456789abcdef0123456789abcdef', 'x'.repeat(100), '%00', SEEDED.toUpperCase()])
      expect((await t.api('GET', `/projects/${missing}`, { cookie: cookies.admin })).status).toBe(403)
    // The config API likewise: no such project, 401.
    expect((await t.get('/appkit/v1/config?projectId=%00')).status).toBe(401)
    // An id longer than any route parameter (100 characters) is Fastify's 414.
    expect((await t.api('GET', `/projects/${'x'.repeat(500)}`, { cookie: cookies.admin })).status).toBe(414)
    expect(await snapshot()).toBe(before)
  })

  it('CSRF: a state change with a foreign or no Origin is 403, a non-JSON body 415, a foreign GET 403; never a CORS header', async () => {
    const before = await snapshot()
    const change = { name: 'Changed' }
    for (const origin of ['https://evil.example', 'null', 'http://127.0.0.1:1', t.origin.replace('http://', 'https://'), null]) {
      const patch = await t.api('PATCH', `/projects/${mine.id}`, { cookie: cookies.admin, body: change, origin })
      expect([origin, patch.status, patch.json]).toEqual([origin, 403, { message: 'Origin not allowed' }])
      expect(patch.headers.get('access-control-allow-origin')).toBeNull()
      expect((await t.api('DELETE', `/projects/${mine.id}`, { cookie: cookies.admin, origin })).status).toBe(403)
      expect((await t.api('POST', '/projects', { cookie: cookies.admin, body: change, origin })).status).toBe(403)
    }
    for (const contentType of ['text/plain', 'application/x-www-form-urlencoded', 'multipart/form-data; boundary=x', null]) {
      const answer = await t.api('PATCH', `/projects/${mine.id}`, { cookie: cookies.admin, raw: JSON.stringify(change), contentType })
      expect([contentType, answer.status]).toEqual([contentType, 415])
    }
    const foreignRead = await t.api('GET', `/projects/${mine.id}`, { cookie: cookies.admin, origin: 'https://evil.example' })
    expect(foreignRead.status).toBe(403)
    expect(foreignRead.text).not.toContain('Shop')
    const preflight = await fetch(`${t.server.url}/console/api/projects/${mine.id}`, {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'PATCH' },
    })
    expect(preflight.headers.get('access-control-allow-origin')).toBeNull()
    expect(await snapshot()).toBe(before)
  })
})

describe('console API: a change is what the config API answers next', () => {
  it('swap switched off and socials reordered: /appkit/v1/config answers them', async () => {
    const config = async () => (await t.get(`/appkit/v1/config?projectId=${mine.id}`)).json.features as { id: string; isEnabled: boolean; config?: unknown }[]
    expect((await config()).find((f) => f.id === 'swap')?.isEnabled).toBe(true)
    const patched = await t.api('PATCH', `/projects/${mine.id}`, {
      cookie: cookies.admin,
      body: {
        features: [
          { id: 'swap', isEnabled: false },
          { id: 'social', isEnabled: true, config: ['github', 'google'] },
        ],
      },
    })
    expect(patched.status).toBe(200)
    const expected = [
      { id: 'email', isEnabled: true },
      { id: 'social', isEnabled: true, config: ['github', 'google'] },
      { id: 'swap', isEnabled: false },
      { id: 'onramp', isEnabled: true, config: null },
      { id: 'activity', isEnabled: true },
    ]
    expect(patched.json.features).toEqual(expected)
    expect(await config()).toEqual(expected)
    // One feature at a time: the others stay as they were.
    await t.api('PATCH', `/projects/${mine.id}`, { cookie: cookies.admin, body: { features: [{ id: 'onramp', isEnabled: false, config: null }] } })
    expect(await config()).toEqual(expected.map((f) => (f.id === 'onramp' ? { ...f, isEnabled: false } : f)))
    // What the modal would not decode is refused, naming the entry.
    for (const [features, message] of [
      [[{ id: 'social', isEnabled: true, config: ['myspace'] }], /^features\[0\]\.config must be null or a list of distinct providers/],
      [[{ id: 'swap', isEnabled: 'no' }], /^features\[0\]\.isEnabled must be true or false$/],
      [
        [
          { id: 'email', isEnabled: true },
          { id: 'email', isEnabled: false },
        ],
        /^features\[1\]: email is listed twice$/,
      ],
      [[{ id: 'branding', isEnabled: true }], /^features\[0\]\.id must be one of email, social, swap, onramp, activity$/],
    ] as const) {
      const answer = await t.api('PATCH', `/projects/${mine.id}`, { cookie: cookies.admin, body: { features } })
      expect(answer.status).toBe(400)
      expect(answer.json.message).toMatch(message)
    }
  })

  it('allowed origins: SPEC §5 patterns stored normalised, answered by /projects/v1/origins and the config API’s CORS; a bad one is 400 naming it', async () => {
    const patched = await t.api('PATCH', `/projects/${mine.id}`, {
      cookie: cookies.admin,
      body: { allowedOrigins: ['https://Shop.Example/', 'https://*.preview.example', 'http://localhost:*', 'https://shop.example'] },
    })
    expect(patched.status).toBe(200)
    const stored = ['https://shop.example', 'https://*.preview.example', 'http://localhost:*']
    expect(patched.json.allowedOrigins).toEqual(stored)
    expect((await t.get(`/projects/v1/origins?projectId=${mine.id}`)).json).toEqual({ allowedOrigins: stored })
    const cors = async (origin: string) => (await t.get(`/appkit/v1/config?projectId=${mine.id}`, origin)).headers.get('access-control-allow-origin')
    expect(await cors('https://a.b.preview.example')).toBe('https://a.b.preview.example')
    expect(await cors('https://shop.example')).toBe('https://shop.example')
    expect(await cors('https://preview.example')).toBeNull()
    expect(await cors('https://evil.example')).toBeNull()

    for (const bad of [
      '*',
      'https://shop.example/path',
      'ftp://shop.example',
      'https://*.127.0.0.1',
      'https://shop.example?x=1',
      'https://user@shop.example',
      'javascript:alert(1)',
      'https://*',
    ]) {
      const answer = await t.api('PATCH', `/projects/${mine.id}`, { cookie: cookies.admin, body: { allowedOrigins: ['https://ok.example', bad] } })
      expect([bad, answer.status]).toEqual([bad, 400])
      expect(answer.json.message).toContain(`allowedOrigins[1]: ${JSON.stringify(bad)} is not an origin`)
    }
    expect((await t.get(`/projects/v1/origins?projectId=${mine.id}`)).json).toEqual({ allowedOrigins: stored })
  })

  it('wallet lists from the catalog: /getWallets answers the featured first, only the included, never the excluded; an unknown id is 400', async () => {
    const [a, b, c, d] = WALLETS as [(typeof WALLETS)[0], (typeof WALLETS)[0], (typeof WALLETS)[0], (typeof WALLETS)[0]]
    const ids = async (query = '') => ((await t.get(`/getWallets?projectId=${mine.id}${query}`)).json.data as { id: string }[]).map((w) => w.id)
    expect((await ids()).slice(0, 2)).toEqual([a.id, b.id])

    const patched = await t.api('PATCH', `/projects/${mine.id}`, { cookie: cookies.admin, body: { wallets: { featured: [c.id], excluded: [a.id] } } })
    expect(patched.status).toBe(200)
    expect(patched.json.wallets).toEqual({ featured: [c.id], included: [], excluded: [a.id] })
    const all = await ids('&entries=100')
    expect(all[0]).toBe(c.id)
    expect(all).not.toContain(a.id)
    expect(all).toHaveLength(WALLETS.length - 1)
    expect(await ids(`&include=${a.id}`)).toEqual([])

    await t.api('PATCH', `/projects/${mine.id}`, { cookie: cookies.admin, body: { wallets: { included: [d.id, b.id] } } })
    expect(await ids()).toEqual([c.id, b.id, d.id])
    expect((await t.get(`/getWallets?projectId=${mine.id}`)).json.count).toBe(3)

    for (const [wallets, message] of [
      [{ featured: ['not-a-wallet'] }, 'wallets.featured: "not-a-wallet" is not a wallet of the catalog'],
      [{ excluded: [b.id] }, `wallets.excluded: ${b.id} is also featured or included`],
      [{ included: 'all' }, `wallets.included must be a list of at most ${WALLETS.length} wallet ids`],
      [{ pinned: [] }, 'wallets: unknown list "pinned" (featured, included, excluded)'],
    ] as const) {
      const answer = await t.api('PATCH', `/projects/${mine.id}`, { cookie: cookies.admin, body: { wallets } })
      expect([answer.status, answer.json]).toEqual([400, { message }])
    }
    expect(await ids()).toEqual([c.id, b.id, d.id])
    await t.api('PATCH', `/projects/${mine.id}`, { cookie: cookies.admin, body: { wallets: { featured: [], included: [], excluded: [] } } })
    expect((await ids()).slice(0, 2)).toEqual([a.id, b.id])
  })

  it('the catalog for choosing: search and pages, icons from an owner-only image route', async () => {
    const found = await t.api('GET', '/catalog?search=rain', { cookie: cookies.admin })
    expect(found.status).toBe(200)
    const rainbow = WALLETS.find((w) => w.name === 'Rainbow')!
    expect(found.json).toEqual({ data: [{ id: rainbow.id, name: 'Rainbow', image_url: `/console/api/wallet-images/${rainbow.image_id}` }], count: 1 })
    const page2 = await t.api('GET', '/catalog?page=2&entries=10', { cookie: cookies.admin })
    expect(page2.json.count).toBe(WALLETS.length)
    expect(page2.json.data.map((w: { id: string }) => w.id)).toEqual(WALLETS.slice(10, 20).map((w) => w.id))
    const icon = await fetch(`${t.server.url}${found.json.data[0].image_url}`, { headers: { cookie: cookies.admin } })
    expect(icon.status).toBe(200)
    expect(icon.headers.get('content-type')).toMatch(/^image\/svg\+xml/)
    expect(await icon.text()).toMatch(/^<svg /)
    expect((await fetch(`${t.server.url}${found.json.data[0].image_url}`)).status).toBe(401)
  })
})

describe('console API: owners', () => {
  it('an owner adds and removes owners; never the last; a bad address is 400', async () => {
    const path = `/projects/${mine.id}/owners`
    const added = await t.api('POST', path, { cookie: cookies.admin, body: { address: caip10(wallets.coOwner) } })
    expect(added.json.owners).toEqual([caip10(wallets.admin), caip10(wallets.coOwner)])
    // Added twice: still once.
    expect((await t.api('POST', path, { cookie: cookies.admin, body: { address: caip10(wallets.coOwner) } })).json.owners).toHaveLength(2)
    // The new owner reads and changes the project; it lists among theirs.
    expect((await t.api('GET', `/projects/${mine.id}`, { cookie: cookies.coOwner })).status).toBe(200)
    expect((await t.api('GET', '/me', { cookie: cookies.coOwner })).json.projects).toEqual([{ id: mine.id, name: 'Shop' }])

    for (const address of [
      '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
      'eip155:1:0x123',
      'eip155:1:0xF39Fd6e51aad88F6F4ce6aB8827279cffFb92266',
      'eip155:1',
      42,
      null,
    ]) {
      const answer = await t.api('POST', path, { cookie: cookies.admin, body: { address } })
      expect([address, answer.status]).toEqual([address, 400])
      expect(answer.json.message).toMatch(/^address must be a CAIP-10 account/)
    }
    const missing = await t.api('DELETE', `${path}/${encodeURIComponent(caip10(wallets.stranger))}`, { cookie: cookies.admin })
    expect([missing.status, missing.json]).toEqual([404, { message: 'No such owner of this project' }])

    const removed = await t.api('DELETE', `${path}/${encodeURIComponent(caip10(wallets.admin))}`, { cookie: cookies.coOwner })
    expect(removed.json.owners).toEqual([caip10(wallets.coOwner)])
    expect((await t.api('GET', `/projects/${mine.id}`, { cookie: cookies.admin })).status).toBe(403)
    const last = await t.api('DELETE', `${path}/${encodeURIComponent(caip10(wallets.coOwner))}`, { cookie: cookies.coOwner })
    expect([last.status, last.json]).toEqual([409, { message: 'A project keeps at least one owner' }])
    expect((await t.api('POST', path, { cookie: cookies.coOwner, body: { address: caip10(wallets.admin) } })).status).toBe(200)
  })
})

describe('console API: bad input never changes a row and is never a 5xx', () => {
  const notString = fc.oneof(
    fc.integer(),
    fc.double(),
    fc.boolean(),
    fc.constant(null),
    fc.array(fc.jsonValue(), { maxLength: 3 }),
    fc.dictionary(fc.string(), fc.jsonValue(), { maxKeys: 3 }),
  )
  const badName = fc.oneof(
    notString,
    fc.constantFrom('', '   ', 'a'.repeat(101), 'tab\tname', 'bell\u0007', 'rtl\u202eevil', 'nul\u0000', 'half \ud800 a pair'),
    fc.string({ minLength: 101, maxLength: 400 }).filter((s) => s.trim().length > 100),
  )
  const badOrigin = fc.oneof(
    notString,
    fc.constantFrom(
      '*',
      'null',
      'https://',
      'ftp://a.example',
      'https://a.example/x',
      'https://*.1.2.3.4',
      'https://a.example:99999',
      'https://\ud800.example',
      'https://a\u0000.example',
    ),
    fc.webUrl({ withQueryParameters: true }).map((u) => `${u}/path?q=1`),
    fc.string().filter((s) => !/^https?:\/\//.test(s)),
  )
  const badOrigins = fc.oneof(
    notString.filter((v) => !Array.isArray(v)),
    fc.tuple(fc.array(fc.constant('https://ok.example'), { maxLength: 2 }), badOrigin).map(([ok, bad]) => [...ok, bad]),
  )
  const badFeatures = fc.oneof(
    notString.filter((v) => !Array.isArray(v)),
    fc.array(fc.record({ id: fc.string().filter((s) => !['email', 'social', 'swap', 'onramp', 'activity'].includes(s)), isEnabled: fc.boolean() }), {
      minLength: 1,
      maxLength: 3,
    }),
    fc.array(fc.record({ id: fc.constantFrom('email', 'swap', 'activity', 'onramp', 'social'), isEnabled: notString.filter((v) => typeof v !== 'boolean') }), {
      minLength: 1,
      maxLength: 2,
    }),
    fc
      .record({
        id: fc.constant('social'),
        isEnabled: fc.boolean(),
        config: fc.array(
          fc.string().filter((s) => !['google', 'github', 'apple', 'facebook', 'x', 'discord', 'farcaster'].includes(s)),
          { minLength: 1 },
        ),
      })
      .map((f) => [f]),
    fc.array(fc.jsonValue(), { minLength: 6, maxLength: 8 }),
  )
  const catalogIds = new Set(WALLETS.map((w) => w.id))
  const badWallets = fc.oneof(
    notString.filter((v) => typeof v !== 'object' || v === null || Array.isArray(v)),
    fc.record({
      featured: fc.array(
        fc.string().filter((s) => !catalogIds.has(s)),
        { minLength: 1, maxLength: 3 },
      ),
    }),
    fc.record({ excluded: notString.filter((v) => !Array.isArray(v)) }),
    fc.dictionary(
      fc.string().filter((k) => !['featured', 'included', 'excluded'].includes(k)),
      fc.jsonValue(),
      { minKeys: 1, maxKeys: 2 },
    ),
  )
  const badAddress = fc.oneof(
    notString,
    fc.string().filter((s) => s.split(':').length !== 3),
    fc
      .string({ unit: 'binary' })
      .map((s) => `eip155:1:${s}`)
      .filter((s) => !/^eip155:1:0x[0-9a-fA-F]{40}$/.test(s)),
    fc
      .string({ unit: fc.constantFrom(...'0123456789abcdef') })
      .map((h) => `eip155:1:0x${h}`)
      .filter((s) => s.length !== 51),
  )
  /** A PATCH with one bad field, sometimes beside good ones (the good ones must not be applied either). */
  const badPatch = fc
    .tuple(
      fc.constantFrom('name', 'allowedOrigins', 'features', 'wallets'),
      fc.record({ name: badName, allowedOrigins: badOrigins, features: badFeatures, wallets: badWallets }),
      fc.boolean(),
    )
    .map(([field, bad, withGood]) => ({
      ...(withGood ? { name: 'Renamed', allowedOrigins: ['https://renamed.example'], features: [{ id: 'email', isEnabled: false }] } : {}),
      [field]: bad[field],
    }))
  const anyText = fc.string({ unit: 'binary', maxLength: 60 })
  const junk = fc.oneof(
    fc.jsonValue(),
    fc.dictionary(fc.string(), fc.jsonValue(), { maxKeys: 4 }),
    fc.dictionary(anyText, fc.oneof(anyText, fc.array(anyText, { maxLength: 3 })), { maxKeys: 3 }),
  )

  /** `method path` with `body` (or a raw text) as the admin, an owner: a 4xx with a message, and no row changed. */
  async function refused(method: string, path: string, body: { body?: unknown; raw?: string }) {
    const before = await snapshot()
    const answer = await t.api(method, path, { cookie: cookies.admin, ...body })
    if (answer.status < 400 || answer.status >= 500 || typeof answer.json?.message !== 'string')
      throw new Error(`${method} ${path} ${JSON.stringify(body).slice(0, 300)}: ${answer.status} ${answer.text.slice(0, 300)}`)
    expect(await snapshot()).toBe(before)
  }

  it(
    'fuzzed bodies on every body route: random JSON, wrong types, bad values',
    async () => {
      // The admin owns `mine` again for these (the owners test left the co-owner and the admin).
      const routes = [
        ['PATCH', `/projects/${mine.id}`, fc.oneof(badPatch, junk)],
        [
          'POST',
          '/projects',
          fc.oneof(
            badName.map((name) => ({ name })),
            junk.filter((v) => !(typeof v === 'object' && v !== null && 'name' in v)),
          ),
        ],
        [
          'POST',
          `/projects/${mine.id}/owners`,
          fc.oneof(
            badAddress.map((address) => ({ address })),
            junk,
          ),
        ],
        ['POST', '/claim', fc.oneof(fc.record({ secret: fc.oneof(notString, fc.string(), fc.string({ unit: 'binary' })) }), junk)],
      ] as const
      for (const [method, path, bodies] of routes)
        await fc.assert(
          fc.asyncProperty(bodies, (body) => refused(method, path, { body })),
          runs({ ciScale: 0.3 }),
        )
      // Text that is not JSON, or JSON that is not an object.
      await fc.assert(
        fc.asyncProperty(fc.string({ maxLength: 200 }), (raw) => refused('PATCH', `/projects/${mine.id}`, { raw })),
        runs({ ciScale: 0.2 }),
      )
    },
    idleMs(120_000),
  )

  it('huge bodies: a 1.5 MiB body and a 70 kB name are 413; a 2,000-entry origin list is 400', async () => {
    for (const [method, path] of [
      ['PATCH', `/projects/${mine.id}`],
      ['POST', '/projects'],
      ['POST', `/projects/${mine.id}/owners`],
      ['POST', '/claim'],
    ] as const) {
      const before = await snapshot()
      const huge = await t.api(method, path, { cookie: cookies.admin, raw: JSON.stringify({ name: 'x'.repeat(1.5 * 1024 * 1024) }) })
      expect([path, huge.status, huge.json]).toEqual([path, 413, { message: 'The body is too large' }])
      expect((await t.api(method, path, { cookie: cookies.admin, body: { name: 'y'.repeat(70_000) } })).status).toBe(413)
      expect(await snapshot()).toBe(before)
    }
    const before = await snapshot()
    const many = await t.api('PATCH', `/projects/${mine.id}`, {
      cookie: cookies.admin,
      body: { allowedOrigins: Array.from({ length: 2000 }, (_, i) => `https://s${i}.example`) },
    })
    expect([many.status, many.json]).toEqual([400, { message: 'allowedOrigins must be a list of at most 100 origins' }])
    expect(await snapshot()).toBe(before)
  })
})

describe('console API: deleting a project', () => {
  it('an owner deletes it: 204, then 403 to the console and 401 to the config API', async () => {
    const made = (await t.api('POST', '/projects', { cookie: cookies.admin, body: { name: 'Short-lived' } })).json as ConsoleProject
    // As the console page sends it: a JSON body of {} (it sends every state change as JSON).
    const deleted = await t.api('DELETE', `/projects/${made.id}`, { cookie: cookies.admin, body: {} })
    expect([deleted.status, deleted.text]).toEqual([204, ''])
    expect((await t.api('GET', `/projects/${made.id}`, { cookie: cookies.admin })).status).toBe(403)
    expect((await t.get(`/appkit/v1/config?projectId=${made.id}`)).status).toBe(401)
    expect(await db.query('SELECT * FROM console_owners WHERE project_id = $1', [made.id])).toEqual([])
  })
})

describe('console API: secrets', () => {
  it('no answer of any route carried the first-run secret, the session secret or a credential token', async () => {
    const tokens = Object.values(cookies).map((c) => c.split('=')[1]!)
    expect(t.answers.length).toBeGreaterThan(200)
    for (const text of t.answers) {
      expect(text).not.toContain(secret)
      expect(text).not.toContain(SESSION_SECRET)
      for (const token of tokens) expect(text).not.toContain(token)
    }
  })
})

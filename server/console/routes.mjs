// The site owner's console API (issue 24 §3, §4), JSON under /console/api, for the page at
// /console. Every route needs a wallet signed in through this server's SIWX sessions service
// (guard.mjs: 401 without), and a project route an owner of that project (403 otherwise, the
// same for a project that does not exist); state changes need the console's own Origin and a JSON
// body (guard.mjs consoleOriginGuard). Errors are `{ message }`; a bad body is 400 naming the field
// (projectCodec.mjs), checked before anything is written. No answer carries a secret.
//
//   GET    /console/api/me                         → { address, addresses, admin, firstRun, projects: [{ id, name }] }
//   POST   /console/api/claim { secret }           → { admin: true } | 403 wrong or spent
//   POST   /console/api/projects { name }          → 201 project (admins only)
//   GET    /console/api/projects/:id               → project
//   PATCH  /console/api/projects/:id { name?, allowedOrigins?, features?, wallets? } → project
//   DELETE /console/api/projects/:id               → 204
//   POST   /console/api/projects/:id/owners { address }   → project
//   DELETE /console/api/projects/:id/owners/:address      → project (never the last owner: 409)
//   GET    /console/api/catalog?search=&page=&entries=    → { data: [{ id, name, image_url }], count } (admins and owners)
//   GET    /console/api/wallet-images/:id          → the wallet's icon, image/svg+xml (admins and owners)
//
// project: { id, name, allowedOrigins, features, wallets: { featured, included, excluded }, owners, createdAt }
import { HttpError } from '../http.mjs'
import { WALLETS, walletIcon } from '../../services/config/catalog.mjs'
import { queryWallets } from '../../services/config/query.mjs'
import { claimFirstRun, hasAdmin } from './firstRun.mjs'
import { caller, consoleOriginGuard, isAdmin, ownerOf } from './guard.mjs'
import { addOwner, createProject, deleteProject, projectsOwnedBy, readProject, removeOwner, updateProject } from './owners.mjs'
import { readAccount, readClaim, readCreate, readOwner, readPatch } from './projectCodec.mjs'

const IMAGE_ID = /^[A-Za-z0-9_-]{1,128}$/

/**
 * Fastify plugin, registered with `{ prefix: '/console/api' }` or without (it adds the prefix
 * itself). `publicOrigin()`: the console page's origin (the server's public URL's), asked per
 * request because it is known only once the server listens.
 */
export async function consoleRoutes(app, { db, publicOrigin, wallets = WALLETS, now = Date.now }) {
  const images = new Map(wallets.map((w) => [w.image_id ?? w.id, w.name]))
  // Only sign-ins made at the console count (server/console/guard.mjs signedIn).
  const clock = { now, host: () => new URL(publicOrigin()).host }

  await app.register(
    async (api) => {
      api.addHook('onRequest', consoleOriginGuard(publicOrigin))

      /** The caller may read the catalog: an admin, or an owner of some project. */
      const catalogReader = async (request) => {
        const who = await caller(db, request, clock)
        if (!(await isAdmin(db, who.addresses)) && (await projectsOwnedBy(db, who.addresses)).length === 0)
          throw new HttpError(403, 'Only an admin or a project owner may read the catalog')
        return who
      }

      api.get('/me', async (request) => {
        const who = await caller(db, request, clock)
        return {
          address: who.address,
          addresses: who.addresses,
          admin: await isAdmin(db, who.addresses),
          firstRun: !(await hasAdmin(db)),
          projects: await projectsOwnedBy(db, who.addresses),
        }
      })

      api.post('/claim', async (request) => {
        const who = await caller(db, request, clock)
        const { secret } = readClaim(request.body)
        if (!(await claimFirstRun(db, { address: who.address, secret, now })))
          throw new HttpError(403, 'That is not the first-run secret, or it was used already')
        return { admin: true }
      })

      api.post('/projects', async (request, reply) => {
        const who = await caller(db, request, clock)
        const admins = await db.query('SELECT address FROM console_admins WHERE address = ANY($1::text[]) LIMIT 1', [who.addresses])
        if (admins.length === 0) throw new HttpError(403, 'Only an admin may create projects')
        const { name } = readCreate(request.body)
        return reply.code(201).send(await createProject(db, { name, owner: admins[0].address, now }))
      })

      api.get('/projects/:id', async (request) => {
        await ownerOf(db, request, request.params.id, clock)
        const project = await readProject(db, request.params.id)
        if (project === undefined) throw new HttpError(403, 'You are not an owner of this project')
        return project
      })

      api.patch('/projects/:id', async (request) => {
        await ownerOf(db, request, request.params.id, clock)
        return updateProject(db, request.params.id, readPatch(request.body), { catalog: wallets, now })
      })

      api.delete('/projects/:id', async (request, reply) => {
        await ownerOf(db, request, request.params.id, clock)
        await deleteProject(db, request.params.id)
        return reply.code(204).send()
      })

      api.post('/projects/:id/owners', async (request) => {
        await ownerOf(db, request, request.params.id, clock)
        const { address } = readOwner(request.body)
        return addOwner(db, request.params.id, address, { now })
      })

      api.delete('/projects/:id/owners/:address', async (request) => {
        await ownerOf(db, request, request.params.id, clock)
        return removeOwner(db, request.params.id, readAccount(request.params.address))
      })

      api.get('/catalog', async (request) => {
        await catalogReader(request)
        const query = request.query ?? {}
        const { data, count } = queryWallets(wallets, { page: query.page, entries: query.entries, search: query.search })
        return { data: data.map((w) => ({ id: w.id, name: w.name, image_url: `/console/api/wallet-images/${w.image_id ?? w.id}` })), count }
      })

      api.get('/wallet-images/:id', async (request, reply) => {
        await catalogReader(request)
        const { id } = request.params
        const name = IMAGE_ID.test(id) ? images.get(id) : undefined
        if (name === undefined) throw new HttpError(404, 'Not found')
        return reply
          .type('image/svg+xml')
          .headers({ 'cache-control': 'private, max-age=3600', 'content-security-policy': "default-src 'none'; style-src 'unsafe-inline'" })
          .send(walletIcon(id, name))
      })
    },
    { prefix: '/console/api' },
  )
}

// The console's projects and their owners in the database: reads, creation, changes and owner
// lists. Each change of a project runs in one transaction with its row locked, so two owners'
// changes at once are applied one after the other and the last owner cannot be removed twice over.
import { randomBytes } from 'node:crypto'
import { HttpError } from '../http.mjs'
import { featuresOf, mergeFeatures } from './features.mjs'
import { readWalletLists, walletListsOf } from './walletLists.mjs'

/** A new project id: 32 hex characters (128 random bits). */
export const newProjectId = () => randomBytes(16).toString('hex')

const COLUMNS = 'id, name, allowed_origins, features, wallets, created_at'

/** A project as the console answers it. */
function view(row, owners) {
  return {
    id: row.id,
    name: row.name,
    allowedOrigins: [...row.allowed_origins],
    features: featuresOf(row.features),
    wallets: walletListsOf(row.wallets),
    owners,
    createdAt: Number(row.created_at),
  }
}

const ownersOf = async (q, id) =>
  (await q.query('SELECT address FROM console_owners WHERE project_id = $1 ORDER BY added_at, address', [id])).map((row) => row.address)

/** The project `id` as the console answers it, or undefined. */
export async function readProject(q, id) {
  const [row] = await q.query(`SELECT ${COLUMNS} FROM projects WHERE id = $1`, [id])
  return row === undefined ? undefined : view(row, await ownersOf(q, id))
}

/** `{ id, name }` of each project one of `addresses` owns, oldest first. */
export async function projectsOwnedBy(db, addresses) {
  return db
    .query(
      `SELECT DISTINCT p.id, p.name, p.created_at FROM projects p JOIN console_owners o ON o.project_id = p.id
     WHERE o.address = ANY($1::text[]) ORDER BY p.created_at, p.id`,
      [addresses],
    )
    .then((rows) => rows.map((row) => ({ id: row.id, name: row.name })))
}

/** A new project named `name`, owned by `owner`. */
export async function createProject(db, { name, owner, now = Date.now }) {
  const id = newProjectId()
  return db.transaction(async (tx) => {
    await tx.query('INSERT INTO projects (id, name, created_at, updated_at) VALUES ($1, $2, $3, $3)', [id, name, now()])
    await tx.query('INSERT INTO console_owners (project_id, address, added_at) VALUES ($1, $2, $3)', [id, owner, now()])
    return readProject(tx, id)
  })
}

/** `fn(tx, row)` with project `id`'s row locked; 403 when it is gone (deleted meanwhile). */
async function withProject(db, id, fn) {
  return db.transaction(async (tx) => {
    const [row] = await tx.query(`SELECT ${COLUMNS} FROM projects WHERE id = $1 FOR UPDATE`, [id])
    if (row === undefined) throw new HttpError(403, 'You are not an owner of this project')
    return fn(tx, row)
  })
}

/**
 * Applies a checked PATCH (projectCodec.mjs readPatch) to project `id`: the features named replace
 * theirs, the wallet lists named replace theirs (checked here against `catalog` and the others).
 * Resolves to the project after.
 */
export async function updateProject(db, id, patch, { catalog, now = Date.now }) {
  return withProject(db, id, async (tx, row) => {
    let wallets
    if (patch.wallets !== undefined) {
      const read = readWalletLists(patch.wallets, row.wallets, catalog)
      if (read.error !== undefined) throw new HttpError(400, read.error)
      wallets = read.lists
    }
    await tx.query(`UPDATE projects SET name = $2, allowed_origins = $3, features = $4, wallets = $5, updated_at = $6 WHERE id = $1`, [
      id,
      patch.name ?? row.name,
      JSON.stringify(patch.allowedOrigins ?? row.allowed_origins),
      patch.features === undefined
        ? row.features === null
          ? null
          : JSON.stringify(row.features)
        : JSON.stringify(mergeFeatures(row.features, patch.features)),
      wallets === undefined ? (row.wallets === null ? null : JSON.stringify(row.wallets)) : JSON.stringify(wallets),
      now(),
    ])
    return readProject(tx, id)
  })
}

/** Deletes project `id` (its owners and everything else of it go with it). */
export async function deleteProject(db, id) {
  await db.query('DELETE FROM projects WHERE id = $1', [id])
}

/** Makes `address` an owner of project `id` too (already one: nothing changes). The project after. */
export async function addOwner(db, id, address, { now = Date.now } = {}) {
  return withProject(db, id, async (tx) => {
    await tx.query('INSERT INTO console_owners (project_id, address, added_at) VALUES ($1, $2, $3) ON CONFLICT (project_id, address) DO NOTHING', [
      id,
      address,
      now(),
    ])
    return readProject(tx, id)
  })
}

/** Removes owner `address` of project `id`: 404 when not one, 409 when the last. The project after. */
export async function removeOwner(db, id, address) {
  return withProject(db, id, async (tx) => {
    const owners = await ownersOf(tx, id)
    if (!owners.includes(address)) throw new HttpError(404, 'No such owner of this project')
    if (owners.length === 1) throw new HttpError(409, 'A project keeps at least one owner')
    await tx.query('DELETE FROM console_owners WHERE project_id = $1 AND address = $2', [id, address])
    return readProject(tx, id)
  })
}

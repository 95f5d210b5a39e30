// A migrated, empty PGlite data directory as a tarball, made once and cached on disk (keyed by the
// PGlite version and the migrations' text): an in-memory database then loads in well under a
// second instead of running initdb (seconds in WASM) each time. Tests and one-off runs use it.
import { PGlite } from '@electric-sql/pglite'
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { migrate, migrations } from './migrate.mjs'
import { pgliteDatabase } from './engines.mjs'

function cacheFile() {
  // Its package.json is not exported: read beside its entry (dist/index.js).
  const { version } = JSON.parse(readFileSync(new URL('../package.json', import.meta.resolve('@electric-sql/pglite')), 'utf8'))
  const hash = createHash('sha256')
  hash.update(version)
  for (const m of migrations()) hash.update(`\n${m.version}\n${m.sql}`)
  return join(tmpdir(), 'airlock-pglite', `template-${hash.digest('hex').slice(0, 16)}.tar`)
}

let made

/** The template as a Blob (for PGlite's loadDataDir). */
export function memoryTemplate() {
  made ??= (async () => {
    const file = cacheFile()
    if (existsSync(file)) return new Blob([readFileSync(file)])
    const instance = new PGlite()
    await instance.waitReady
    await migrate(pgliteDatabase(instance))
    const blob = await instance.dumpDataDir('none')
    await instance.close()
    mkdirSync(join(file, '..'), { recursive: true })
    // Written aside and renamed: a test process reading it never sees half a file.
    const partial = `${file}.${process.pid}.partial`
    writeFileSync(partial, Buffer.from(await blob.arrayBuffer()))
    renameSync(partial, file)
    return blob
  })()
  made.catch(() => (made = undefined))
  return made
}

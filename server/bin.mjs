#!/usr/bin/env node
// `airlock-server` (docs/self-hosting.md): starts the server with the settings of
// server/settings.mjs, prints where it listens, and stops cleanly on SIGINT or SIGTERM.
//
//   airlock-server                  start (the embedded database in AIRLOCK_DATA_DIR, or DATABASE_URL)
//   airlock-server backup FILE      the embedded database to FILE (the server stopped)
//   airlock-server restore FILE     FILE into AIRLOCK_DATA_DIR, which must be empty
//   airlock-server --help           the settings
import { describeSettings, loadSettings, SettingsError } from './settings.mjs'
import { startAirlockServer } from './app.mjs'

const args = process.argv.slice(2)
if (args.includes('--help') || args.includes('-h')) {
  const { readFileSync } = await import('node:fs')
  const head = readFileSync(new URL('./settings.mjs', import.meta.url), 'utf8')
    .split('\n')
    .filter((line) => line.startsWith('//'))
  console.log(['airlock-server: the self-hosted back end of Airlock.', '', ...head.map((line) => line.replace(/^\/\/ ?/, ''))].join('\n'))
  process.exit(0)
}

let settings
try {
  settings = loadSettings()
} catch (error) {
  if (error instanceof SettingsError) {
    console.error(`airlock-server: ${error.message}`)
    process.exit(2)
  }
  throw error
}

const [command, file] = args
if (command === 'backup' || command === 'restore') {
  if (file === undefined) {
    console.error(`airlock-server: ${command} needs a file: airlock-server ${command} FILE`)
    process.exit(2)
  }
  if (settings.databaseUrl !== undefined) {
    console.error('airlock-server: DATABASE_URL is set: back up and restore PostgreSQL with pg_dump and pg_restore (docs/self-hosting.md "Backups")')
    process.exit(2)
  }
  const { backupDataDir, restoreDataDir } = await import('./backup.mjs')
  try {
    if (command === 'backup') console.log(`airlock-server: ${settings.dataDir} backed up to ${file} (${await backupDataDir(settings.dataDir, file)} bytes)`)
    else {
      await restoreDataDir(file, settings.dataDir)
      console.log(`airlock-server: ${file} restored into ${settings.dataDir}`)
    }
    process.exit(0)
  } catch (error) {
    console.error(`airlock-server: ${error.message}`)
    process.exit(1)
  }
}
if (command !== undefined) {
  console.error(`airlock-server: unknown command ${command} (start with no command; backup FILE; restore FILE; --help)`)
  process.exit(2)
}

console.log('airlock-server: starting with')
for (const line of describeSettings(settings)) console.log(line)
const server = await startAirlockServer(settings)
console.log(`airlock-server: listening on ${server.url} (public ${server.publicUrl}); the secure frame on ${server.frameUrl}`)
console.log(`airlock-server: database ${settings.databaseUrl === undefined ? `embedded, in ${settings.dataDir}` : 'PostgreSQL'}`)
// The one place the first-run secret is shown (server/console/firstRun.mjs): to whoever started the server.
if (server.firstRun !== undefined)
  console.log(`airlock-server: console at ${server.firstRun.url}; first run: sign in with your wallet there and enter the secret ${server.firstRun.secret}`)
else console.log(`airlock-server: console at ${server.publicUrl}/console`)

let stopping = false
for (const signal of ['SIGINT', 'SIGTERM']) {
  process.on(signal, () => {
    if (stopping) return
    stopping = true
    server.stop().then(
      () => process.exit(0),
      () => process.exit(1),
    )
  })
}

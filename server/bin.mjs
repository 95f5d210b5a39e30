#!/usr/bin/env node
// `airlock-server` (README "The server"): starts the server with the settings of
// server/settings.mjs, prints where it listens, and stops cleanly on SIGINT or SIGTERM.
//
//   airlock-server            start (the embedded database in AIRLOCK_DATA_DIR, or DATABASE_URL)
//   airlock-server --help     the settings
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

console.log('airlock-server: starting with')
for (const line of describeSettings(settings)) console.log(line)
const server = await startAirlockServer(settings)
console.log(`airlock-server: listening on ${server.url} (public ${server.publicUrl}); the secure frame on ${server.frameUrl}`)
console.log(`airlock-server: database ${settings.databaseUrl === undefined ? `embedded, in ${settings.dataDir}` : 'PostgreSQL'}`)

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

/**
 * Sign In With Farcaster through a relay of the site's choosing (the `farcaster` setting, issue 24
 * §1): airlock-server opens the channel on that relay and verifies the signed message against the
 * ID registry on the RPC it was given; its own stand-in relay is not mounted. The relay here is
 * the repository's local one, served by another process's worth of auth service on its own port,
 * where Farcaster's relay would be; the default relay is Farcaster's.
 */
import { afterAll, beforeAll, expect, it } from 'vitest'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { openDatabase } from './db/database.mjs'
import type { Database } from './db/database.d.mts'
import { FARCASTER_RELAY_URL, loadSettings } from './settings.mjs'
import { startAirlockServer, type AirlockServer } from './app.mjs'
import { farcasterRoutes, installIdRegistry, registerFarcasterUser, signInWithFarcaster } from '../services/auth/farcaster.mjs'
import { startAuthService, type AuthService } from '../services/auth/server.mjs'
import { startAnvil, type Anvil } from '../services/chain/anvil.mjs'
import { idleMs } from '../tests/support/until'
import { tempDirs } from '../tests/support/tempDirs'

const tempDir = tempDirs('airlock-farcaster-')

const PROJECT = 'farcaster-project'
const PAGE = 'https://shop.example'

let anvil: Anvil
let db: Database
let relayHost: AuthService
let server: AirlockServer

beforeAll(async () => {
  anvil = await startAnvil()
  await installIdRegistry({ rpcUrl: anvil.url })
  relayHost = await startAuthService({
    smtp: { host: '127.0.0.1', port: 1 },
    projects: {},
    frameOrigins: [],
    routes: [(ctx) => farcasterRoutes(ctx, { rpcUrl: anvil.url })],
  })
  db = await openDatabase()
  server = await startAirlockServer(
    {
      ...loadSettings({ env: { AIRLOCK_PORT: '0' }, cwd: process.cwd() }),
      projects: { [PROJECT]: { allowedOrigins: [PAGE] } },
      farcaster: { rpcUrl: anvil.url, relayUrl: `${relayHost.url}/farcaster` },
    },
    { db, log: () => undefined },
  )
}, idleMs(120_000))
afterAll(async () => {
  await server?.stop()
  await relayHost?.stop()
  await db?.close()
  await anvil?.stop()
}, idleMs(60_000))

const call = async (path: string, body: unknown) => {
  const answer = await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.frameUrl, 'x-airlock-project': PROJECT, 'x-airlock-origin': PAGE },
    body: JSON.stringify(body),
  })
  return { status: answer.status, body: (await answer.json()) as Record<string, unknown> }
}

it(
  'opens the channel on the configured relay and signs in the fid whose custody signed',
  async () => {
    const custody = generatePrivateKey()
    await registerFarcasterUser({ rpcUrl: anvil.url, fid: 9001, custody: privateKeyToAccount(custody).address })
    const opened = await call('/v1/farcaster/uri', {})
    expect(opened.status).toBe(200)
    const { url, channelToken } = opened.body as { url: string; channelToken: string }
    // The Farcaster app completes the channel on the relay the server used.
    await signInWithFarcaster({ relayUrl: `${relayHost.url}/farcaster`, url, fid: 9001, username: 'carol', privateKey: custody })
    const connected = await call('/v1/farcaster/connect', { channelToken })
    expect(connected.status).toBe(200)
    expect(connected.body.user).toMatchObject({ provider: 'farcaster', userName: 'carol' })
    // The server's own stand-in relay is not there.
    expect((await fetch(`${server.url}/farcaster/v1/channel`, { method: 'POST' })).status).toBe(404)
  },
  idleMs(60_000),
)

it("the relay is Farcaster's unless the setting names another; without the setting, Farcaster is off", async () => {
  const dir = tempDir()
  writeFileSync(join(dir, 'airlock.config.json'), JSON.stringify({ farcaster: { rpcUrl: 'https://mainnet.optimism.io' } }))
  expect(loadSettings({ env: {}, cwd: dir }).farcaster).toEqual({ rpcUrl: 'https://mainnet.optimism.io', relayUrl: FARCASTER_RELAY_URL })
  expect(loadSettings({ env: {}, cwd: tmpdir() }).farcaster).toBeUndefined()
  expect((await call('/v1/social/redirect', { provider: 'google', returnTo: `${PAGE}/` })).status).toBe(404)
})

/**
 * Name registration on airlock-server (SPEC §7 /v1/profile/*; its `names`, `nameRegistrarKey`
 * settings): a real anvil with the demo's NameRegistry, the server on an embedded database in a
 * data directory. A name registered through its POST is then its GET account's and reverse's; the
 * message, once used, is refused by a second instance on the same database and by the server
 * started again on the same data directory; the Blockchain API stand-in given the server's URL
 * passes a registration through to it; a page of an origin the project does not allow is refused,
 * and the POST counts against a limit per IP.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { createPublicClient, createWalletClient, http, type Address, type Hex } from 'viem'
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts'
import { loadSettings } from './settings.mjs'
import { startAirlockServer, type AirlockServer } from './app.mjs'
import { startAnvil, type Anvil } from '../services/chain/anvil.mjs'
import { demoArtifacts } from '../services/chain/demoContracts.mjs'
import { DEMO_DEPLOYER } from '../services/accountStack.mjs'
import { startBlockchainApi, type BlockchainApiService } from '../services/blockchain/server.mjs'
import { newNonce, registrationMessage } from '../src/plugins/names/registrationMessage'
import { idleMs } from '../tests/support/until'
import { tempDirs } from '../tests/support/tempDirs'

const tempDir = tempDirs('airlock-names-')

const CHAIN_ID = 31337
const COIN_TYPE = 0x80000000 + CHAIN_ID
const PROJECT = 'names-project'
const PAGE = 'https://shop.example'
const REPLAY = { status: 409, body: { message: 'the signature was used already: sign a new message' } }

let anvil: Anvil
let registry: Address
let cwd: string
const servers: AirlockServer[] = []
let api: BlockchainApiService | undefined

/** airlock-server with the name contract: chains in the file, the names and the registrar's key in the environment. */
async function start(options: Parameters<typeof startAirlockServer>[1] = {}, env: Record<string, string> = {}) {
  const settings = loadSettings({
    env: {
      AIRLOCK_PORT: '0',
      AIRLOCK_DATA_DIR: 'data',
      AIRLOCK_NAMES: `${CHAIN_ID}:${registry}`,
      AIRLOCK_NAME_REGISTRAR_KEY: DEMO_DEPLOYER.privateKey,
      ...env,
    },
    cwd,
  })
  const server = await startAirlockServer(settings, { log: () => undefined, ...options })
  servers.push(server)
  return server
}

beforeAll(async () => {
  anvil = await startAnvil({ chainId: CHAIN_ID })
  const { NameRegistry } = demoArtifacts()
  const admin = createWalletClient({ account: privateKeyToAccount(DEMO_DEPLOYER.privateKey as Hex), transport: http(anvil.url) })
  const hash = await admin.deployContract({ chain: null, abi: NameRegistry.abi, bytecode: NameRegistry.bytecode as Hex })
  registry = (await createPublicClient({ transport: http(anvil.url) }).waitForTransactionReceipt({ hash })).contractAddress!
  cwd = tempDir()
  writeFileSync(
    join(cwd, 'airlock.config.json'),
    JSON.stringify({ chains: [{ chainId: CHAIN_ID, rpcUrl: anvil.url }], projects: { [PROJECT]: { allowedOrigins: [PAGE] } } }),
  )
}, idleMs(120_000))
afterAll(async () => {
  await api?.stop()
  for (const server of servers.reverse()) await server.stop()
  await anvil?.stop()
}, idleMs(60_000))

/** A registration body as the product makes it: the names plugin's message, signed. */
async function signed(signer: PrivateKeyAccount, name: string) {
  const message = registrationMessage({ name, address: signer.address, coinType: COIN_TYPE, issuedAt: Date.now(), nonce: newNonce() })
  return { coin_type: COIN_TYPE, address: signer.address, message, signature: await signer.signMessage({ message }) }
}

async function call(url: string, path: string, { body, headers = {} }: { body?: unknown; headers?: Record<string, string> } = {}) {
  const response = await fetch(`${url}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { ...(body !== undefined && { 'content-type': 'application/json' }), ...headers },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  return { status: response.status, body: (await response.json()) as Record<string, unknown>, headers: response.headers }
}
const answer = async (...args: Parameters<typeof call>) => {
  const { status, body } = await call(...args)
  return { status, body }
}

describe('name registration on airlock-server', () => {
  const visitor = privateKeyToAccount(generatePrivateKey())
  const name = `visitor-${Date.now().toString(36)}.airlock.eth`
  let good: Awaited<ReturnType<typeof signed>>

  it(
    'registers a signed name: its GET account and reverse find it; a replay is refused, by a second instance on the database and after a restart on the data directory',
    async () => {
      const a = await start()
      good = await signed(visitor, name)
      const profile = { name, addresses: { [String(COIN_TYPE)]: { address: visitor.address } }, attributes: [] }
      expect(await answer(a.url, '/v1/profile/account', { body: good })).toEqual({ status: 200, body: profile })
      expect(await answer(a.url, `/v1/profile/account/${name}?apiVersion=2&projectId=${PROJECT}`)).toEqual({ status: 200, body: profile })
      expect(await answer(a.url, `/v1/profile/reverse/${visitor.address}?sender=${visitor.address}&apiVersion=2`)).toEqual({ status: 200, body: [profile] })
      expect(await answer(a.url, '/v1/profile/account', { body: good })).toEqual(REPLAY)
      expect(await answer(a.url, '/v1/profile/account/nobody-here.airlock.eth')).toEqual({
        status: 404,
        body: { message: 'nobody-here.airlock.eth is not registered' },
      })

      // A second instance on the same database.
      const b = await start({ db: a.db })
      expect(await answer(b.url, '/v1/profile/account', { body: good })).toEqual(REPLAY)
      await b.stop()
      // The server started again on the same data directory.
      await a.stop()
      const again = await start()
      expect(await answer(again.url, '/v1/profile/account', { body: good })).toEqual(REPLAY)
      expect((await answer(again.url, `/v1/profile/account/${name}`)).status).toBe(200)
    },
    idleMs(120_000),
  )

  it(
    'the Blockchain API given the server’s URL passes /v1/profile/* through: a registration lands in airlock-server',
    async () => {
      const server = servers.at(-1)!
      api = await startBlockchainApi({ evm: [{ chainId: CHAIN_ID, rpcUrl: anvil.url }], profilesUrl: () => server.url, log: () => undefined })
      const other = privateKeyToAccount(generatePrivateKey())
      const body = await signed(other, `forwarded-${Date.now().toString(36)}.airlock.eth`)
      const registered = await call(api.url, `/v1/profile/account?projectId=${PROJECT}&st=airlock&sv=test`, { body })
      expect(registered.status).toBe(200)
      expect(registered.body).toMatchObject({ addresses: { [String(COIN_TYPE)]: { address: other.address } } })
      // The Blockchain API's CORS, airlock-server's status and body.
      expect(registered.headers.get('access-control-allow-origin')).toBe('*')
      expect((await server.db.query('SELECT message FROM name_registration_messages WHERE message = $1', [body.message])).length).toBe(1)
      expect(await answer(api.url, '/v1/profile/account', { body })).toEqual(REPLAY)
      expect(await answer(api.url, `/v1/profile/reverse/${other.address}?apiVersion=2`)).toEqual(
        await answer(server.url, `/v1/profile/reverse/${other.address}`),
      )
      expect(await answer(api.url, '/v1/profile/account/x?apiVersion=1')).toEqual({
        status: 400,
        body: { message: 'unsupported apiVersion: 1 (2 is served)' },
      })
    },
    idleMs(120_000),
  )

  it('CORS: the project’s pages are named back, other origins refused; a page with no project is refused', async () => {
    const server = servers.at(-1)!
    const path = `/v1/profile/account/${name}?apiVersion=2&projectId=${PROJECT}`
    const allowed = await call(server.url, path, { headers: { origin: PAGE } })
    expect(allowed.status).toBe(200)
    expect(allowed.headers.get('access-control-allow-origin')).toBe(PAGE)
    for (const [what, url, origin] of [
      ['another origin', path, 'https://evil.example'],
      ['no project', `/v1/profile/account/${name}`, PAGE],
      ['an unknown project', `/v1/profile/account/${name}?projectId=nope`, PAGE],
    ] as const) {
      const refused = await call(server.url, url, { headers: { origin } })
      expect({ what, status: refused.status, body: refused.body }).toEqual({ what, status: 403, body: { message: 'Unauthorized: origin not allowed' } })
      expect(refused.headers.get('access-control-allow-origin'), what).toBeNull()
    }
    const preflight = await fetch(`${server.url}/v1/profile/account?projectId=${PROJECT}`, {
      method: 'OPTIONS',
      headers: { origin: PAGE, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type' },
    })
    expect(preflight.status).toBe(204)
    expect(preflight.headers.get('access-control-allow-origin')).toBe(PAGE)
  })

  it(
    'counts registrations per IP: past the limit 429, another client still answered',
    async () => {
      const limited = await start({ rateLimits: { namesPerIp: { max: 2, windowMs: 60_000 } } }, { AIRLOCK_TRUST_PROXY: 'true', AIRLOCK_DATA_DIR: 'limited' })
      const from = (ip: string) => answer(limited.url, '/v1/profile/account', { body: { coin_type: 'x' }, headers: { 'x-forwarded-for': ip } })
      const bad = { status: 400, body: { message: 'coin_type must be a whole number (ENSIP-11)' } }
      expect([await from('203.0.113.7'), await from('203.0.113.7')]).toEqual([bad, bad])
      expect(await from('203.0.113.7')).toMatchObject({ status: 429, body: { message: expect.stringMatching(/^Too many requests/) } })
      expect(await from('203.0.113.8')).toEqual(bad)
    },
    idleMs(60_000),
  )
})

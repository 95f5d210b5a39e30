/**
 * For the console's tests: an airlock-server on a given database, wallets that sign in to it with
 * a real SIWX message (a viem local account's signature, verified by the server's own verifier),
 * and calls of the console API as the page at the server's origin makes them. Every answer's text
 * is kept, so a test can show that no answer carried a secret.
 */
import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts'
import { formatSiwxMessage } from '../../src/format/siwxMessage'
import { loadSettings } from '../settings.mjs'
import { startAirlockServer, type AirlockServer } from '../app.mjs'
import type { Database } from '../db/database.d.mts'

export const CHAIN = 'eip155:1'
/** A session secret the server is given, so the tests can look for it in answers. */
export const SESSION_SECRET = 'console-test-session-secret-0123456789abcdef'

/** The CAIP-10 account of `account` on CHAIN (checksummed, as the console stores it). */
export const caip10 = (account: PrivateKeyAccount) => `${CHAIN}:${account.address}`

/** Anvil's well-known keys: test wallets, no value on any chain. */
export const wallets = {
  admin: privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80'),
  coOwner: privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d'),
  stranger: privateKeyToAccount('0x5de4111afa1a4b94908f83103eb1f1706367c2e68ca870fc3fb9a804cdab365a'),
  otherOwner: privateKeyToAccount('0x7c852118294e51e653712a81e05800f419141751be58f605c371e15141b007a6'),
}

export interface ConsoleTestServer {
  server: AirlockServer
  /** The console page's origin (the server's public URL's). */
  origin: string
  /** Every answer's text so far. */
  answers: string[]
  /** Signs `account` in through POST /v1/nonce and /v1/sessions; the Cookie header to send. */
  signIn(account: PrivateKeyAccount): Promise<string>
  /** A console API call (`path` under /console/api) as the console page sends it. */
  api(
    method: string,
    path: string,
    options?: { cookie?: string; body?: unknown; raw?: string; origin?: string | null; contentType?: string | null },
  ): Promise<Answer>
  /** A GET of the server (the config API) from `origin`, when given. */
  get(path: string, origin?: string): Promise<Answer>
}

export interface Answer {
  status: number
  headers: Headers
  text: string
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the answers' shapes are what the tests check
  json: any
}

export async function startConsoleTestServer(
  db: Database,
  { projects = {} as Record<string, { allowedOrigins: string[]; name?: string }>, port = 0 } = {},
): Promise<ConsoleTestServer> {
  const settings = {
    ...loadSettings({ env: { AIRLOCK_PORT: String(port), AIRLOCK_FRAME_PORT: '0', AIRLOCK_SESSION_SECRET: SESSION_SECRET }, cwd: process.cwd() }),
    projects,
  }
  const server = await startAirlockServer(settings, { db, log: () => undefined })
  const origin = new URL(server.publicUrl).origin
  const answers: string[] = []
  const answer = async (response: Response): Promise<Answer> => {
    const text = await response.text()
    answers.push(text, [...response.headers].map(([k, v]) => `${k}: ${v}`).join('\n'))
    let json: unknown
    try {
      json = text === '' ? undefined : JSON.parse(text)
    } catch {
      json = undefined
    }
    return { status: response.status, headers: response.headers, text, json }
  }

  const signIn = (account: PrivateKeyAccount) => signInAt(server.url, origin, account)

  async function api(
    method: string,
    path: string,
    {
      cookie,
      body,
      raw,
      origin: from = origin,
      contentType = 'application/json',
    }: { cookie?: string; body?: unknown; raw?: string; origin?: string | null; contentType?: string | null } = {},
  ) {
    const payload = raw ?? (body === undefined ? undefined : JSON.stringify(body))
    const headers: Record<string, string> = {}
    if (from !== null) headers.origin = from
    if (cookie !== undefined) headers.cookie = cookie
    if (payload !== undefined && contentType !== null) headers['content-type'] = contentType
    if (payload === undefined && contentType !== null && method !== 'GET' && method !== 'DELETE') headers['content-type'] = contentType
    return answer(await fetch(`${server.url}/console/api${path}`, { method, headers, body: payload }))
  }

  const get = async (path: string, from?: string) => answer(await fetch(`${server.url}${path}`, { headers: from === undefined ? {} : { origin: from } }))

  return { server, origin, answers, signIn, api, get }
}

/** Signs `account` in to the server at `url` from its console page at `origin`; the Cookie header to send. */
export async function signInAt(url: string, origin: string, account: PrivateKeyAccount): Promise<string> {
  const nonce = await fetch(`${url}/v1/nonce`, { method: 'POST', headers: { origin } })
  if (nonce.status !== 200) throw new Error(`nonce: ${nonce.status}`)
  const now = Date.now()
  const message = formatSiwxMessage({
    domain: new URL(origin).host,
    uri: origin,
    accountAddress: account.address,
    chainId: CHAIN,
    version: '1',
    nonce: ((await nonce.json()) as { nonce: string }).nonce,
    issuedAt: new Date(now - 1000).toISOString(),
    expirationTime: new Date(now + 3_600_000).toISOString(),
    statement: 'Sign in to the Airlock console',
  })
  const signature = await account.signMessage({ message })
  const created = await fetch(`${url}/v1/sessions`, {
    method: 'POST',
    headers: { origin, 'content-type': 'application/json' },
    body: JSON.stringify({ message, signature }),
  })
  if (created.status !== 201) throw new Error(`sign-in: ${created.status} ${await created.text()}`)
  const [cookie] = created.headers.getSetCookie()
  return cookie!.split(';')[0]!
}

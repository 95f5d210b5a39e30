// Sign In With Farcaster for the auth service (SPEC §2 ConnectingFarcaster; API.md "Farcaster").
//
// /v1/farcaster/uri opens a channel on the relay (farcasterRelay.mjs, mounted under /farcaster of
// this service) through @farcaster/auth-client's app client, for the page's origin: the SIWE
// domain is the page's host and its uri the page's origin, so the Farcaster app shows the visitor
// which site asks. /v1/farcaster/connect waits for the channel to complete, then verifies the
// signed message with verifySignInMessage: the nonce and domain this service chose, the signature,
// and that the signer is the custody address of the fid in the ID registry. Locally that registry
// is a stub on anvil (contracts/IdRegistryStub.sol) at the address auth-client reads, written by
// registerFarcasterUser. Only custody signatures are accepted: auth addresses need the key
// registry, which the local chain does not have.
//
// The channels under way (their nonce and domain) are in the service's database (flows.mjs): a
// restart keeps them, and another instance on it (behind the same public URL) can answer the
// connect. The relay (farcasterRelay.mjs) stands in for Farcaster's own and keeps its channels in
// memory.
//
// The user is keyed by fid; the username is the one the app sent with the signature (as the hosted
// relay does, it is not signed).
//
// signInWithFarcaster plays the Farcaster app for the tests and the demo: it reads the
// farcaster://connect link, builds the SIWF message, signs it with the custody key and
// authenticates the channel on the relay.
import { createAppClient, createWalletClient, viemConnector } from '@farcaster/auth-client'
import { readFileSync } from 'node:fs'
import { encodeAbiParameters, getAddress, keccak256, numberToHex, pad, zeroAddress } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { CHANNEL_TTL_MS, createFarcasterRelay, randomNonce } from './farcasterRelay.mjs'
import { createFlows } from './flows.mjs'
import { registerRoutes } from './routeTable.mjs'

/** Where @farcaster/auth-client's viemConnector reads `idOf` (Farcaster's IdRegistry on Optimism). */
export const ID_REGISTRY_ADDRESS = '0x00000000Fc6c5F01Fc30151999387Bb99A9f489b'
/** How long /v1/farcaster/connect waits for the channel before answering 408. */
export const CONNECT_WAIT_MS = 20_000

const STUB = JSON.parse(readFileSync(new URL('./contracts/artifacts/IdRegistryStub.json', import.meta.url), 'utf8'))
// The stub's storage layout: mapping(address => uint256) idOf at slot 0, mapping(uint256 => address) custodyOf at slot 1.
const ID_OF_SLOT = 0n
const CUSTODY_OF_SLOT = 1n

async function rpc(rpcUrl, method, params) {
  const response = await fetch(rpcUrl, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  })
  const body = await response.json()
  if (body.error) throw new Error(`${method}: ${body.error.message}`)
  return body.result
}

const mappingSlot = (keyType, key, slot) => keccak256(encodeAbiParameters([{ type: keyType }, { type: 'uint256' }], [key, slot]))
const word = (value) => pad(numberToHex(value), { size: 32 })

async function readCustody(rpcUrl, fid) {
  const stored = await rpc(rpcUrl, 'eth_getStorageAt', [ID_REGISTRY_ADDRESS, mappingSlot('uint256', BigInt(fid), CUSTODY_OF_SLOT), 'latest'])
  return getAddress(`0x${stored.slice(-40)}`)
}

/** Places the ID-registry stub on the chain at ID_REGISTRY_ADDRESS unless it is there already. */
export async function installIdRegistry({ rpcUrl }) {
  const code = await rpc(rpcUrl, 'eth_getCode', [ID_REGISTRY_ADDRESS, 'latest'])
  if (code === STUB.deployedBytecode) return
  await rpc(rpcUrl, 'anvil_setCode', [ID_REGISTRY_ADDRESS, STUB.deployedBytecode])
}

/**
 * Makes `custody` the custody address of `fid` in the stub registry (installing it first): the
 * fid's previous custody address, and the fid `custody` held before, are cleared, so the two
 * mappings stay each other's inverse as in the real registry.
 */
export async function registerFarcasterUser({ rpcUrl, fid, custody }) {
  if (!Number.isSafeInteger(fid) || fid <= 0) throw new TypeError(`Invalid fid: ${fid}`)
  const account = getAddress(custody)
  await installIdRegistry({ rpcUrl })
  const set = (slot, value) => rpc(rpcUrl, 'anvil_setStorageAt', [ID_REGISTRY_ADDRESS, slot, word(value)])
  const previousCustody = await readCustody(rpcUrl, fid)
  if (previousCustody !== zeroAddress) await set(mappingSlot('address', previousCustody, ID_OF_SLOT), 0n)
  const previousFid = BigInt(await rpc(rpcUrl, 'eth_getStorageAt', [ID_REGISTRY_ADDRESS, mappingSlot('address', account, ID_OF_SLOT), 'latest']))
  if (previousFid !== 0n) await set(mappingSlot('uint256', previousFid, CUSTODY_OF_SLOT), 0n)
  await set(mappingSlot('address', account, ID_OF_SLOT), BigInt(fid))
  await set(mappingSlot('uint256', BigInt(fid), CUSTODY_OF_SLOT), BigInt(account))
}

// The wallet side never reads the chain; a connector that says so instead of viemConnector's
// public Optimism endpoint (and its console warning).
const NO_CHAIN = {
  getFid: () => Promise.reject(new Error('The test signer does not read the chain')),
  isValidAuthAddress: () => Promise.reject(new Error('The test signer does not read the chain')),
  publicClient: undefined,
}

/**
 * Plays the Farcaster app: reads the `farcaster://connect?…` link `url`, builds the Sign In With
 * Farcaster message for `fid`, signs it with `privateKey` (the custody key) and authenticates the
 * channel on the relay at `relayUrl` (`<auth service>/farcaster`).
 */
export async function signInWithFarcaster({ relayUrl, url, fid, username, privateKey, authKey }) {
  const link = new URL(url)
  if (`${link.protocol}//${link.host}` !== 'farcaster://connect') throw new Error(`Not a farcaster://connect link: ${url}`)
  const param = (name) => link.searchParams.get(name) ?? undefined
  const date = (name) => (param(name) === undefined ? undefined : new Date(param(name)))
  const channelToken = param('channelToken')
  const nonce = param('nonce')
  const domain = param('domain')
  const uri = param('siweUri')
  if (!channelToken || !nonce || !domain || !uri) throw new Error(`The link lacks channelToken, nonce, domain or siweUri: ${url}`)
  const account = privateKeyToAccount(privateKey)
  const wallet = createWalletClient({ relay: relayUrl, ethereum: NO_CHAIN })
  const built = wallet.buildSignInMessage({
    fid,
    address: account.address,
    domain,
    uri,
    nonce,
    notBefore: date('notBefore'),
    expirationTime: date('expirationTime'),
    requestId: param('requestId'),
  })
  if (built.isError) throw built.error ?? new Error('Could not build the sign-in message')
  const signature = await account.signMessage({ message: built.message })
  const answer = await wallet.authenticate({
    channelToken,
    authKey: authKey ?? '',
    message: built.message,
    signature,
    fid,
    authMethod: 'custody',
    ...(username === undefined ? {} : { username }),
  })
  if (answer.isError) throw answer.error ?? new Error('The relay refused the sign-in')
  if (answer.response.status !== 201) throw new Error(`The relay answered ${answer.response.status}: ${JSON.stringify(answer.data)}`)
  return { channelToken, message: built.message, signature }
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

/**
 * The /v1/farcaster/* routes and the relay under /farcaster/*. Options: `rpcUrl` (the chain with
 * the ID registry; required: Optimism's in production), `relayUrl` (a Farcaster relay to use, such
 * as Farcaster's own, https://relay.farcaster.xyz: the local one is then not mounted),
 * `relayAuthKey` (asked of the Farcaster app when set),
 * `connectWaitMs` (default 20 s), `pollIntervalMs` (default 250 ms), `channelTtlMs` (5 min).
 */
export function farcasterRoutes(
  ctx,
  { rpcUrl, relayUrl, relayAuthKey, connectWaitMs = CONNECT_WAIT_MS, pollIntervalMs = 250, channelTtlMs = CHANNEL_TTL_MS } = {},
) {
  if (!rpcUrl) throw new TypeError('farcasterRoutes needs the rpcUrl of the chain with the ID registry')
  const relay =
    relayUrl === undefined
      ? createFarcasterRelay(ctx, { authKey: relayAuthKey, ttlMs: channelTtlMs, getCustody: (fid) => readCustody(rpcUrl, fid) })
      : undefined
  // channelToken → { projectId, nonce, domain, expiresAt }: what connect checks the message against.
  const flows = createFlows({ db: ctx.db, now: ctx.now })
  let appClient
  // Set by close(): a connect still waiting answers 408 at its next poll instead of polling a stopped service.
  let stopped = false
  // ctx.baseUrl is only sure once the server listens: the client is made on first use.
  const app = () => (appClient ??= createAppClient({ relay: relayUrl ?? `${ctx.baseUrl}/farcaster`, ethereum: viemConnector({ rpcUrl }) }))

  async function uri(req, res) {
    const caller = await ctx.caller(req, res)
    if (!caller) return
    const page = new URL(caller.origin)
    const nonce = randomNonce()
    const created = await app().createChannel({
      siweUri: page.origin,
      domain: page.host,
      nonce,
      expirationTime: new Date(Date.now() + channelTtlMs).toISOString(),
    })
    if (created.isError || created.response.status !== 201) return ctx.sendError(res, 502, 'Could not open a Farcaster channel')
    const { channelToken, url } = created.data
    await flows.putFarcasterChannel({ channelToken, projectId: caller.projectId, nonce, domain: page.host, expiresAt: ctx.now() + channelTtlMs })
    ctx.sendJson(res, 200, { url, channelToken })
  }

  /** The completed channel, 'pending' when the wait ran out, or 'gone' when the relay has no such channel. */
  async function waitForChannel(channelToken, aborted) {
    const deadline = Date.now() + connectWaitMs
    for (;;) {
      const answer = await app().status({ channelToken })
      if (answer.isError) throw answer.error ?? new Error('The relay did not answer')
      if (answer.response.status === 200) return answer.data
      if (answer.response.status !== 202) return 'gone'
      if (aborted() || stopped || Date.now() + pollIntervalMs > deadline) return 'pending'
      await sleep(pollIntervalMs)
    }
  }

  async function connect(req, res) {
    const caller = await ctx.caller(req, res)
    if (!caller) return
    const body = await ctx.readJson(req)
    const channelToken = typeof body === 'object' && body !== null ? body.channelToken : undefined
    if (typeof channelToken !== 'string') return ctx.sendError(res, 400, 'channelToken is required')
    if (!(await flows.farcasterChannel(channelToken, caller.projectId))) return ctx.sendError(res, 400, 'Unknown or expired Farcaster channel')
    let closed = false
    res.raw.once('close', () => (closed = true))
    const channel = await waitForChannel(channelToken, () => closed)
    if (channel === 'pending') return ctx.sendError(res, 408, 'Farcaster sign-in not completed yet')
    // Taken once: of two connects for one channel (on two instances, say), one verifies.
    const entry = await flows.takeFarcasterChannel(channelToken, caller.projectId)
    if (!entry || channel === 'gone') return ctx.sendError(res, 400, 'Unknown or expired Farcaster channel')
    const verified = await app().verifySignInMessage({
      nonce: entry.nonce,
      domain: entry.domain,
      message: channel.message,
      signature: channel.signature,
      acceptAuthAddress: false,
    })
    if (verified.isError) {
      const code = verified.error?.errCode ?? 'unknown'
      // A message or signature that does not hold is the signer's fault (401); a chain that does not answer is ours.
      if (code === 'unauthorized' || code.startsWith('bad_request')) return ctx.sendError(res, 401, `Invalid Farcaster sign-in: ${verified.error?.message}`)
      return ctx.sendError(res, 502, `Could not verify the Farcaster sign-in: ${verified.error?.message}`)
    }
    // The relay's fid and username travel beside the signature: the fid must be the signed one.
    if (verified.fid !== channel.fid) return ctx.sendError(res, 401, 'Invalid Farcaster sign-in: the fid is not the signed one')
    const user = await ctx.users.findOrCreateSocial({ provider: 'farcaster', subject: String(verified.fid), userName: channel.username ?? null, email: null })
    ctx.sendJson(res, 200, { token: await ctx.sessions.issue(user), user })
  }

  /** @type {import('./context.d.mts').AuthRouteModule} */
  function farcaster(app) {
    relay?.register(app)
    registerRoutes(app, ctx, { 'POST /v1/farcaster/uri': uri, 'POST /v1/farcaster/connect': connect })
  }
  return Object.assign(farcaster, { close: () => void (stopped = true) })
}

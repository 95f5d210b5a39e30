/**
 * The frame's handlers against the real auth service (services/auth) and its SMTP sink, through
 * the gate as the page would reach them (SPEC §4 email connect actions and email update, §7 every
 * app event's reply, §8 the server's messages passed through). The store is in memory: the same
 * store is one browser, a new one another device.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { createPublicClient, http, isAddressEqual, parseEther, verifyMessage, type Address } from 'viem'
import { deployAccountAbstraction } from '../../bundler/deploy.mjs'
import { startBundler } from '../../bundler/server.mjs'
import { startAnvil, type Anvil } from '../../chain/anvil.mjs'
import { farcasterRoutes, registerFarcasterUser, signInWithFarcaster } from '../../auth/farcaster.mjs'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { startAuthService, type AuthService } from '../../auth/server.mjs'
import { startSmtpSink, type SmtpSink } from '../../auth/smtpSink.mjs'
import { socialRoutes } from '../../auth/social.mjs'
import { FRAME_CHANNEL, type AppEventPayload, type AppEventType, type AppReply, type FrameUser } from '../../../src/connectors/embedded/protocol'
import { createAuthClient } from './authClient'
import type { FrameConfig } from './config'
import { NOT_SIGNED_IN } from './core'
import { createFrame } from './frame'
import { createMessageGate, type OutgoingMessage } from './gate'
import { loadSession } from './session'
import { memoryStore, type KeyValueStore } from './store'
import { createApprovalQueue, type ApprovalQueue, type ApprovalRequest } from './approval/queue'

const PAGE = 'https://shop.example'
const SOLANA_DEVNET = 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1'

let smtp: SmtpSink
let auth: AuthService
/** The chain of the Farcaster ID registry and of the smart accounts. */
let anvil: Anvil
/** The auth service's clock runs this far ahead of ours (each email login moves it past the 30 s cool-down). */
let skewMs = 0

beforeAll(async () => {
  ;[smtp, anvil] = await Promise.all([startSmtpSink(), startAnvil()])
  auth = await startAuthService({
    smtp: { host: smtp.host, port: smtp.port },
    projects: { p1: { allowedOrigins: [PAGE], smartAccountEnabledNetworks: [1, 31337] } },
    frameOrigins: ['http://127.0.0.1:1'],
    now: () => Date.now() + skewMs,
    // Farcaster's connect answers 408 after 1 s here, so the frame's repeat is exercised.
    routes: [(ctx) => socialRoutes(ctx), (ctx) => farcasterRoutes(ctx, { rpcUrl: anvil.url, connectWaitMs: 1_000, pollIntervalMs: 50 })],
    log: () => {},
  })
})

afterAll(async () => {
  await auth?.stop()
  await smtp?.stop()
  await anvil?.stop()
})

type Reply<K extends AppEventType> = { ok: true; payload: AppReply<K> } | { ok: false; payload: { message: string; code?: number } }

interface Device {
  readonly store: KeyValueStore
  ask<K extends AppEventType>(type: K, payload: AppEventPayload<K>): Promise<Reply<K>>
  reloads: number
  /**
   * The frame's approval queue (the real one, ./approval/queue.ts), standing in for its view: with
   * `autoApprove` on (the default) every unsafe request is approved as it arrives, as a visitor's
   * click would; off, a test decides itself.
   */
  approvals: ApprovalQueue
  autoApprove: boolean
  /** The unsafe requests that asked for approval, in order. */
  asked: ApprovalRequest[]
}

/** Never called: no chain is needed for the user, the EOA or a signature. */
const UNUSED_CHAINS: FrameConfig['chains'] = [
  { chainId: 1, rpcUrl: 'http://127.0.0.1:9/', bundlerUrl: 'http://127.0.0.1:9/bundler' },
  { chainId: 10, rpcUrl: 'http://127.0.0.1:9/' },
]

/** A frame on a page of PAGE, as one browser (its store) runs it. */
async function openFrame(store: KeyValueStore = memoryStore(), chains: FrameConfig['chains'] = UNUSED_CHAINS): Promise<Device> {
  const config: FrameConfig = { authUrl: auth.url, chains, solana: { rpcUrl: 'http://127.0.0.1:9/' } }
  const project = await createAuthClient({ authUrl: auth.url, projectId: 'p1', origin: PAGE, fetch }).project()
  const waiting = new Map<string, (message: OutgoingMessage) => void>()
  const parent = {}
  const approvals: ApprovalQueue = createApprovalQueue({
    onChange: () => {
      const current = approvals.current()
      if (current && device.autoApprove) queueMicrotask(() => approvals.decide(current.request.id, true))
    },
  })
  const device: Device = {
    store,
    reloads: 0,
    approvals,
    autoApprove: true,
    asked: [],
    ask: (type, payload) =>
      new Promise((resolve) => {
        const id = crypto.randomUUID()
        waiting.set(id, (message) => resolve({ ok: message.type === 'SUCCESS', payload: message.payload } as never))
        gate({ source: parent, origin: PAGE, data: { channel: FRAME_CHANNEL, id, type, payload } })
      }),
  }
  const frame = createFrame({
    query: { projectId: 'p1', chainId: chains[0]!.chainId, version: 'test', enableLogger: false },
    config,
    project,
    parentOrigin: PAGE,
    store,
    fetch,
    approver: {
      ask: (request) => {
        device.asked.push(request)
        return approvals.ask(request)
      },
      cancel: (id) => approvals.cancel(id),
    },
    reload: () => (device.reloads += 1),
  })
  const gate = createMessageGate({ parent, parentOrigin: PAGE, post: (message) => waiting.get(message.id)?.(message), handle: frame.handle })
  return device
}

const ok = <K extends AppEventType>(reply: Reply<K>): AppReply<K> => {
  if (!reply.ok) throw new Error(`expected SUCCESS, got ERROR ${JSON.stringify(reply.payload)}`)
  return reply.payload
}

/** The code of the first mail to `to` since `since` (the sink's clock, ours: not the service's). */
async function codeFor(to: string, since: number): Promise<string> {
  const mail = await smtp.waitForMail({ to, since })
  const code = /^\d{6}$/m.exec(mail.text)?.[0]
  if (!code) throw new Error(`no code in ${mail.text}`)
  return code
}

/** An email login on `device`, through the code (and the device link when the service asks for it). */
async function emailLogin(device: Device, email: string): Promise<void> {
  skewMs += 31_000
  let since = Date.now()
  const { action } = ok(await device.ask('CONNECT_EMAIL', { email: email as never }))
  if (action === 'VERIFY_DEVICE') {
    const mail = await smtp.waitForMail({ to: email, since })
    const link = /https?:\/\/\S+/.exec(mail.text)?.[0]
    since = Date.now()
    const approved = device.ask('CONNECT_DEVICE', {})
    expect((await fetch(link!)).status).toBe(200)
    ok(await approved)
  }
  ok(await device.ask('CONNECT_OTP', { otp: (await codeFor(email, since)) as never }))
}

const user = async (device: Device, chainId: number | string = 1, preferredAccountType: 'eoa' | 'smartAccount' = 'eoa'): Promise<FrameUser> =>
  ok(await device.ask('GET_USER', { chainId, preferredAccountType }))

describe('email login (SPEC §4)', () => {
  it('signs a new user in with a code and gives a wallet whose keys only the frame holds', async () => {
    const device = await openFrame()
    expect(ok(await device.ask('IS_CONNECTED', {}))).toEqual({ isConnected: false })
    expect(await device.ask('GET_USER', { chainId: 1, preferredAccountType: 'eoa' })).toEqual({ ok: false, payload: { message: NOT_SIGNED_IN, code: 4100 } })

    await emailLogin(device, 'alice@example.com')
    expect(ok(await device.ask('IS_CONNECTED', {}))).toEqual({ isConnected: true })
    const evm = await user(device)
    const token = (await loadSession(device.store))!.token
    const wallet = (await (
      await fetch(`${auth.url}/v1/wallet`, { headers: { authorization: `Bearer ${token}`, 'x-airlock-project': 'p1', 'x-airlock-origin': PAGE } })
    ).json()) as {
      addresses: { eip155: string; solana: string }
      backup: string
    }
    expect(evm).toMatchObject({
      email: 'alice@example.com',
      userName: null,
      provider: 'email',
      chainId: 1,
      preferredAccountType: 'eoa',
      smartAccountDeployed: false,
    })
    expect(evm.address).toBe(wallet.addresses.eip155)
    expect(evm.accounts).toEqual([{ address: evm.address, type: 'eoa' }])
    const solana = await user(device, SOLANA_DEVNET)
    expect(solana).toMatchObject({ address: wallet.addresses.solana, chainId: SOLANA_DEVNET, accounts: [{ address: wallet.addresses.solana, type: 'eoa' }] })
    expect(wallet.backup).toMatch(/^v1\./)
  })

  it('passes the service’s words for a wrong code and for a second code too soon', async () => {
    const device = await openFrame()
    skewMs += 31_000
    ok(await device.ask('CONNECT_EMAIL', { email: 'bob@example.com' as never }))
    expect(await device.ask('CONNECT_OTP', { otp: '000000' as never })).toEqual({ ok: false, payload: { message: 'Invalid code' } })
    expect(await device.ask('CONNECT_EMAIL', { email: 'bob@example.com' as never })).toEqual({
      ok: false,
      payload: { message: expect.stringMatching(/^Please try again after \d+ seconds$/) },
    })
  })

  it('keeps the keys over a sign-out, and a second device approved by link gets the same wallet from the backup', async () => {
    const laptop = await openFrame()
    await emailLogin(laptop, 'carol@example.com')
    const { address } = await user(laptop)
    const token = (await loadSession(laptop.store))!.token

    ok(await laptop.ask('SIGN_OUT', {}))
    expect(ok(await laptop.ask('IS_CONNECTED', {}))).toEqual({ isConnected: false })
    const revoked = await fetch(`${auth.url}/v1/session`, {
      headers: { authorization: `Bearer ${token}`, 'x-airlock-project': 'p1', 'x-airlock-origin': PAGE },
    })
    expect(revoked.status).toBe(401)
    expect(await laptop.store.get('wallet:' + (await laptopUserId(laptop.store, token)))).toBeDefined()

    await emailLogin(laptop, 'carol@example.com')
    expect((await user(laptop)).address).toBe(address)

    const phone = await openFrame()
    await emailLogin(phone, 'carol@example.com')
    const onPhone = await user(phone)
    expect(onPhone.address).toBe(address)
    expect((await user(phone, SOLANA_DEVNET)).address).toBe((await user(laptop, SOLANA_DEVNET)).address)
  })

  it('changes the email with a code to the old address, then one to the new (SPEC §4 email update)', async () => {
    const device = await openFrame()
    await emailLogin(device, 'dave@example.com')
    skewMs += 31_000
    let since = Date.now()
    expect(ok(await device.ask('UPDATE_EMAIL', { email: 'dave@new.example' as never }))).toEqual({ action: 'VERIFY_PRIMARY_OTP' })
    const primary = await codeFor('dave@example.com', since)
    since = Date.now()
    expect(ok(await device.ask('UPDATE_EMAIL_PRIMARY_OTP', { otp: primary as never }))).toEqual({ action: 'VERIFY_SECONDARY_OTP' })
    const secondary = await codeFor('dave@new.example', since)
    expect(ok(await device.ask('UPDATE_EMAIL_SECONDARY_OTP', { otp: secondary as never }))).toEqual({ newEmail: 'dave@new.example' })
    expect(ok(await device.ask('IS_CONNECTED', {}))).toEqual({ isConnected: true })
    expect((await user(device)).email).toBe('dave@new.example')
  })
})

/** The user id a token names (its `sub`), to find the sealed record. */
async function laptopUserId(_store: KeyValueStore, token: string): Promise<string> {
  const [, payload] = token.split('.')
  return (JSON.parse(Buffer.from(payload!, 'base64url').toString()) as { sub: string }).sub
}

describe('the session (SPEC §8)', () => {
  it('answers the service’s 401 message as it is: a token not yet valid is kept, an expired one forgotten', async () => {
    const device = await openFrame()
    await emailLogin(device, 'erin@example.com')
    const issuedAt = skewMs
    skewMs = issuedAt - 3_600_000
    expect(await device.ask('IS_CONNECTED', {})).toEqual({ ok: false, payload: { message: 'JWT validation error: JWT Token is not yet valid' } })
    skewMs = issuedAt
    expect(ok(await device.ask('IS_CONNECTED', {}))).toEqual({ isConnected: true })
    skewMs = issuedAt + 8 * 24 * 3_600_000
    expect(await device.ask('IS_CONNECTED', {})).toEqual({ ok: false, payload: { message: 'Session expired' } })
    expect(ok(await device.ask('IS_CONNECTED', {}))).toEqual({ isConnected: false })
  })
})

describe('chains and account types', () => {
  it('switches among the chains it serves and refuses others with 4902', async () => {
    const device = await openFrame()
    expect(ok(await device.ask('GET_CHAIN_ID', {}))).toEqual({ chainId: 1 })
    expect(ok(await device.ask('SWITCH_NETWORK', { chainId: 'eip155:10' }))).toEqual({ chainId: 10 })
    expect(ok(await device.ask('GET_CHAIN_ID', {}))).toEqual({ chainId: 10 })
    expect(await device.ask('SWITCH_NETWORK', { chainId: 999 })).toEqual({
      ok: false,
      payload: { message: 'Chain 999 is not served by this wallet', code: 4902 },
    })
    expect(ok(await device.ask('SWITCH_NETWORK', { chainId: SOLANA_DEVNET }))).toEqual({ chainId: SOLANA_DEVNET })
    expect(ok(await device.ask('GET_CHAIN_ID', {}))).toEqual({ chainId: SOLANA_DEVNET })
  })

  it('enables smart accounts where the project does and a bundler exists; elsewhere the EOA stays', async () => {
    const device = await openFrame()
    // The project enables 1 and 31337; only 1 is served with a bundler.
    expect(ok(await device.ask('GET_SMART_ACCOUNT_ENABLED_NETWORKS', {}))).toEqual({ smartAccountEnabledNetworks: [1] })
    await emailLogin(device, 'frank@example.com')
    ok(await device.ask('SWITCH_NETWORK', { chainId: 10 }))
    const eoa = (await user(device, 10)).address
    expect(ok(await device.ask('SET_PREFERRED_ACCOUNT', { type: 'smartAccount' }))).toEqual({ type: 'eoa', address: eoa })
    expect(await user(device, 10, 'smartAccount')).toMatchObject({ address: eoa, preferredAccountType: 'eoa', accounts: [{ address: eoa, type: 'eoa' }] })
    expect(await device.ask('INIT_SMART_ACCOUNT', {})).toEqual({ ok: false, payload: { message: 'Smart accounts are not enabled on chain 10' } })
  })
})

describe('smart accounts (ERC-4337 v0.7 on anvil, through the local bundler)', () => {
  it('are the address where preferred and enabled, counterfactual until the first user operation deploys them', async () => {
    await deployAccountAbstraction(anvil.url)
    const bundler = await startBundler({ rpcUrl: anvil.url, log: () => {} })
    try {
      const device = await openFrame(memoryStore(), [{ chainId: 31337, rpcUrl: anvil.url, bundlerUrl: bundler.url }])
      await emailLogin(device, 'heidi@example.com')
      const eoa = (await user(device, 31337, 'eoa')).address
      const preferred = await user(device, 31337, 'smartAccount')
      const smartAccount = preferred.address as Address
      expect(isAddressEqual(smartAccount, eoa as Address)).toBe(false)
      expect(preferred).toMatchObject({
        preferredAccountType: 'smartAccount',
        smartAccountDeployed: false,
        accounts: [
          { address: eoa, type: 'eoa' },
          { address: smartAccount, type: 'smartAccount' },
        ],
      })
      expect(ok(await device.ask('INIT_SMART_ACCOUNT', {}))).toEqual({ address: smartAccount, isDeployed: false })
      expect(ok(await device.ask('SET_PREFERRED_ACCOUNT', { type: 'eoa' }))).toEqual({ type: 'eoa', address: eoa })
      expect(ok(await device.ask('SET_PREFERRED_ACCOUNT', { type: 'smartAccount' }))).toEqual({ type: 'smartAccount', address: smartAccount })

      // The account pays for its own first operation, which deploys it.
      await anvil.rpc('anvil_setBalance', [smartAccount, `0x${parseEther('1').toString(16)}`])
      const to = '0x000000000000000000000000000000000000dEaD'
      ok(
        await device.ask('RPC_REQUEST', {
          method: 'wallet_sendCalls',
          params: [{ version: '2.0.0', chainId: '0x7a69', from: smartAccount, atomicRequired: true, calls: [{ to, value: '0x1' }] }],
        }),
      )
      const client = createPublicClient({ transport: http(anvil.url) })
      const deadline = Date.now() + 10_000
      while ((await client.getBalance({ address: to })) === 0n && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 50))
      expect(ok(await device.ask('INIT_SMART_ACCOUNT', {}))).toEqual({ address: smartAccount, isDeployed: true })
      expect((await user(device, 31337, 'smartAccount')).smartAccountDeployed).toBe(true)
    } finally {
      await bundler.stop()
    }
  })
})

describe('RPC requests', () => {
  it('need a session (4100), then sign with the frame’s key', async () => {
    const device = await openFrame()
    const message = '0x68656c6c6f'
    expect(await device.ask('RPC_REQUEST', { method: 'personal_sign', params: [message, '0x0000000000000000000000000000000000000001'] })).toMatchObject({
      ok: false,
      payload: { code: 4100 },
    })
    await emailLogin(device, 'grace@example.com')
    const { address } = await user(device)
    const { result } = ok(await device.ask('RPC_REQUEST', { method: 'personal_sign', params: [message, address], chainId: 1 }))
    expect(await verifyMessage({ address: address as `0x${string}`, message: { raw: message }, signature: result as `0x${string}` })).toBe(true)
    expect(await device.ask('RPC_REQUEST', { method: 'debug_setHead', params: ['0x0'] })).toMatchObject({
      ok: false,
      payload: { message: 'Requested RPC call is not allowed', code: 4200 },
    })
  })

  it('sign only once the frame’s own approval says so, for that request; the page can cancel, never approve (DESIGN: the secure frame decides)', async () => {
    const device = await openFrame()
    await emailLogin(device, 'mary@example.com')
    const { address } = await user(device)
    device.autoApprove = false
    const message = '0x6869'
    // Waiting: nothing answers until the queue decides.
    const first = device.ask('RPC_REQUEST', { method: 'personal_sign', params: [message, address] })
    const second = device.ask('RPC_REQUEST', { method: 'eth_signTypedData_v4', params: [address, '{}'] })
    await vi.waitFor(() => expect(device.approvals.current()?.behind).toBe(1))
    expect(device.asked.map((request) => request.method)).toEqual(['personal_sign', 'eth_signTypedData_v4'])
    expect(device.asked[0]).toMatchObject({ params: [message, address], chainId: 1 })
    // The page cancels one by its id: 4001, nothing signed.
    ok(await device.ask('CANCEL_APPROVAL', { requestId: device.asked[1]!.id as never }))
    expect(await second).toMatchObject({ ok: false, payload: { code: 4001, message: 'Request was aborted' } })
    // The visitor rejects: 4001.
    device.approvals.decide(device.asked[0]!.id, false)
    expect(await first).toMatchObject({ ok: false, payload: { code: 4001 } })
    // Approved: signed, once.
    const third = device.ask('RPC_REQUEST', { method: 'personal_sign', params: [message, address] })
    await vi.waitFor(() => expect(device.approvals.current()).not.toBeNull())
    const id = device.approvals.current()!.request.id
    expect(device.approvals.decide(id, true)).toBe(true)
    expect(device.approvals.decide(id, true)).toBe(false)
    const { result } = ok(await third)
    expect(await verifyMessage({ address: address as `0x${string}`, message: { raw: message }, signature: result as `0x${string}` })).toBe(true)
    // Safe methods never ask.
    const before = device.asked.length
    ok(await device.ask('RPC_REQUEST', { method: 'eth_chainId' }))
    expect(device.asked.length).toBe(before)
  })

  it('switching to a chain the visitor has not used here asks in the frame first; one signed in on, or approved, asks no more (issue 23)', async () => {
    const device = await openFrame()
    await emailLogin(device, 'switch@example.com')
    device.autoApprove = false
    // Chain 10, never used: the frame asks; rejected, the chain stays.
    const refused = device.ask('SWITCH_NETWORK', { chainId: 10 })
    await vi.waitFor(() => expect(device.approvals.current()).not.toBeNull())
    expect(device.approvals.current()!.request).toMatchObject({ method: 'wallet_switchEthereumChain', params: [{ chainId: '0xa' }], chainId: 10 })
    device.approvals.decide(device.approvals.current()!.request.id, false)
    expect(await refused).toMatchObject({ ok: false, payload: { code: 4001 } })
    expect(ok(await device.ask('GET_CHAIN_ID', {}))).toEqual({ chainId: 1 })
    // Approved once: switched, and back and forth between used chains asks nothing.
    device.autoApprove = true
    expect(ok(await device.ask('SWITCH_NETWORK', { chainId: 10 }))).toEqual({ chainId: 10 })
    const asked = device.asked.length
    device.autoApprove = false
    expect(ok(await device.ask('SWITCH_NETWORK', { chainId: 1 }))).toEqual({ chainId: 1 })
    expect(ok(await device.ask('SWITCH_NETWORK', { chainId: 10 }))).toEqual({ chainId: 10 })
    expect(ok(await device.ask('RPC_REQUEST', { method: 'wallet_switchEthereumChain', params: [{ chainId: '0x1' }] }))).toEqual({ result: null })
    expect(device.asked.length).toBe(asked)
    // Kept in the frame's store: the next frame on this device (a reload) asks no more either.
    const again = await openFrame(device.store)
    ok(await again.ask('IS_CONNECTED', {}))
    again.autoApprove = false
    expect(ok(await again.ask('SWITCH_NETWORK', { chainId: 10 }))).toEqual({ chainId: 10 })
    expect(again.asked).toEqual([])
  })

  it('time out with 4001 when no one approves (SPEC §9 "4 min")', async () => {
    {
      const timers: (() => void)[] = []
      const queue = createApprovalQueue({ onChange: () => {}, setTimer: (run) => timers.push(run), clearTimer: () => {} })
      const waiting = queue.ask({ id: 'a', method: 'personal_sign', params: [], chainId: 1 })
      expect(queue.current()?.request.id).toBe('a')
      timers[0]!()
      await expect(waiting).rejects.toMatchObject({ code: 4001, message: 'The request was not approved in time' })
      expect(queue.current()).toBeNull()
    }
  })
})

describe('socials', () => {
  it('asks for a login that comes back to the page itself, and exchanges only the auth service’s results', async () => {
    const device = await openFrame()
    const { uri } = ok(await device.ask('GET_SOCIAL_REDIRECT_URI', { provider: 'google', returnTo: `${PAGE}/shop?x=1` }))
    expect(new URL(uri).origin).toBe(auth.url)
    expect(new URL(uri).searchParams.get('code_challenge_method')).toBe('S256')
    expect(await device.ask('GET_SOCIAL_REDIRECT_URI', { provider: 'google', returnTo: 'https://evil.example/' })).toEqual({
      ok: false,
      payload: { message: "returnTo must be a URL of the page's own origin" },
    })
    expect(await device.ask('CONNECT_SOCIAL', { uri: 'https://evil.example/v1/social/result?id=1', preferredAccountType: 'eoa', chainId: 1 })).toEqual({
      ok: false,
      payload: { message: 'The social login result is not from the auth service' },
    })
  })
})

describe('Farcaster', () => {
  it('connects once the visitor signs in the Farcaster app, asking again while the channel is pending', async () => {
    const device = await openFrame()
    expect(await device.ask('CONNECT_FARCASTER', {})).toEqual({ ok: false, payload: { message: 'Ask for a Farcaster URI with GET_FARCASTER_URI first' } })
    const { url } = ok(await device.ask('GET_FARCASTER_URI', {}))
    expect(url).toMatch(/^farcaster:\/\/connect\?/)
    const custody = generatePrivateKey()
    await registerFarcasterUser({ rpcUrl: anvil.url, fid: 4242, custody: privateKeyToAccount(custody).address })
    const connected = device.ask('CONNECT_FARCASTER', {})
    // Past the service's first 408.
    await new Promise((resolve) => setTimeout(resolve, 1_300))
    await signInWithFarcaster({ relayUrl: `${auth.url}/farcaster`, url, fid: 4242, username: 'ivan', privateKey: custody })
    expect(ok(await connected)).toEqual({ userName: 'ivan' })
    expect(await user(device)).toMatchObject({ provider: 'farcaster', userName: 'ivan', email: null })
  })
})

describe('the page’s own data', () => {
  it('keeps the theme and metadata and reloads after answering RELOAD', async () => {
    const device = await openFrame()
    ok(await device.ask('SYNC_THEME', { themeMode: 'dark' }))
    ok(await device.ask('SYNC_DAPP_DATA', { metadata: { name: 'Shop' }, sdkVersion: '0.1.0', sdkType: 'airlock', projectId: 'p1' }))
    ok(await device.ask('RELOAD', {}))
    expect(device.reloads).toBe(0)
    await new Promise((resolve) => setTimeout(resolve, 80))
    expect(device.reloads).toBe(1)
  })
})

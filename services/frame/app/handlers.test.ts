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
import { FRAME_CHANNEL, WALLET_RECOVERY_NEEDED, type AppEventPayload, type AppEventType, type AppReply, type FrameUser } from '../../../src/embedded/protocol'
import { createAuthClient } from './authClient'
import type { FrameConfig } from './config'
import { NOT_SIGNED_IN } from './core'
import { FrameRequestError } from './errors'
import { createFrame } from './frame'
import { createMessageGate, type OutgoingMessage } from './gate'
import { createKeyStore } from './keyStore'
import {
  combineShares,
  decodeRecoveryCode,
  decodeServiceShare,
  encodeRecoveryCode,
  INVALID_RECOVERY_CODE,
  splitBackupKey,
  WRONG_RECOVERY_CODE,
} from './recovery/shares'
import { loadSession } from './session'
import { memoryStore, type KeyValueStore } from './store'
import { decryptBackup, generateBackupKey } from './walletKeys'
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
  /**
   * The frame's recovery view, stood in for: the codes it showed (SHOW_RECOVERY_CODE, closed at
   * once), and the codes the visitor will type when it asks (RECOVER_WALLET), in order, with what
   * each attempt answered; when they run out the visitor closes it (4001).
   */
  shownCodes: string[]
  typedCodes: string[]
  attempts: { code: string; error: string | null }[]
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
    shownCodes: [],
    typedCodes: [],
    attempts: [],
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
    recovery: {
      showCode: async (_id, code) => {
        device.shownCodes.push(code)
      },
      askCode: async (_id, attempt) => {
        for (const code of device.typedCodes.splice(0)) {
          try {
            await attempt(code)
            device.attempts.push({ code, error: null })
            return
          } catch (error) {
            device.attempts.push({ code, error: (error as Error).message })
          }
        }
        throw new FrameRequestError('The visitor closed the recovery', 4001)
      },
      cancel: () => {},
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
  ok(await emailSignIn(device, email))
}

/** The same, answering CONNECT_OTP's reply (an error when the wallet needs its recovery code here). */
async function emailSignIn(device: Device, email: string): Promise<Reply<'CONNECT_OTP'>> {
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
  return device.ask('CONNECT_OTP', { otp: (await codeFor(email, since)) as never })
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
      serviceShare: string
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
    expect(wallet.backup).toMatch(/^v2\./)
    expect(wallet).not.toHaveProperty('wrapKey')
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

  it('keeps the keys over a sign-out, and a second device approved by link gets the same wallet from the backup with the recovery code', async () => {
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

    // The phone holds no share: the service's alone opens nothing, so it asks for the visitor's code.
    const phone = await openFrame()
    expect(await emailSignIn(phone, 'carol@example.com')).toEqual({ ok: false, payload: { message: WALLET_RECOVERY_NEEDED } })
    ok(await laptop.ask('SHOW_RECOVERY_CODE', {}))
    phone.typedCodes.push(laptop.shownCodes[0]!)
    ok(await phone.ask('RECOVER_WALLET', {}))
    const onPhone = await user(phone)
    expect(onPhone.address).toBe(address)
    expect((await user(phone, SOLANA_DEVNET)).address).toBe((await user(laptop, SOLANA_DEVNET)).address)
  })

  it('answers CONNECT (connected at once, no device or code step, no mail) for the email this browser holds a session of; a code for any other (SPEC §4)', async () => {
    const device = await openFrame()
    await emailLogin(device, 'gina@example.com')
    const { address } = await user(device)
    const mails = () => smtp.messages().length
    const before = mails()
    skewMs += 31_000
    // Any case of the same address is the same email.
    expect(ok(await device.ask('CONNECT_EMAIL', { email: 'Gina@Example.com' as never }))).toEqual({ action: 'CONNECT' })
    expect((await user(device)).address).toBe(address)
    // A reload of the frame (the same browser's store): the stored session still counts.
    const reloaded = await openFrame(device.store)
    expect(ok(await reloaded.ask('CONNECT_EMAIL', { email: 'gina@example.com' as never }))).toEqual({ action: 'CONNECT' })
    expect((await user(reloaded)).address).toBe(address)
    expect(mails()).toBe(before)
    // Another address: the code flow, as for anyone.
    expect(ok(await reloaded.ask('CONNECT_EMAIL', { email: 'hank@example.com' as never })).action).toMatch(/^VERIFY_(DEVICE|OTP)$/)
    // Signed out: the same address gets a code again.
    ok(await reloaded.ask('SIGN_OUT', {}))
    skewMs += 31_000
    expect(ok(await reloaded.ask('CONNECT_EMAIL', { email: 'gina@example.com' as never })).action).toMatch(/^VERIFY_(DEVICE|OTP)$/)
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

/** The service's record of the signed-in user on `device`: all the service holds of the wallet. */
async function serviceRecord(device: Device): Promise<{ serviceShare: string; backup: string; addresses: { eip155: string; solana: string } }> {
  const token = (await loadSession(device.store))!.token
  const response = await fetch(`${auth.url}/v1/wallet`, { headers: { authorization: `Bearer ${token}`, 'x-airlock-project': 'p1', 'x-airlock-origin': PAGE } })
  return (await response.json()) as never
}

const userIdOf = async (device: Device) => laptopUserId(device.store, (await loadSession(device.store))!.token)

describe('recovery: 2 of 3, none alone (docs/features/embedded-wallet.md "Who holds what")', () => {
  it('the service’s record alone (its share and the backup) decrypts nothing', async () => {
    const laptop = await openFrame()
    await emailLogin(laptop, 'ivan@example.com')
    const record = await serviceRecord(laptop)
    const userId = await userIdOf(laptop)
    expect(Object.keys(record).sort()).toEqual(['addresses', 'backup', 'serviceShare'])
    const serviceShare = decodeServiceShare(record.serviceShare)
    // The share is not the key, nor any 32 bytes of it; with itself it is refused.
    for (const candidate of [serviceShare.slice(0, 32), serviceShare.slice(1), generateBackupKey()]) {
      await expect(decryptBackup(candidate, userId, record.backup)).rejects.toThrow()
    }
    await expect(combineShares(serviceShare, serviceShare)).rejects.toThrow()
    // With a share of any other split (what a forger could make), it gives a key that opens nothing.
    const forged = await splitBackupKey(generateBackupKey())
    for (const share of [forged.device, forged.recovery]) {
      const key = await combineShares(share, serviceShare).catch(() => generateBackupKey())
      await expect(decryptBackup(key, userId, record.backup)).rejects.toThrow()
    }
    // The device's shares are not the service's; the device's and the service's together open it.
    const keyStore = createKeyStore(laptop.store)
    const deviceShare = (await keyStore.loadShare(userId, 'device'))!
    expect(deviceShare).not.toEqual(serviceShare)
    const keys = await decryptBackup(await combineShares(deviceShare, serviceShare), userId, record.backup)
    expect((await user(laptop)).address).toBe(record.addresses.eip155)
    expect(keys).toEqual(await keyStore.load(userId))
  })

  it('A + B: the same device restores the wallet from its device share and the service’s when its sealed keys are gone', async () => {
    const laptop = await openFrame()
    await emailLogin(laptop, 'judy@example.com')
    const { address } = await user(laptop)
    const userId = await userIdOf(laptop)
    ok(await laptop.ask('SIGN_OUT', {}))
    await laptop.store.delete(`wallet:${userId}`)
    await laptop.store.delete(`share:recovery:${userId}`)

    const again = await openFrame(laptop.store)
    await emailLogin(again, 'judy@example.com')
    expect((await user(again)).address).toBe(address)
    expect(await createKeyStore(laptop.store).load(userId)).toBeDefined()

    // With no share left either, the device holds nothing that opens it: the code is needed.
    ok(await again.ask('SIGN_OUT', {}))
    for (const name of [`wallet:${userId}`, `share:device:${userId}`]) await laptop.store.delete(name)
    const bare = await openFrame(laptop.store)
    expect(await emailSignIn(bare, 'judy@example.com')).toEqual({ ok: false, payload: { message: WALLET_RECOVERY_NEEDED } })
    expect(await bare.ask('GET_USER', { chainId: 1, preferredAccountType: 'eoa' })).toMatchObject({ ok: false, payload: { code: 4100 } })
    expect(await bare.ask('IS_CONNECTED', {})).toEqual({ ok: false, payload: { message: WALLET_RECOVERY_NEEDED } })
  })

  it('B + C: a new device gets the same wallet with the visitor’s code and keeps it, and can show the code itself', async () => {
    const laptop = await openFrame()
    await emailLogin(laptop, 'ken@example.com')
    const { address } = await user(laptop)
    const solana = (await user(laptop, SOLANA_DEVNET)).address
    ok(await laptop.ask('SHOW_RECOVERY_CODE', {}))
    const [code] = laptop.shownCodes
    expect(code).toMatch(/^([0-9A-Z]{4}-){13}[0-9A-Z]{4}$/)
    // The code is the recovery share, neither the device's nor the service's.
    const userId = await userIdOf(laptop)
    const share = await decodeRecoveryCode(code!)
    expect(share).toEqual(await createKeyStore(laptop.store).loadShare(userId, 'recovery'))
    expect(share).not.toEqual(decodeServiceShare((await serviceRecord(laptop)).serviceShare))

    const phone = await openFrame()
    expect(await emailSignIn(phone, 'ken@example.com')).toEqual({ ok: false, payload: { message: WALLET_RECOVERY_NEEDED } })
    // Nothing to show before the wallet is open here.
    expect(await phone.ask('SHOW_RECOVERY_CODE', {})).toMatchObject({ ok: false, payload: { code: 4100 } })
    phone.typedCodes.push(code!.toLowerCase())
    ok(await phone.ask('RECOVER_WALLET', {}))
    expect(phone.attempts).toEqual([{ code: code!.toLowerCase(), error: null }])
    expect((await user(phone)).address).toBe(address)
    expect((await user(phone, SOLANA_DEVNET)).address).toBe(solana)
    const message = '0x6f6b'
    const { result } = ok(await phone.ask('RPC_REQUEST', { method: 'personal_sign', params: [message, address] }))
    expect(await verifyMessage({ address: address as Address, message: { raw: message }, signature: result as `0x${string}` })).toBe(true)
    ok(await phone.ask('SHOW_RECOVERY_CODE', {}))
    expect(phone.shownCodes).toEqual([code])

    // Kept sealed on the phone: a reload, and a later sign-in, need no code.
    const reloaded = await openFrame(phone.store)
    expect(ok(await reloaded.ask('IS_CONNECTED', {}))).toEqual({ isConnected: true })
    expect((await user(reloaded)).address).toBe(address)
    ok(await reloaded.ask('SIGN_OUT', {}))
    await emailLogin(reloaded, 'ken@example.com')
    expect((await user(reloaded)).address).toBe(address)
  })

  it('a wrong code fails with a clear error and loses nothing; the right one still works after', async () => {
    const laptop = await openFrame()
    await emailLogin(laptop, 'liz@example.com')
    const { address } = await user(laptop)
    ok(await laptop.ask('SHOW_RECOVERY_CODE', {}))
    const code = laptop.shownCodes[0]!
    const before = await serviceRecord(laptop)
    const other = await openFrame()
    await emailLogin(other, 'mallory@example.com')
    ok(await other.ask('SHOW_RECOVERY_CODE', {}))
    const typo = code.replace(/^./, (c) => (c === 'A' ? 'B' : 'A'))
    // A well-formed share that is not this wallet's.
    const stranger = await encodeRecoveryCode((await splitBackupKey(generateBackupKey())).recovery)

    const phone = await openFrame()
    expect(await emailSignIn(phone, 'liz@example.com')).toMatchObject({ ok: false, payload: { message: WALLET_RECOVERY_NEEDED } })
    phone.typedCodes.push(typo, other.shownCodes[0]!, stranger, 'hello')
    expect(await phone.ask('RECOVER_WALLET', {})).toEqual({ ok: false, payload: { message: 'The visitor closed the recovery', code: 4001 } })
    expect(phone.attempts.map((attempt) => attempt.error)).toEqual([INVALID_RECOVERY_CODE, WRONG_RECOVERY_CODE, WRONG_RECOVERY_CODE, INVALID_RECOVERY_CODE])
    // Nothing lost, nothing kept: the service's record is as it was, the phone holds no keys and no share, the session waits.
    expect(await serviceRecord(laptop)).toEqual(before)
    const userId = await userIdOf(phone)
    expect(await phone.store.get(`wallet:${userId}`)).toBeUndefined()
    expect(await phone.store.get(`share:recovery:${userId}`)).toBeUndefined()
    expect(await phone.ask('GET_USER', { chainId: 1, preferredAccountType: 'eoa' })).toMatchObject({ ok: false, payload: { code: 4100 } })

    phone.attempts = []
    phone.typedCodes.push(typo, code)
    ok(await phone.ask('RECOVER_WALLET', {}))
    expect(phone.attempts.map((attempt) => attempt.error)).toEqual([INVALID_RECOVERY_CODE, null])
    expect((await user(phone)).address).toBe(address)
    expect((await user(laptop)).address).toBe(address)
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

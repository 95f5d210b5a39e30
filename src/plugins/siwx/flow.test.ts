/**
 * The sign-in flow (SPEC §4 "Sign-in flow (SIWX)", §2 close lock, §8 messages) on a kernel with
 * the core modules and the plugin, a fake site config (the `siwx` port) and a wallet connection
 * that signs with a real key (viem), so the message signed is checked by the reference verifier.
 */
import { describe, expect, it } from 'vitest'
import { of } from 'rxjs'
import { privateKeyToAccount } from 'viem/accounts'
import { createKernel } from '../../kernel/kernel'
import { createPluginHost } from '../../kernel/plugin'
import {
  createEvent,
  type RootState,
  AirlockError,
  ErrorCategory,
  type WalletConnection,
  EMBEDDED_WALLET_CONNECTOR_ID as AUTH_CONNECTOR_ID,
  formatSiwxMessage,
  parseSiwxMessage,
  type Features,
} from 'airlock/plugin'
import { coreModules } from '../../core/modules'
import { resolveOptions } from '../../core/options/resolve'
import { ethereum } from '../../core/networks/chains/ethereum'
import { solana } from '../../core/networks/chains/solana'
import type { CaipNetwork } from '../../events/shapes/network'
import { disconnected } from '../../connectors/effects/withoutWallet'
import { backToConnected } from '../../connectors/effects/partialDisconnect'
import type { SiwxPort, SiwxSession } from '../../ports/siwx'
import { memoryNonceStore, verifySiwx } from '../../siwx/verify'
import { testDeps, walletWith } from '../../../tests/support/testDeps'
import { browserFetch } from '../../../tests/support/browserFetch'
import { startSessionsService } from '../../../services/sessions/server.mjs'
import { createSessionsSiwx } from '../../remote/siwx/sessionsClient'
import { createSiwxPort, unavailableSiwx } from '../../ports/siwx'
import { until } from '../../../tests/support/until'
import { siwxPlugin } from './manifest'
import { siwxCommands } from './commands'
import { endsSignIn } from './flow'
import * as siwxStrings from './strings'

const key = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80')
const CHAIN = ethereum.caipNetworkId
const NOW = Date.parse('2026-01-02T12:00:00Z')
const PAGE = { host: 'site.example', origin: 'https://site.example' }

interface Site {
  readonly port: SiwxPort
  readonly sessions: SiwxSession[]
  readonly revoked: string[]
  refuse: boolean
}

/** The site's side, in memory, verifying with the reference verifier as a site's server would. */
function fakeSite(): Site {
  const nonces = memoryNonceStore({ now: () => NOW })
  const site: Site = {
    sessions: [],
    revoked: [],
    refuse: false,
    port: {
      statement: 'Sign in to the site',
      expiresInMs: 3600_000,
      getNonce: async () => nonces.issue(),
      async addSession(session) {
        if (site.refuse) throw new AirlockError('HTTP status code: 401')
        await verifySiwx(session.message, session.signature, { domain: PAGE.host, uri: PAGE.origin, chainIds: [CHAIN], nonces, now: NOW })
        site.sessions.push(session)
      },
      getSessions: async (chainId, address) => site.sessions.filter((s) => s.data.chainId === chainId && s.data.accountAddress === address),
      async revokeSession(chainId, address) {
        site.revoked.push(`${chainId}:${address}`)
        site.sessions.splice(0, site.sessions.length)
      },
    },
  }
  return site
}

function connection(decline: () => boolean): WalletConnection {
  return {
    namespace: 'eip155',
    connectorId: 'w',
    address: key.address,
    caipNetworkId: CHAIN,
    caipAddress: `${CHAIN}:${key.address}`,
    request: () => Promise.reject(new Error('unused')),
    async signMessage(message) {
      if (decline()) throw new AirlockError('User rejected the request.', { code: 4001, category: ErrorCategory.USER_REJECTED })
      return key.signMessage({ message })
    },
  }
}

async function start({
  required = false,
  site = fakeSite(),
  connectorId = 'w',
  siwxPort,
  signIn,
  now = () => NOW,
  page = PAGE,
  networks = [ethereum],
}: {
  required?: boolean
  site?: Site
  connectorId?: string
  siwxPort?: SiwxPort
  signIn?: WalletConnection['signIn']
  now?: () => number
  page?: { host: string; origin: string }
  networks?: CaipNetwork[]
} = {}) {
  let declineNext = false
  let failNext: Error | null = null
  let walletSigned = 0
  const base = connection(() => {
    const d = declineNext
    declineNext = false
    return d
  })
  const wallet = walletWith({
    ...base,
    ...(signIn && { signIn }),
    async signMessage(message) {
      walletSigned++
      if (failNext) {
        const e = failNext
        failNext = null
        throw e
      }
      return base.signMessage(message)
    },
  })
  const deps = testDeps({ wallet, siwx: siwxPort ?? site.port, clock: { now }, window: { location: page } as unknown as Window })
  const kernel = createKernel({ modules: [...coreModules], deps })
  kernel.dispatch(createEvent('OPTIONS_INITIALIZED', { options: resolveOptions({ projectId: 'p', networks, siwx: { required } }).options }))
  kernel.dispatch(createEvent('STORAGE_HYDRATED', { values: {} }))
  const host = createPluginHost(kernel, [siwxPlugin], of({ siwx: true } as Features))
  await host.settled()
  const state = () => kernel.getState() as RootState
  const connect = () => {
    kernel.dispatch(createEvent('NETWORK_SWITCHED', { caipNetworkId: CHAIN }))
    kernel.dispatch(createEvent('CONNECTOR_ACTIVATED', { namespace: 'eip155', connectorId }))
    kernel.dispatch(createEvent('CONNECT_SUCCESS', { method: 'browser', name: 'W', namespace: 'eip155', connectorId, caipAddress: `${CHAIN}:${key.address}` }))
    kernel.dispatch(
      createEvent('ACCOUNT_CONNECTED', {
        namespace: 'eip155',
        address: key.address,
        caipAddress: `${CHAIN}:${key.address}`,
        allAccounts: [{ address: key.address, type: 'eoa' }],
        connectedWalletInfo: { name: 'W' },
      }),
    )
  }
  const view = () => (state().router.open ? state().router.history.at(-1)?.view : null)
  const types = () => kernel.log().map((e) => e.type)
  const sign = () => kernel.dispatch((s) => siwxCommands.sign(s))
  const cancel = () => kernel.dispatch((s) => siwxCommands.cancel(s))
  return {
    kernel,
    site,
    state,
    connect,
    view,
    types,
    sign,
    cancel,
    decline: () => void (declineNext = true),
    fail: (e: Error) => void (failNext = e),
    walletSigned: () => walletSigned,
  }
}

describe('siwx sign-in flow (SPEC §4 Sign-in flow)', () => {
  it('connected without a session: SIWXSignMessage opens; Close is locked when required (SPEC §2)', async () => {
    const t = await start({ required: true })
    t.connect()
    await until(() => t.view() === 'SIWXSignMessage', 2000)
    expect(t.state().router.closeLocks).toMatchObject({ siwx: ['SIWXSignMessage', 'ApproveTransaction'] })
    t.kernel.dispatch(createEvent('MODAL_CLOSE', { connected: true }))
    expect(t.view()).toBe('SIWXSignMessage')
  })

  it('Sign: nonce, EIP-4361 message for the page, the wallet signs, the site verifies and keeps it; signed in, closed, SIWX_AUTH_SUCCESS', async () => {
    const t = await start({ required: true })
    t.connect()
    await until(() => t.view() === 'SIWXSignMessage', 2000)
    t.sign()
    await until(() => t.types().includes('SIWX_AUTH_SUCCESS'), 5000)
    await until(() => !t.state().router.open, 2000)
    expect(t.state().siwx?.hasSession).toBe(true)
    expect(t.site.sessions).toHaveLength(1)
    const { data, message } = t.site.sessions[0]!
    expect(parseSiwxMessage(message)).toMatchObject({
      domain: 'site.example',
      uri: 'https://site.example',
      chainId: CHAIN,
      accountAddress: key.address,
      statement: 'Sign in to the site',
    })
    expect(data.expirationTime).toBe('2026-01-02T13:00:00.000Z')
    expect(t.kernel.log().find((e) => e.type === 'SIWX_AUTH_SUCCESS')?.payload).toEqual({ caipNetworkId: CHAIN, isSmartAccount: false })
    // The lock is released with the session.
    expect(t.state().router.closeLocks).not.toHaveProperty('siwx')
  })

  it('an account with a live session at the site is not asked again (a reload)', async () => {
    const first = await start()
    first.connect()
    await until(() => first.view() === 'SIWXSignMessage', 2000)
    first.sign()
    await until(() => first.state().siwx?.hasSession === true, 5000)
    const again = await start({ site: first.site })
    again.connect()
    await until(() => again.state().siwx?.hasSession === true, 2000)
    expect(again.view()).toBe(null)
    expect(again.types()).not.toContain('MODAL_OPEN')
  })

  it('an expired session at the site does not count: the view opens', async () => {
    const site = fakeSite()
    const t0 = await start({ site })
    t0.connect()
    await until(() => t0.view() === 'SIWXSignMessage', 2000)
    t0.sign()
    await until(() => site.sessions.length === 1, 5000)
    const stale = site.sessions[0]!
    site.sessions[0] = { ...stale, data: { ...stale.data, expirationTime: '2026-01-02T11:00:00Z' } }
    const t = await start({ site })
    t.connect()
    await until(() => t.view() === 'SIWXSignMessage', 2000)
    expect(t.state().siwx?.hasSession).toBe(false)
  })

  it('declined in the wallet: the view stays with "Signature declined", SIWX_AUTH_ERROR; Sign again works (SPEC §8)', async () => {
    const t = await start({ required: true })
    t.connect()
    await until(() => t.view() === 'SIWXSignMessage', 2000)
    t.decline()
    t.sign()
    await until(() => t.types().includes('SIWX_AUTH_ERROR'), 5000)
    expect(t.kernel.log().find((e) => e.type === 'SIWX_AUTH_ERROR')?.payload).toMatchObject({
      message: 'Signature declined',
      reason: 'declined',
      isSmartAccount: false,
    })
    expect(t.view()).toBe('SIWXSignMessage')
    expect(t.state().siwx).toMatchObject({ error: 'declined', signing: false, hasSession: false })
    // The visitor's own decline needs no more words.
    expect(t.state().siwx?.errorDetail).toBeNull()
    t.sign()
    await until(() => t.state().siwx?.hasSession === true, 5000)
    expect(t.state().siwx?.error).toBe(null)
  })

  it('a refused session (the site could not verify) on the embedded smart account: "This application might not support Smart Accounts" (SPEC §8)', async () => {
    const site = fakeSite()
    site.refuse = true
    const t = await start({ site, connectorId: AUTH_CONNECTOR_ID })
    t.kernel.dispatch(createEvent('PREFERRED_ACCOUNT_TYPE_STORED', { namespace: 'eip155', accountType: 'smartAccount' }))
    t.connect()
    await until(() => t.view() === 'SIWXSignMessage', 2000)
    t.sign()
    await until(() => t.types().includes('SIWX_AUTH_ERROR'), 5000)
    expect(t.kernel.log().find((e) => e.type === 'SIWX_AUTH_ERROR')?.payload).toMatchObject({
      message: 'This application might not support Smart Accounts',
      isSmartAccount: true,
    })
    // The same refusal for an EOA reads as declined.
    const eoa = await start({ site })
    eoa.connect()
    await until(() => eoa.view() === 'SIWXSignMessage', 2000)
    eoa.fail(new AirlockError('Something went wrong'))
    eoa.sign()
    await until(() => eoa.types().includes('SIWX_AUTH_ERROR'), 5000)
    expect(eoa.state().siwx?.error).toBe('declined')
    // Not the visitor's decline: its own words go with it, for the view to show under SPEC §8's message.
    expect(eoa.state().siwx?.errorDetail).toBe('Something went wrong')
  })

  it('Cancel when required: disconnects and resets to Connect', async () => {
    const t = await start({ required: true })
    t.connect()
    await until(() => t.view() === 'SIWXSignMessage', 2000)
    t.cancel()
    const tail = t.kernel.log().slice(-2)
    expect(tail.map((e) => e.type)).toEqual(['DISCONNECT_REQUESTED', 'ROUTER_RESET'])
    expect(tail[1]!.payload).toEqual({ view: 'Connect' })
    expect(t.state().router.open).toBe(true)
  })

  it('Cancel when optional: closes, then resets to Connect; no disconnect', async () => {
    const t = await start({ required: false })
    t.connect()
    await until(() => t.view() === 'SIWXSignMessage', 2000)
    t.cancel()
    expect(t.types()).not.toContain('DISCONNECT_REQUESTED')
    expect(t.state().router.open).toBe(false)
    expect(t.state().router.history.map((r) => r.view)).toEqual(['Connect'])
  })

  it('a disconnect revokes the session at the site (best effort); a failing revoke changes nothing', async () => {
    const t = await start()
    t.connect()
    await until(() => t.view() === 'SIWXSignMessage', 2000)
    t.sign()
    await until(() => t.state().siwx?.hasSession === true, 5000)
    t.kernel.dispatch(createEvent('DISCONNECT_REQUESTED', { namespace: null }))
    await until(() => t.site.revoked.length === 1, 2000)
    expect(t.site.revoked).toEqual([`${CHAIN}:${key.address}`])
  })

  it("a disconnect of another namespace keeps the sign-in: nothing revoked, still signed in; the signed-in namespace's revokes it (issue 28 §5)", async () => {
    const t = await start()
    t.connect()
    await until(() => t.view() === 'SIWXSignMessage', 2000)
    t.sign()
    await until(() => t.state().siwx?.hasSession === true, 5000)
    // The request, and the success the connectors' disconnect answers it with (no wallet here to tell).
    t.kernel.dispatch(createEvent('DISCONNECT_REQUESTED', { namespace: 'solana' }))
    t.kernel.dispatch(createEvent('DISCONNECT_SUCCESS', { namespace: 'solana' }))
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(t.site.revoked).toEqual([])
    expect(t.state().siwx?.hasSession).toBe(true)
    t.kernel.dispatch(createEvent('DISCONNECT_REQUESTED', { namespace: 'eip155' }))
    t.kernel.dispatch(createEvent('DISCONNECT_SUCCESS', { namespace: 'eip155' }))
    await until(() => t.site.revoked.length === 1, 2000)
    expect(t.site.revoked).toEqual([`${CHAIN}:${key.address}`])
    expect(t.state().siwx?.hasSession).toBe(false)
  })

  it('joining Solana (made active, asked to sign in there) and leaving it: back on eip155, still signed in there, nothing revoked, the sign view closed (issue 28 §5)', async () => {
    const t = await start({ required: true, networks: [ethereum, solana] })
    t.connect()
    await until(() => t.view() === 'SIWXSignMessage', 2000)
    t.sign()
    await until(() => t.state().siwx?.hasSession === true && t.view() === null, 5000)
    // connect({ namespace: 'solana' }): the connect makes Solana active (src/connectors/session.ts) and its account has no session.
    const address = '7S3P4HxJpyyigGzodYwHtCxZyUQe9JiBMHyRWXArAaKv'
    const account = `${solana.caipNetworkId}:${address}`
    t.kernel.dispatch(createEvent('NETWORK_SWITCHED', { caipNetworkId: solana.caipNetworkId }))
    t.kernel.dispatch(createEvent('CONNECTOR_ACTIVATED', { namespace: 'solana', connectorId: 'sol' }))
    t.kernel.dispatch(createEvent('CONNECT_SUCCESS', { method: 'browser', name: 'S', namespace: 'solana', connectorId: 'sol', caipAddress: account }))
    t.kernel.dispatch(
      createEvent('ACCOUNT_CONNECTED', {
        namespace: 'solana',
        address,
        caipAddress: account,
        allAccounts: [{ address, type: 'eoa' }],
        connectedWalletInfo: { name: 'S' },
      }),
    )
    await until(() => t.view() === 'SIWXSignMessage' && t.state().siwx?.hasSession === false, 2000)
    // disconnect('solana'): the request, and the connectors' answer to it (src/connectors/effects/disconnect.ts; no wallet here to tell).
    t.kernel.dispatch(createEvent('DISCONNECT_REQUESTED', { namespace: 'solana' }))
    for (const answer of [...disconnected('solana'), backToConnected('solana')]) t.kernel.dispatch(answer)
    await until(() => t.state().siwx?.hasSession === true, 2000, 'the eip155 sign-in shown again')
    expect(t.state().networks.activeCaipNetworkId).toBe(CHAIN)
    expect(t.state().connection.connectedNamespaces).toEqual(['eip155'])
    expect(t.site.revoked).toEqual([])
    expect(t.site.sessions).toHaveLength(1)
    await until(() => t.view() === null, 2000, 'the sign view closed')
    expect(t.state().storage.activeCaipNetworkId).toBe(CHAIN)
  })

  it('endsSignIn: every namespace, or the signed-in one (its active wallet, or a wallet it does not hold), ends it; another namespace or another held wallet does not', () => {
    const state = {
      connectors: { activeConnectorIds: { eip155: 'a' } },
      connection: { connections: { eip155: [{ connectorId: 'a' }, { connectorId: 'b' }] } },
    } as unknown as RootState
    const target = { namespace: 'eip155' as const, caipNetworkId: CHAIN, address: key.address }
    expect(endsSignIn(state, target, null, undefined)).toBe(true)
    expect(endsSignIn(state, target, 'eip155', undefined)).toBe(true)
    expect(endsSignIn(state, target, 'eip155', 'a')).toBe(true)
    expect(endsSignIn(state, target, 'eip155', 'unknown')).toBe(true)
    expect(endsSignIn(state, target, 'eip155', 'b')).toBe(false)
    expect(endsSignIn(state, target, 'solana', undefined)).toBe(false)
  })

  it('without a siwx config the port fails "SIWX is not enabled" (SPEC §8), and nothing is asked of the wallet', async () => {
    await expect(unavailableSiwx().getNonce({ caipNetworkId: CHAIN, address: key.address })).rejects.toThrow('SIWX is not enabled')
    const t = await start({ siwxPort: unavailableSiwx() })
    t.connect()
    // getSessions failed: sign-in cannot start (SPEC §8 "A problem occurred while trying initialize authentication").
    await until(() => t.types().includes('DISCONNECT_REQUESTED'), 2000)
    expect(t.walletSigned()).toBe(0)
    expect(t.state().siwx?.hasSession).not.toBe(true)
  })

  it('the site\'s sessions cannot be read: "A problem occurred while trying initialize authentication", then disconnect and reset to Connect (SPEC §8)', async () => {
    const site = fakeSite()
    const t = await start({
      siwxPort: {
        ...site.port,
        getSessions: () => Promise.reject(new AirlockError('HTTP status code: 500')),
      },
    })
    t.kernel.dispatch(createEvent('MODAL_OPEN', { connected: false }))
    t.connect()
    await until(() => t.types().includes('DISCONNECT_REQUESTED'), 2000)
    const log = t.kernel.log()
    const banner = log.find((e) => e.type === 'NOTIFICATION_REQUESTED')
    expect(banner?.payload).toEqual({ variant: 'error', key: 'siwx.errors.initialize' })
    expect(log.find((e) => e.type === 'DISCONNECT_REQUESTED')?.payload).toEqual({ namespace: null })
    expect(t.view()).toBe('Connect')
    expect(t.state().router.history.map((r) => r.view)).toEqual(['Connect'])
    expect(t.types()).not.toContain('SIWX_SIGN_REQUESTED')
    expect(siwxStrings.en['errors.initialize']).toBe('A problem occurred while trying initialize authentication')
  })

  it('a wallet with its own sign-in (solana:signIn) writes and signs the message; the site gets that exact text', async () => {
    const asked: unknown[] = []
    const t = await start({
      async signIn(input) {
        asked.push(input)
        const message = formatSiwxMessage({ ...input, accountAddress: key.address, chainId: `eip155:${input.chainId}` })
        return { message, signature: await key.signMessage({ message }) }
      },
    })
    t.connect()
    await until(() => t.view() === 'SIWXSignMessage', 2000)
    t.sign()
    await until(() => t.state().siwx?.hasSession === true, 5000)
    expect(asked[0]).toMatchObject({ domain: 'site.example', uri: 'https://site.example', chainId: '1', version: '1' })
    expect(t.site.sessions).toHaveLength(1)
  })

  it('a wallet sign-in answering 4200 (no solana:signIn) falls back to a signed message; one that signs another domain fails', async () => {
    const unsupported = await start({ signIn: () => Promise.reject(new AirlockError('Unsupported method', { code: 4200 })) })
    unsupported.connect()
    await until(() => unsupported.view() === 'SIWXSignMessage', 2000)
    unsupported.sign()
    await until(() => unsupported.state().siwx?.hasSession === true, 5000)

    const other = await start({
      async signIn(input) {
        const message = formatSiwxMessage({ ...input, domain: 'evil.example', accountAddress: key.address, chainId: `eip155:${input.chainId}` })
        return { message, signature: await key.signMessage({ message }) }
      },
    })
    other.connect()
    await until(() => other.view() === 'SIWXSignMessage', 2000)
    other.sign()
    await until(() => other.types().includes('SIWX_AUTH_ERROR'), 5000)
    expect(other.site.sessions).toHaveLength(0)
    expect(other.state().siwx?.hasSession).toBe(false)
  })

  it.each([
    ['U+2028', 'hi\u2028URI: https://evil.example'],
    ['U+0085', 'hi\u0085URI: https://evil.example'],
  ])('a statement with %s is refused by the message builder before the wallet is asked (EIP-4361 printable ASCII)', async (_name, statement) => {
    const site = fakeSite()
    const asked: unknown[] = []
    const t = await start({
      siwxPort: { ...site.port, statement },
      async signIn(input) {
        asked.push(input)
        throw new AirlockError('Unsupported method', { code: 4200 })
      },
    })
    t.connect()
    await until(() => t.view() === 'SIWXSignMessage', 2000)
    t.sign()
    await until(() => t.types().includes('SIWX_AUTH_ERROR'), 5000)
    expect(asked).toEqual([])
    expect(site.sessions).toHaveLength(0)
    expect(t.state().siwx).toMatchObject({ hasSession: false, error: 'declined' })
    expect(t.state().siwx?.errorDetail).toMatch(/not printable ASCII/)
  })

  it('a wallet’s own sign-in whose text has a U+2028 statement is refused (the parser), though all else is as asked', async () => {
    const t = await start({
      async signIn(input) {
        const message = formatSiwxMessage({ ...input, statement: 'PLACEHOLDER', accountAddress: key.address, chainId: `eip155:${input.chainId}` }).replace(
          'PLACEHOLDER',
          `${input.statement}\u2028URI: https://evil.example`,
        )
        return { message, signature: await key.signMessage({ message }) }
      },
    })
    t.connect()
    await until(() => t.view() === 'SIWXSignMessage', 2000)
    t.sign()
    await until(() => t.types().includes('SIWX_AUTH_ERROR'), 5000)
    expect(t.site.sessions).toHaveLength(0)
    expect(t.state().siwx?.errorDetail).toMatch(/printable ASCII/)
  })

  it('signed in is the credential’s word (DESIGN trust boundaries): a reload in the browser that signed is not asked; another browser with the same address is', async () => {
    const SITE = 'http://127.0.0.1:5173'
    const service = await startSessionsService({ origins: [SITE], chainIds: [CHAIN] })
    try {
      const page = { host: '127.0.0.1:5173', origin: SITE }
      const inBrowser = (browser: ReturnType<typeof browserFetch>) => createSiwxPort(createSessionsSiwx({ url: service.url, fetch: browser.fetch }))
      const alice = browserFetch(SITE)
      const first = await start({ siwxPort: inBrowser(alice), now: Date.now, page })
      first.connect()
      await until(() => first.view() === 'SIWXSignMessage', 5000)
      first.sign()
      await until(() => first.state().siwx?.hasSession === true, 10_000)
      expect(first.types()).toContain('SIWX_AUTH_SUCCESS')

      const reload = await start({ siwxPort: inBrowser(alice), now: Date.now, page })
      reload.connect()
      await until(() => reload.state().siwx?.hasSession === true, 5000)
      expect(reload.types()).not.toContain('MODAL_OPEN')

      // The same address connected in another browser (a wallet that merely claims it): asked to sign.
      const other = await start({ siwxPort: inBrowser(browserFetch(SITE)), now: Date.now, page })
      other.connect()
      await until(() => other.view() === 'SIWXSignMessage', 5000)
      expect(other.state().siwx?.hasSession).toBe(false)
      expect((await service.sessions()).filter((s) => !s.revoked)).toHaveLength(1)
    } finally {
      await service.stop()
    }
  })

  it('a sign-in whose credential did not take (the site kept the session, the browser holds nothing) fails on the view', async () => {
    const site = fakeSite()
    const t = await start({ siwxPort: { ...site.port, getSessions: async () => [] } })
    t.connect()
    await until(() => t.view() === 'SIWXSignMessage', 2000)
    t.sign()
    await until(() => t.types().includes('SIWX_AUTH_ERROR'), 5000)
    expect(site.sessions).toHaveLength(1)
    expect(t.state().siwx).toMatchObject({
      hasSession: false,
      error: 'declined',
      errorDetail: 'The site kept the session but this browser holds no credential for it',
    })
    expect(t.types()).not.toContain('SIWX_AUTH_SUCCESS')
  })

  it('a getSessions answer that is not sessions (io-ts) signs nobody in: it fails as a failed read does (SPEC §8), disconnect and reset', async () => {
    const site = fakeSite()
    const t = await start({ siwxPort: { ...site.port, getSessions: async () => [{ data: { accountAddress: key.address, chainId: CHAIN }, message: 'x' }] } })
    t.connect()
    await until(() => t.types().includes('DISCONNECT_REQUESTED'), 2000)
    expect(t.kernel.log().find((e) => e.type === 'NOTIFICATION_REQUESTED')?.payload).toEqual({ variant: 'error', key: 'siwx.errors.initialize' })
    expect(t.state().siwx?.hasSession).not.toBe(true)
  })

  it('a second Sign while one is under way does nothing', async () => {
    const t = await start()
    t.connect()
    await until(() => t.view() === 'SIWXSignMessage', 2000)
    t.sign()
    t.sign()
    await until(() => t.state().siwx?.hasSession === true, 5000)
    expect(t.types().filter((type) => type === 'SIWX_SIGN_REQUESTED')).toHaveLength(1)
  })

  describe('one-click sign-in: the wallet signed while connecting (SIWX_SIGNED_ON_CONNECT, issue 28 §4)', () => {
    /** What the wallet signed while connecting: the message for `fields` (a fresh site nonce), its signature, a CACAO. */
    async function signedOnConnect(site: Site, fields: Partial<{ domain: string; address: string }> = {}) {
      const nonce = await site.port.getNonce({ caipNetworkId: CHAIN, address: '' })
      const message = formatSiwxMessage({
        domain: fields.domain ?? PAGE.host,
        uri: PAGE.origin,
        accountAddress: fields.address ?? key.address,
        chainId: CHAIN,
        version: '1',
        nonce,
        issuedAt: new Date(NOW - 1000).toISOString(),
        expirationTime: new Date(NOW + 3600_000).toISOString(),
      })
      const signature = await key.signMessage({ message })
      const cacao = { h: { t: 'caip122' }, p: { iss: `did:pkh:${CHAIN}:${key.address}`, nonce }, s: { t: 'eip191', s: signature } }
      return createEvent('SIWX_SIGNED_ON_CONNECT', { caipNetworkId: CHAIN, address: fields.address ?? key.address, message, signature, cacao })
    }

    it('the site keeps the signed message and its CACAO: signed in, no view, the wallet not asked to sign again', async () => {
      const t = await start({ required: true })
      t.kernel.dispatch(await signedOnConnect(t.site))
      t.connect()
      await until(() => t.types().includes('SIWX_AUTH_SUCCESS'), 5000)
      expect(t.state().siwx).toMatchObject({ hasSession: true, signedOnConnect: null })
      expect(t.site.sessions).toHaveLength(1)
      expect(t.site.sessions[0]!.cacao).toMatchObject({ h: { t: 'caip122' }, s: { t: 'eip191' } })
      expect(t.site.sessions[0]!.data).toMatchObject({ domain: PAGE.host, accountAddress: key.address, chainId: CHAIN })
      expect(t.walletSigned()).toBe(0)
      expect(t.types()).not.toContain('MODAL_OPEN')
    })

    it('a signed message for another page is not added: SIWX_AUTH_ERROR on the view, and Sign then asks the wallet (connect-then-sign)', async () => {
      const t = await start({ required: true })
      t.kernel.dispatch(await signedOnConnect(t.site, { domain: 'evil.example' }))
      t.connect()
      await until(() => t.view() === 'SIWXSignMessage' && t.types().includes('SIWX_AUTH_ERROR'), 5000)
      expect(t.state().siwx).toMatchObject({ hasSession: false, errorDetail: 'it changed domain', signedOnConnect: null })
      expect(t.site.sessions).toHaveLength(0)
      t.sign()
      await until(() => t.state().siwx?.hasSession === true, 5000)
      expect(t.walletSigned()).toBe(1)
    })

    it('a signature for another account than the one connected is not used: the view asks as without one-click', async () => {
      const t = await start()
      t.kernel.dispatch(
        await signedOnConnect(t.site, { address: privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d').address }),
      )
      t.connect()
      await until(() => t.view() === 'SIWXSignMessage', 2000)
      expect(t.types()).not.toContain('SIWX_SIGN_REQUESTED')
      expect(t.site.sessions).toHaveLength(0)
    })
  })
})

/**
 * The auth service's HTTP API (services/auth/API.md) as the frame calls it. Every call names the
 * project and the page's origin (X-Airlock-Project, X-Airlock-Origin: the origin the frame checked
 * against each message's `event.origin`); session calls carry the frame's token. Answers are
 * decoded with codecs; an answer that is not 2xx becomes an AuthError with the service's own
 * message, which the page shows or maps to its alert (SPEC §8).
 */
import * as t from 'io-ts'
import { Email } from '../../../src/embedded/protocol'
import { SocialProvider } from '../../../src/events/shapes/socialProvider'
import { isRight } from '../../../src/kernel/either'
import { AuthError } from './errors'

export const AuthUser = t.type({
  id: t.string,
  email: t.union([t.string, t.null]),
  userName: t.union([t.string, t.null]),
  provider: t.union([t.literal('email'), SocialProvider]),
})
export type AuthUser = t.TypeOf<typeof AuthUser>

export const ProjectInfo = t.type({ allowedOrigins: t.array(t.string), smartAccountEnabledNetworks: t.array(t.number) })
export type ProjectInfo = t.TypeOf<typeof ProjectInfo>

const Signed = t.type({ token: t.string, user: AuthUser })
export type Signed = t.TypeOf<typeof Signed>

const ConnectAction = t.type({ action: t.keyof({ VERIFY_DEVICE: null, VERIFY_OTP: null }) })
const OtpAction = t.type({ action: t.literal('VERIFY_OTP') })
const PrimaryAction = t.type({ action: t.literal('VERIFY_PRIMARY_OTP') })
const SecondaryAction = t.type({ action: t.literal('VERIFY_SECONDARY_OTP') })
const NewEmail = t.type({ newEmail: Email, token: t.string })
const Session = t.type({ user: AuthUser })
const Uri = t.type({ uri: t.string })
const FarcasterChannel = t.type({ url: t.string, channelToken: t.string })
const Nothing = t.UnknownRecord

/** The service's share of the backup key (base64), the backup and the addresses: null and empty before the first upload. */
export const WalletRecord = t.type({
  serviceShare: t.union([t.string, t.null]),
  backup: t.union([t.string, t.null]),
  addresses: t.partial({ eip155: t.string, solana: t.string }),
})
export type WalletRecord = t.TypeOf<typeof WalletRecord>

/** A request that waits on the visitor server-side (device link, Farcaster) is given this long. */
const LONG_POLL_MS = 30_000
const REQUEST_MS = 10_000

export interface AuthClientOptions {
  readonly authUrl: string
  readonly projectId: string
  /** The page's origin. */
  readonly origin: string
  readonly fetch: typeof fetch
}

export type AuthClient = ReturnType<typeof createAuthClient>

export function createAuthClient(options: AuthClientOptions) {
  const { authUrl, projectId, origin } = options

  const call = async <C extends t.Mixed>(
    codec: C,
    method: 'GET' | 'POST' | 'PUT',
    path: string,
    init: { readonly body?: unknown; readonly token?: string; readonly timeoutMs?: number; readonly signal?: AbortSignal } = {},
  ): Promise<t.TypeOf<C>> => {
    const headers: Record<string, string> = { 'X-Airlock-Project': projectId, 'X-Airlock-Origin': origin }
    if (init.token !== undefined) headers['Authorization'] = `Bearer ${init.token}`
    if (init.body !== undefined) headers['Content-Type'] = 'application/json'
    const timeout = AbortSignal.timeout(init.timeoutMs ?? REQUEST_MS)
    let response: Response
    try {
      response = await options.fetch(`${authUrl}${path}`, {
        method,
        headers,
        ...(init.body !== undefined && { body: JSON.stringify(init.body) }),
        credentials: 'omit',
        cache: 'no-store',
        signal: init.signal ? AbortSignal.any([timeout, init.signal]) : timeout,
      })
    } catch {
      throw new AuthError(0, timeout.aborted ? 'The request took too long to respond' : 'HTTP request failed')
    }
    const body: unknown = await response.json().catch(() => undefined)
    if (!response.ok) {
      const message =
        typeof body === 'object' && body !== null && typeof (body as { message?: unknown }).message === 'string' ? (body as { message: string }).message : ''
      throw new AuthError(response.status, message || `HTTP status code: ${response.status}`)
    }
    const decoded = codec.decode(body)
    if (!isRight(decoded)) throw new Error(`The auth service's answer to ${method} ${path} is not of its shape`)
    return decoded.right
  }

  return {
    project: () => call(ProjectInfo, 'GET', `/v1/projects/${encodeURIComponent(projectId)}`),
    emailConnect: (email: string, deviceId: string) => call(ConnectAction, 'POST', '/v1/email/connect', { body: { email, deviceId } }),
    /** Resolves once the device is approved; AuthError 408 while it is not yet. */
    emailDevice: (email: string, deviceId: string) => call(OtpAction, 'POST', '/v1/email/device', { body: { email, deviceId }, timeoutMs: LONG_POLL_MS }),
    emailOtp: (email: string, otp: string, deviceId: string) => call(Signed, 'POST', '/v1/email/otp', { body: { email, otp, deviceId } }),
    emailUpdate: (token: string, email: string) => call(PrimaryAction, 'POST', '/v1/email/update', { token, body: { email } }),
    emailUpdatePrimary: (token: string, otp: string) => call(SecondaryAction, 'POST', '/v1/email/update/primary', { token, body: { otp } }),
    emailUpdateSecondary: (token: string, otp: string) => call(NewEmail, 'POST', '/v1/email/update/secondary', { token, body: { otp } }),
    session: (token: string) => call(Session, 'GET', '/v1/session', { token }),
    signOut: (token: string, timeoutMs: number) => call(Nothing, 'POST', '/v1/session/signout', { token, body: {}, timeoutMs }),
    wallet: (token: string) => call(WalletRecord, 'GET', '/v1/wallet', { token }),
    putWallet: (token: string, body: { backup: string; addresses: { eip155: string; solana: string }; serviceShare: string }) =>
      call(Nothing, 'PUT', '/v1/wallet', { token, body }),
    socialRedirect: (provider: string, returnTo: string) => call(Uri, 'POST', '/v1/social/redirect', { body: { provider, returnTo } }),
    socialConnect: (resultUri: string) => call(Signed, 'POST', '/v1/social/connect', { body: { resultUri } }),
    farcasterUri: () => call(FarcasterChannel, 'POST', '/v1/farcaster/uri', { body: {} }),
    /** Resolves once the Farcaster channel completes; AuthError 408 while it is pending. */
    farcasterConnect: (channelToken: string) => call(Signed, 'POST', '/v1/farcaster/connect', { body: { channelToken }, timeoutMs: LONG_POLL_MS }),
  }
}

/**
 * The secure frame's message protocol (SPEC §7 "Embedded-wallet frame"): every app event the page
 * sends, every reply and event the frame sends, each with an io-ts codec. Both sides decode what
 * they receive with these codecs (the page in src/embedded, the frame in
 * services/frame/app), and check the sender's exact origin and window before that.
 *
 * Every message is `{ channel: 'airlock-frame', id, type, payload }`:
 * - page → frame: an app event; `id` comes from `crypto.randomUUID()`;
 * - frame → page: `SUCCESS` or `ERROR` with the `id` of the request it answers, or a frame event
 *   (`LOADING`, `READY`, `INIT_ERROR`) with an id of its own.
 *
 * Where SPEC §7 leaves a payload open, the choice is noted at its codec.
 */
import * as t from 'io-ts'
import { SocialProvider } from '../events/shapes/socialProvider'

/** The social sign-in providers the frame knows (SPEC §3 features), for the feature's plugins. */
export { SOCIAL_PROVIDERS, SocialProvider } from '../events/shapes/socialProvider'

export const FRAME_CHANNEL = 'airlock-frame'

/**
 * A valid email (SPEC §5: "Email fields in frame messages must be valid emails"): the HTML
 * standard's rule for `<input type=email>`, at most 254 characters.
 */
const EMAIL_PATTERN = /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/

export interface EmailBrand {
  readonly Email: unique symbol
}
export const Email = t.brand(t.string, (s): s is t.Branded<string, EmailBrand> => s.length <= 254 && EMAIL_PATTERN.test(s), 'Email')
export type Email = t.TypeOf<typeof Email>

export function isEmail(value: string): value is Email {
  return Email.is(value)
}

export interface OtpBrand {
  readonly Otp: unique symbol
}
/** A one-time code: six digits. */
export const Otp = t.brand(t.string, (s): s is t.Branded<string, OtpBrand> => /^\d{6}$/.test(s), 'Otp')
export type Otp = t.TypeOf<typeof Otp>

/** A request id: what `crypto.randomUUID()` gives (so neither side accepts a guessable or empty id). */
export interface MessageIdBrand {
  readonly MessageId: unique symbol
}
export const MessageId = t.brand(
  t.string,
  (s): s is t.Branded<string, MessageIdBrand> => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(s),
  'MessageId',
)
export type MessageId = t.TypeOf<typeof MessageId>

export const AccountType = t.keyof({ eoa: null, smartAccount: null }, 'AccountType')
export type AccountType = t.TypeOf<typeof AccountType>

/** A chain as the frame is told it: an eip155 chain id (number), or a CAIP-2 id (`solana:…`, `eip155:1`). */
export const FrameChainId = t.union([t.number, t.string])
export type FrameChainId = t.TypeOf<typeof FrameChainId>

/** Social providers with a redirect login (farcaster has its own flow: SPEC §7). */
export const RedirectSocialProvider = t.keyof({ google: null, github: null, apple: null, facebook: null, x: null, discord: null }, 'RedirectSocialProvider')
export type RedirectSocialProvider = t.TypeOf<typeof RedirectSocialProvider>

const empty = t.type({})
const otpPayload = t.type({ otp: Otp })

/**
 * The app events (SPEC §7) with their payload codecs. Additions to §7's payloads:
 * - GET_SOCIAL_REDIRECT_URI carries `returnTo`, the page URL the login comes back to (the frame
 *   cannot read the page's path: a cross-origin referrer holds the origin only);
 * - RPC_REQUEST carries an optional `chainId` (the frame's current chain when absent).
 */
export const APP_EVENTS = {
  SWITCH_NETWORK: t.type({ chainId: FrameChainId }),
  CONNECT_EMAIL: t.type({ email: Email }),
  CONNECT_DEVICE: empty,
  CONNECT_OTP: otpPayload,
  CONNECT_SOCIAL: t.type({ uri: t.string, preferredAccountType: AccountType, chainId: FrameChainId }),
  GET_FARCASTER_URI: empty,
  CONNECT_FARCASTER: empty,
  GET_USER: t.intersection([t.type({ chainId: FrameChainId, preferredAccountType: AccountType }), t.partial({ socialUri: t.string })]),
  GET_SOCIAL_REDIRECT_URI: t.type({ provider: RedirectSocialProvider, returnTo: t.string }),
  SIGN_OUT: empty,
  IS_CONNECTED: t.partial({ token: t.string }),
  GET_CHAIN_ID: empty,
  GET_SMART_ACCOUNT_ENABLED_NETWORKS: empty,
  INIT_SMART_ACCOUNT: empty,
  SET_PREFERRED_ACCOUNT: t.type({ type: AccountType }),
  RPC_REQUEST: t.intersection([t.type({ method: t.string }), t.partial({ params: t.unknown, chainId: FrameChainId })]),
  UPDATE_EMAIL: t.type({ email: Email }),
  UPDATE_EMAIL_PRIMARY_OTP: otpPayload,
  UPDATE_EMAIL_SECONDARY_OTP: otpPayload,
  SYNC_THEME: t.partial({ themeMode: t.keyof({ light: null, dark: null }), themeVariables: t.record(t.string, t.union([t.string, t.number])) }),
  SYNC_DAPP_DATA: t.type({
    metadata: t.union([t.null, t.partial({ name: t.string, description: t.string, url: t.string, icons: t.array(t.string) })]),
    sdkVersion: t.string,
    sdkType: t.string,
    projectId: t.string,
  }),
  RELOAD: empty,
  /**
   * Ours (not in SPEC §7): the page gives up on an unsafe request waiting for the visitor's
   * approval in the frame (`requestId`, the id of its RPC_REQUEST), or on every one (no id): the
   * frame answers each with 4001. The page can cancel, never approve: only a click in the frame does.
   */
  CANCEL_APPROVAL: t.partial({ requestId: MessageId }),
  /**
   * Ours: the frame shows the wallet's recovery code in its own view (announced with APPROVAL_VIEW
   * for this request's id, as an approval is) and answers once the visitor closes it there. The
   * code never crosses to the page. Cancelled like an approval (CANCEL_APPROVAL).
   */
  SHOW_RECOVERY_CODE: empty,
  /**
   * Ours: after a sign-in answered WALLET_RECOVERY_NEEDED (a new device), the frame asks the
   * visitor for the recovery code in its own view (APPROVAL_VIEW for this id) and answers once the
   * code typed there opened the wallet; the page then reads the user (GET_USER) as after a sign-in.
   */
  RECOVER_WALLET: empty,
} as const

export type AppEventType = keyof typeof APP_EVENTS
export type AppEventPayload<K extends AppEventType> = t.TypeOf<(typeof APP_EVENTS)[K]>

/** One account of the embedded wallet (SPEC §3 "Embedded-wallet user": accounts). */
export const FrameAccount = t.type({ address: t.string, type: AccountType })
export type FrameAccount = t.TypeOf<typeof FrameAccount>

/**
 * The embedded-wallet user (SPEC §3), as seen on the chain GET_USER named: `address` is the
 * account of the preferred type on that chain's namespace (eip155: the smart account when
 * preferred and the chain has them; solana: the ed25519 key's address). `provider` is how the
 * user signed in (SPEC §3 "auth wallet info": social provider, default email).
 */
export const FrameUser = t.type({
  email: t.union([t.string, t.null]),
  userName: t.union([t.string, t.null]),
  provider: t.union([t.literal('email'), SocialProvider]),
  address: t.string,
  chainId: FrameChainId,
  accounts: t.array(FrameAccount),
  preferredAccountType: AccountType,
  smartAccountDeployed: t.boolean,
})
export type FrameUser = t.TypeOf<typeof FrameUser>

const action = <A extends string>(...names: [A, ...A[]]) => t.type({ action: t.keyof(Object.fromEntries(names.map((n) => [n, null])) as Record<A, null>) })

/**
 * Ours: the error message of a sign-in (CONNECT_OTP, CONNECT_SOCIAL, CONNECT_FARCASTER,
 * IS_CONNECTED, GET_USER) whose user has a wallet this device cannot open: the session is kept, and
 * RECOVER_WALLET opens the wallet with the visitor's recovery code.
 */
export const WALLET_RECOVERY_NEEDED = 'The wallet needs its recovery code on this device'

/** The success payload of each app event (SPEC §7 "Success payloads"). */
export const APP_REPLIES = {
  SWITCH_NETWORK: t.type({ chainId: FrameChainId }),
  /** SPEC §4: approve the device first, enter the code, or CONNECT: signed in at once (the frame already holds this email's session). */
  CONNECT_EMAIL: action('VERIFY_DEVICE', 'VERIFY_OTP', 'CONNECT'),
  // Resolves once the device is approved (the link in the email); the code is sent then.
  CONNECT_DEVICE: empty,
  CONNECT_OTP: empty,
  CONNECT_SOCIAL: FrameUser,
  GET_FARCASTER_URI: t.type({ url: t.string }),
  CONNECT_FARCASTER: t.type({ userName: t.string }),
  GET_USER: FrameUser,
  GET_SOCIAL_REDIRECT_URI: t.type({ uri: t.string }),
  SIGN_OUT: empty,
  IS_CONNECTED: t.type({ isConnected: t.boolean }),
  GET_CHAIN_ID: t.type({ chainId: FrameChainId }),
  GET_SMART_ACCOUNT_ENABLED_NETWORKS: t.type({ smartAccountEnabledNetworks: t.array(t.number) }),
  INIT_SMART_ACCOUNT: t.type({ address: t.string, isDeployed: t.boolean }),
  SET_PREFERRED_ACCOUNT: t.type({ type: AccountType, address: t.string }),
  RPC_REQUEST: t.type({ result: t.unknown }),
  UPDATE_EMAIL: action('VERIFY_PRIMARY_OTP'),
  UPDATE_EMAIL_PRIMARY_OTP: action('VERIFY_SECONDARY_OTP'),
  UPDATE_EMAIL_SECONDARY_OTP: t.type({ newEmail: Email }),
  SYNC_THEME: empty,
  SYNC_DAPP_DATA: empty,
  RELOAD: empty,
  CANCEL_APPROVAL: empty,
  SHOW_RECOVERY_CODE: empty,
  RECOVER_WALLET: empty,
} as const satisfies Record<AppEventType, t.Mixed>

export type AppReply<K extends AppEventType> = t.TypeOf<(typeof APP_REPLIES)[K]>

/**
 * An error reply: SPEC §7's `{ message }`, with the JSON-RPC or provider `code` where an RPC
 * request failed (4001 when the visitor rejected, SPEC §8) and `data` when the error has some.
 */
export const ErrorPayload = t.intersection([t.type({ message: t.string }), t.partial({ code: t.number, data: t.unknown })])
export type ErrorPayload = t.TypeOf<typeof ErrorPayload>

const envelope = <T extends string, P extends t.Mixed>(type: T, payload: P) =>
  t.type({ channel: t.literal(FRAME_CHANNEL), id: MessageId, type: t.literal(type), payload })

/** Any app event, as the frame decodes it: an unknown type is refused (SPEC §5). */
export const AppMessage = t.union(
  Object.entries(APP_EVENTS).map(([type, payload]) => envelope(type, payload)) as unknown as [t.Mixed, t.Mixed, ...t.Mixed[]],
  'AppMessage',
) as t.Type<{ [K in AppEventType]: { channel: typeof FRAME_CHANNEL; id: MessageId; type: K; payload: AppEventPayload<K> } }[AppEventType], unknown>
export type AppMessage = t.TypeOf<typeof AppMessage>

/**
 * The frame is loaded and listening (SPEC §7 "ready {version}"). Ours: `namespaces`, the chain
 * namespaces it holds keys and chains for (its site's configuration: `eip155` for its EVM chains,
 * `solana` when it serves Solana). The embedded wallet's connector is added on these (those the
 * page configured too), never on a list of the page's own; a name the page does not know is left out.
 */
export const ReadyPayload = t.type({ version: t.string, namespaces: t.array(t.string) })
export type ReadyPayload = t.TypeOf<typeof ReadyPayload>
export const ReadyMessage = envelope('READY', ReadyPayload)
/** A READY whatever its payload: the frame's own, whose payload this page may still fail to read. */
export const AnyReadyMessage = envelope('READY', t.unknown)
/**
 * Ours: the frame's script runs and starts (its config, its project and its storage load before its
 * READY). Posted first, before anything loads, so the page waits SPEC §9's 20 s for the READY of a
 * frame that is slow to start instead of taking its silent document for a refused one (a document
 * the browser refused under frame-ancestors runs no script and says nothing).
 */
export const LoadingMessage = envelope('LOADING', t.type({}))
/**
 * The frame refuses to serve this page: `message` is the server's (SPEC §8: "Unauthorized:
 * origin not allowed", "Unauthorized: invalid key"), which the page maps to its alert.
 */
export const InitErrorMessage = envelope('INIT_ERROR', t.type({ message: t.string }))
/**
 * Ours: what the frame's approval view shows now (DESIGN "The secure frame decides"): the id of
 * the RPC_REQUEST waiting for the visitor's click, or null when nothing waits; and the height in
 * CSS pixels its content needs. The page only makes room for the frame with it: it decides nothing.
 */
export const ApprovalViewMessage = envelope('APPROVAL_VIEW', t.type({ requestId: t.union([MessageId, t.null]), height: t.number }))
export type ApprovalView = t.TypeOf<typeof ApprovalViewMessage>['payload']

/** A reply's envelope; its payload is decoded with the codec of the request it answers. */
export const SuccessMessage = envelope('SUCCESS', t.unknown)
export const ErrorMessage = envelope('ERROR', ErrorPayload)

/** Anything the frame sends, as the page decodes it first. */
export const FrameMessage = t.union([ReadyMessage, LoadingMessage, InitErrorMessage, ApprovalViewMessage, SuccessMessage, ErrorMessage], 'FrameMessage')
export type FrameMessage = t.TypeOf<typeof FrameMessage>

/** The query parameters the page loads the frame with (SPEC §7). */
export interface FrameQuery {
  readonly projectId: string
  readonly chainId: FrameChainId
  readonly version: string
  readonly enableLogger: boolean
  /** Ours: the modal's locale and theme mode, so the frame's approval view speaks and looks as the modal does. */
  readonly locale?: string
  readonly themeMode?: 'light' | 'dark'
}

/**
 * The DOM event a view dispatches (composed, from the element it keeps for the frame) to say
 * "show the secure frame here": the frame host places the frame over that element while it is
 * in the page. Ours; a script that fires it can only move the frame, which it could anyway.
 */
export const FRAME_SLOT_EVENT = 'airlock-frame-slot'

/**
 * The frame's URL for `query` at `origin` (the frame site's origin, SPEC §7 "comes from
 * configuration with a default").
 *
 * ```ts
 * frameUrl('https://frame.example', { projectId: 'p1', chainId: 1, version: '0.1.0', enableLogger: false })
 * // 'https://frame.example/?projectId=p1&chainId=1&version=0.1.0&enableLogger=false'
 * ```
 */
export function frameUrl(origin: string, query: FrameQuery): string {
  const url = new URL('/', origin)
  url.searchParams.set('projectId', query.projectId)
  url.searchParams.set('chainId', String(query.chainId))
  url.searchParams.set('version', query.version)
  url.searchParams.set('enableLogger', String(query.enableLogger))
  if (query.locale !== undefined) url.searchParams.set('locale', query.locale)
  if (query.themeMode !== undefined) url.searchParams.set('themeMode', query.themeMode)
  return url.toString()
}

/**
 * RPC methods the embedded wallet answers (SPEC §6, §7): the one list both sides read. Safe ones
 * pass without approval; unsafe ones wait for the visitor's click on Approve in the frame's own
 * approval view (the page's ApproveTransaction only hosts the frame); any other method is refused
 * ("Requested RPC call is not allowed").
 */
export const SAFE_RPC_METHODS = [
  'eth_accounts',
  'eth_requestAccounts',
  'eth_chainId',
  'net_version',
  'eth_blockNumber',
  'eth_call',
  'eth_estimateGas',
  'eth_feeHistory',
  'eth_gasPrice',
  'eth_maxPriorityFeePerGas',
  'eth_getBalance',
  'eth_getBlockByHash',
  'eth_getBlockByNumber',
  'eth_getCode',
  'eth_getLogs',
  'eth_getStorageAt',
  'eth_getTransactionByHash',
  'eth_getTransactionCount',
  'eth_getTransactionReceipt',
  'eth_sendRawTransaction',
  'wallet_switchEthereumChain',
  'wallet_getCallsStatus',
  'wallet_getCapabilities',
  'wallet_getAssets',
  'solana_requestAccounts',
  'solana_getAccounts',
] as const

export const UNSAFE_RPC_METHODS = [
  'personal_sign',
  'eth_sign',
  'eth_signTypedData_v4',
  'eth_sendTransaction',
  'wallet_sendCalls',
  'wallet_grantPermissions',
  'wallet_revokePermissions',
  'eth_sendUserOperation',
  'solana_signMessage',
  'solana_signTransaction',
  'solana_signAllTransactions',
  'solana_signAndSendTransaction',
] as const

export type SafeRpcMethod = (typeof SAFE_RPC_METHODS)[number]
export type UnsafeRpcMethod = (typeof UNSAFE_RPC_METHODS)[number]

const SAFE = new Set<string>(SAFE_RPC_METHODS)
const UNSAFE = new Set<string>(UNSAFE_RPC_METHODS)

/** `safe`, `unsafe` (needs approval) or `refused` (not on the list, SPEC §6). */
export function rpcMethodKind(method: string): 'safe' | 'unsafe' | 'refused' {
  return SAFE.has(method) ? 'safe' : UNSAFE.has(method) ? 'unsafe' : 'refused'
}

/**
 * The frame's start, in this order, before it reads a single message:
 * 1. Framed at all, with an ancestor origin it can name (./ancestors.ts); else it stays silent.
 *    Then LOADING to that origin: the page waits for READY from here on.
 * 2. The query and `/config.json`.
 * 3. The project from the auth service: unknown → INIT_ERROR "Unauthorized: invalid key"; every
 *    ancestor's origin must be on the project's allowed origins plus SPEC §5's defaults, else
 *    INIT_ERROR "Unauthorized: origin not allowed" (SPEC §8; the page shows Invalid App
 *    Configuration). The frame server's frame-ancestors header says the same to the browser; this
 *    check holds where the built frame is served without it (a plain static host).
 *    A page that is not a secure context (http, but for loopback) is refused: WebCrypto, which
 *    keeps the keys, is not there.
 * 4. The store (IndexedDB of the frame's origin, opened while 2 and 3 load), the approval view (./approval/: unsafe requests
 *    wait there for the visitor's click), the recovery views (./recovery/view.ts: the recovery code
 *    shown and typed), the request table and the gate, then READY (with the namespaces it serves),
 *    posted to the parent's origin only. INIT_ERROR goes to that origin too: it tells a refused
 *    page why, and nothing more.
 */
import { FRAME_CHANNEL, type FrameQuery } from '../../../src/embedded/protocol'
import { VERSION } from '../../../src/version'
import { DEFAULT_ALLOWED_ORIGINS, originAllowed } from '../../auth/origins.mjs'
import { ancestorOrigins } from './ancestors'
import { createAuthClient, type ProjectInfo } from './authClient'
import { loadConfig, servedNamespaces, type FrameConfig } from './config'
import { AuthError } from './errors'
import { createDomApprover } from './approval/approver'
import { estimateFee, networkOf, tokenDetails } from './approval/network'
import { createFrame, type Frame } from './frame'
import { createMessageGate } from './gate'
import { openIndexedDbStore } from './indexedDbStore'
import { parseQuery } from './query'
import { randomId } from './randomId'
import { createDomRecoveryPrompt } from './recovery/view'
import { applyTheme } from './theme'

export const INVALID_KEY = 'Unauthorized: invalid key'
export const ORIGIN_NOT_ALLOWED = 'Unauthorized: origin not allowed'
export const NETWORK_ERROR = 'Network Error - Could not load embedded wallet'
export const STORAGE_ERROR = 'The embedded wallet cannot use its storage (IndexedDB) in this browser'
export const INSECURE_CONTEXT = 'The embedded wallet needs a secure context: serve the page over https'

/** What the start needs of the window: the frame's own, in the browser. */
export type FrameWindow = Pick<Window, 'parent' | 'location' | 'document' | 'fetch' | 'indexedDB' | 'addEventListener' | 'isSecureContext'> & Window

export type StartOutcome =
  { readonly started: true; readonly frame: Frame; readonly parentOrigin: string } | { readonly started: false; readonly reason: string }

export async function startFrame(win: FrameWindow): Promise<StartOutcome> {
  if (win.parent === (win as unknown)) return { started: false, reason: 'not framed' }
  const origins = ancestorOrigins(win.location.ancestorOrigins, win.document.referrer)
  const parentOrigin = origins[0]
  if (parentOrigin === undefined) return { started: false, reason: 'no parent origin' }

  const parent = win.parent
  const post = (message: unknown) => parent.postMessage(message, parentOrigin)
  const refuse = (message: string): StartOutcome => {
    post({ channel: FRAME_CHANNEL, id: randomId(), type: 'INIT_ERROR', payload: { message } })
    return { started: false, reason: message }
  }

  // Said before anything loads: the page then waits for READY rather than take this document's
  // silence while the config and the project load for a refusal (src/embedded/frameHost.ts).
  post({ channel: FRAME_CHANNEL, id: randomId(), type: 'LOADING', payload: {} })
  const query: FrameQuery | undefined = parseQuery(win.location.search)
  if (!query) return refuse(INVALID_KEY)
  const log = query.enableLogger ? (message: string, detail?: unknown) => console.info('[airlock frame]', message, detail ?? '') : undefined
  const fetcher: typeof fetch = win.fetch.bind(win)

  // Opened while the config and the project load (nothing is read from it before the checks below pass).
  const storeOpening = openIndexedDbStore(win.indexedDB)
  storeOpening.catch(() => undefined)
  let config: FrameConfig
  let project: ProjectInfo
  try {
    config = await loadConfig(fetcher, new URL('config.json', win.location.href).href)
    project = await createAuthClient({ authUrl: config.authUrl, projectId: query.projectId, origin: parentOrigin, fetch: fetcher }).project()
  } catch (error) {
    log?.('start failed', error)
    const unknownProject = error instanceof AuthError && (error.status === 404 || error.status === 401)
    return refuse(unknownProject ? INVALID_KEY : NETWORK_ERROR)
  }
  const patterns = [...project.allowedOrigins, ...DEFAULT_ALLOWED_ORIGINS]
  if (!origins.every((origin) => originAllowed(patterns, origin))) return refuse(ORIGIN_NOT_ALLOWED)
  // WebCrypto (the device key, the seals) exists only in a secure context, which a frame inside
  // an http page is not: say so rather than fail at the first login.
  if (!win.isSecureContext) return refuse(INSECURE_CONTEXT)

  let store
  try {
    store = await storeOpening
  } catch (error) {
    log?.('IndexedDB failed', error)
    return refuse(STORAGE_ERROR)
  }
  // The approval view is the frame's own: it reads the frame's chains and keys, never the page's words.
  const approver = createDomApprover({
    window: win,
    site: parentOrigin,
    ...(query.locale !== undefined && { locale: query.locale }),
    ...(query.themeMode !== undefined && { theme: query.themeMode }),
    post: (view) => post({ channel: FRAME_CHANNEL, id: randomId(), type: 'APPROVAL_VIEW', payload: view }),
    network: (request) => networkOf(frame.core, request),
    estimateFee: (request) => estimateFee(frame.core, request),
    details: (request) => tokenDetails(frame.core, request),
    ...(config.approvalTimeoutMs !== undefined && { timeoutMs: config.approvalTimeoutMs }),
  })
  // The recovery code is shown and typed only here, in the frame's own document.
  const recovery = createDomRecoveryPrompt({
    window: win,
    ...(query.locale !== undefined && { locale: query.locale }),
    post: (view) => post({ channel: FRAME_CHANNEL, id: randomId(), type: 'APPROVAL_VIEW', payload: view }),
  })
  const frame: Frame = createFrame({
    query,
    config,
    project,
    parentOrigin,
    store,
    // CANCEL_APPROVAL cancels a recovery view of the page's request as it does an approval.
    approver: {
      ask: (request) => approver.ask(request),
      cancel: (requestId) => {
        approver.cancel(requestId)
        recovery.cancel(requestId)
      },
    },
    recovery,
    fetch: fetcher,
    reload: () => win.location.reload(),
    applyTheme: (theme) => applyTheme(win.document, theme),
    ...(log && { log }),
  })
  const gate = createMessageGate({ parent, parentOrigin, post, handle: frame.handle, ...(log && { log }) })
  win.addEventListener('message', gate)
  post({ channel: FRAME_CHANNEL, id: randomId(), type: 'READY', payload: { version: VERSION, namespaces: servedNamespaces(config) } })
  return { started: true, frame, parentOrigin }
}

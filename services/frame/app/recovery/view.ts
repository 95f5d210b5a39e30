/**
 * The recovery views, in the frame's own document (DESIGN "Trust boundaries"): the recovery code
 * shown to the visitor (SHOW_RECOVERY_CODE), and the form where the visitor types it on a new
 * device (RECOVER_WALLET). The page learns only that the frame shows something for its request
 * (APPROVAL_VIEW: the id and the height), places the frame over its slot, and may cancel; it never
 * sees the code, which is only ever in this document. Built with DOM calls and textContent only,
 * styled through a constructed stylesheet (the frame's CSP forbids inline style).
 */
import type { ApprovalView as ViewPayload } from '../../../../src/embedded/protocol'
import { ProviderErrorCode } from '../../../../src/kernel/errors/codes'
import { FrameRequestError } from '../errors'
import type { RecoveryPrompt } from './prompt'
import { attemptError, recoveryTranslator, type RecoveryTranslate } from './strings'

export const RECOVERY_ABORTED = 'Request was aborted'

const CSS = `
.recovery { padding: 12px 16px 16px; display: flex; flex-direction: column; gap: 10px; font: 14px/1.4 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
.recovery[hidden] { display: none; }
.recovery h2 { font-size: 15px; margin: 0; }
.recovery p { margin: 0; }
.recovery .muted { opacity: .72; }
.recovery .code { font: 600 15px/1.6 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; letter-spacing: .04em; word-spacing: .2em; padding: 10px 12px; border-radius: 10px; background: color-mix(in srgb, CanvasText 6%, Canvas); overflow-wrap: anywhere; user-select: all; }
.recovery label { font-weight: 600; }
.recovery .form { display: flex; flex-direction: column; gap: 8px; }
.recovery textarea { font: 15px/1.5 ui-monospace, SFMono-Regular, Menlo, Consolas, monospace; padding: 8px 10px; border-radius: 10px; border: 1px solid color-mix(in srgb, CanvasText 30%, transparent); background: Canvas; color: CanvasText; resize: none; }
.recovery .status { color: #c62828; min-height: 0; font-size: 13px; }
.recovery .buttons { display: flex; gap: 8px; }
.recovery button { flex: 1; font: inherit; padding: 10px 12px; border-radius: 12px; border: 1px solid color-mix(in srgb, CanvasText 20%, transparent); background: Canvas; color: CanvasText; cursor: pointer; }
.recovery button.primary { background: #3b82f6; color: #fff; border-color: #3b82f6; }
.recovery button:disabled { opacity: .5; cursor: not-allowed; }
.recovery button:focus-visible, .recovery textarea:focus-visible { outline: 2px solid #3b82f6; outline-offset: 2px; }
`

export interface DomRecoveryOptions {
  readonly window: Window
  readonly locale?: string
  /** Tells the page what the view shows (posted to its origin only). */
  readonly post: (view: ViewPayload) => void
}

interface Shown {
  readonly requestId: string
  readonly reject: (error: unknown) => void
}

function el<K extends keyof HTMLElementTagNameMap>(doc: Document, tag: K, text?: string, className?: string): HTMLElementTagNameMap[K] {
  const node = doc.createElement(tag)
  if (text !== undefined) node.textContent = text
  if (className) node.className = className
  return node
}

const button = (doc: Document, text: string, className?: string) => {
  const node = el(doc, 'button', text, className)
  node.type = 'button'
  return node
}

export function createDomRecoveryPrompt(options: DomRecoveryOptions): RecoveryPrompt & { readonly root: HTMLElement } {
  const win = options.window
  const doc = win.document
  const t: RecoveryTranslate = recoveryTranslator(options.locale ?? win.navigator.language)
  try {
    const sheet = new CSSStyleSheet()
    sheet.replaceSync(CSS)
    doc.adoptedStyleSheets = [...doc.adoptedStyleSheets, sheet]
  } catch {
    // Unstyled still works: every control is a native one.
  }
  const root = el(doc, 'section', undefined, 'recovery')
  root.setAttribute('role', 'dialog')
  root.setAttribute('aria-labelledby', 'recovery-title')
  root.hidden = true
  // First in the document: the frame is sized to this view, so it must start at the top (the
  // approval view's root, hidden, may still take room after it).
  doc.body.prepend(root)
  let shown: Shown | null = null

  const postView = () =>
    options.post({ requestId: (shown?.requestId ?? null) as ViewPayload['requestId'], height: shown ? Math.ceil(root.getBoundingClientRect().height) : 0 })
  new ResizeObserver(() => shown !== null && postView()).observe(root)

  const close = () => {
    shown = null
    root.hidden = true
    root.replaceChildren()
    postView()
  }

  /** Shows `content` for `requestId`, replacing (and aborting) whatever was shown. */
  const open = (requestId: string, reject: (error: unknown) => void, content: HTMLElement[]) => {
    shown?.reject(new FrameRequestError(RECOVERY_ABORTED, ProviderErrorCode.USER_REJECTED))
    shown = { requestId, reject }
    root.replaceChildren(...content)
    root.hidden = false
    // The frame is sized to the view: its document never scrolls (a focus while the frame was still hidden would have).
    win.scrollTo(0, 0)
    postView()
  }

  const title = (text: string) => {
    const node = el(doc, 'h2', text)
    node.id = 'recovery-title'
    return node
  }

  return {
    root,
    showCode: (requestId, code) =>
      new Promise<void>((resolve, reject) => {
        const label = el(doc, 'p', t('codeLabel'), 'muted')
        label.id = 'recovery-code-label'
        const value = el(doc, 'p', code, 'code')
        value.dataset['recoveryCode'] = ''
        value.setAttribute('aria-labelledby', 'recovery-code-label')
        const done = button(doc, t('done'), 'primary')
        done.addEventListener('click', () => {
          if (shown?.requestId !== requestId) return
          close()
          resolve()
        })
        const buttons = el(doc, 'div', undefined, 'buttons')
        buttons.append(done)
        open(requestId, reject, [title(t('showTitle')), el(doc, 'p', t('showIntro'), 'muted'), label, value, buttons])
        done.focus({ preventScroll: true })
      }),

    askCode: (requestId, attempt) =>
      new Promise<void>((resolve, reject) => {
        const form = el(doc, 'div', undefined, 'form')
        const label = el(doc, 'label', t('inputLabel'))
        label.htmlFor = 'recovery-code-input'
        const input = el(doc, 'textarea')
        input.id = 'recovery-code-input'
        input.rows = 2
        input.autocomplete = 'off'
        input.spellcheck = false
        input.setAttribute('autocapitalize', 'characters')
        input.setAttribute('autocorrect', 'off')
        input.setAttribute('aria-describedby', 'recovery-status')
        const status = el(doc, 'p', '', 'status')
        status.id = 'recovery-status'
        status.setAttribute('role', 'alert')
        const cancel = button(doc, t('cancel'))
        const recover = button(doc, t('recover'), 'primary')
        const buttons = el(doc, 'div', undefined, 'buttons')
        buttons.append(cancel, recover)
        form.append(label, input, status, buttons)
        const busy = (working: boolean) => {
          recover.disabled = working
          cancel.disabled = working
          input.readOnly = working
          recover.textContent = working ? t('working') : t('recover')
          if (working) recover.setAttribute('aria-busy', 'true')
          else recover.removeAttribute('aria-busy')
        }
        /** The visitor's own click or Enter (a page script cannot reach into this document anyway). */
        const submit = (event: Event) => {
          event.preventDefault()
          if (!event.isTrusted || shown?.requestId !== requestId || recover.disabled) return
          const code = input.value
          busy(true)
          status.textContent = ''
          attempt(code).then(
            () => {
              if (shown?.requestId !== requestId) return
              close()
              resolve()
            },
            (error: unknown) => {
              if (shown?.requestId !== requestId) return
              busy(false)
              status.textContent = attemptError(t, error instanceof Error ? error.message : String(error))
              input.focus({ preventScroll: true })
              postView()
            },
          )
        }
        recover.addEventListener('click', submit)
        // Enter recovers; a line break is never part of a code.
        input.addEventListener('keydown', (event) => {
          if (event.key === 'Enter') submit(event)
        })
        cancel.addEventListener('click', () => {
          if (shown?.requestId !== requestId) return
          close()
          reject(new FrameRequestError(RECOVERY_ABORTED, ProviderErrorCode.USER_REJECTED))
        })
        open(requestId, reject, [title(t('askTitle')), el(doc, 'p', t('askIntro'), 'muted'), form])
        input.focus({ preventScroll: true })
      }),

    cancel(requestId) {
      if (shown === null || (requestId !== undefined && shown.requestId !== requestId)) return
      const { reject } = shown
      close()
      reject(new FrameRequestError(RECOVERY_ABORTED, ProviderErrorCode.USER_REJECTED))
    },
  }
}

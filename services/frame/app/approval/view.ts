/**
 * The approval view: the frame's own document showing what is asked, with Reject and Approve
 * (DESIGN "The secure frame decides"). Built with DOM calls and textContent only: every value
 * comes from the site's request and is shown as text, never parsed as HTML. Styled through a
 * constructed stylesheet, which the frame's CSP (no inline style) allows.
 */
import type { RequestDescription } from '../../../../src/format/describeRequest'
import type { Translate } from './strings'

export interface ViewContent {
  readonly site: string
  readonly network: string | null
  readonly description: RequestDescription
  /** The fee line's text: null for no fee line. */
  readonly fee: string | null
  readonly behind: number
}

const CSS = `
:root { color-scheme: light dark; font: 14px/1.4 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; }
:root[data-theme="light"] { color-scheme: light; } :root[data-theme="dark"] { color-scheme: dark; }
html, body { margin: 0; padding: 0; background: Canvas; color: CanvasText; }
main { padding: 12px 16px 16px; display: flex; flex-direction: column; gap: 8px; }
[hidden] { display: none !important; }
h1 { position: absolute; width: 1px; height: 1px; overflow: hidden; clip: rect(0 0 0 0); white-space: nowrap; } h2 { font-size: 15px; margin: 0; }
.muted { opacity: .72; margin: 0; }
dl { margin: 0; display: grid; grid-template-columns: max-content 1fr; gap: 4px 12px; }
dt { opacity: .72; } dd { margin: 0; overflow-wrap: anywhere; white-space: pre-wrap; font-variant-numeric: tabular-nums; }
.status { color: #c62828; margin: 0; font-size: 13px; }
.buttons { display: flex; gap: 8px; margin-top: 4px; }
button { flex: 1; font: inherit; padding: 10px 12px; border-radius: 12px; border: 1px solid color-mix(in srgb, CanvasText 20%, transparent); background: Canvas; color: CanvasText; cursor: pointer; }
button.primary { background: #3b82f6; color: #fff; border-color: #3b82f6; }
button:disabled { opacity: .5; cursor: not-allowed; }
button:focus-visible { outline: 2px solid #3b82f6; outline-offset: 2px; }
`

export interface ApprovalView {
  readonly root: HTMLElement
  readonly approve: HTMLButtonElement
  readonly reject: HTMLButtonElement
  render(content: ViewContent): void
  setFee(text: string | null): void
  /** Lines that arrive later (what a token call moves, read from the chain). */
  addLines(lines: readonly { readonly label: 'token' | 'tokenAmount'; readonly value: string }[]): void
  setBehind(count: number): void
  setApproveEnabled(enabled: boolean): void
  setStatus(text: string): void
  setWorking(working: boolean): void
  /** Hidden and empty: nothing waits. */
  clear(): void
}

function el<K extends keyof HTMLElementTagNameMap>(doc: Document, tag: K, text?: string, className?: string): HTMLElementTagNameMap[K] {
  const node = doc.createElement(tag)
  if (text !== undefined) node.textContent = text
  if (className) node.className = className
  return node
}

export function createApprovalView(doc: Document, t: Translate, theme?: 'light' | 'dark'): ApprovalView {
  try {
    const sheet = new CSSStyleSheet()
    sheet.replaceSync(CSS)
    doc.adoptedStyleSheets = [...doc.adoptedStyleSheets, sheet]
  } catch {
    // Unstyled still works: every control is a native one.
  }
  if (theme) doc.documentElement.dataset['theme'] = theme
  const root = el(doc, 'main')
  root.setAttribute('role', 'dialog')
  root.setAttribute('aria-labelledby', 'approval-title')
  root.hidden = true
  // Said to screen readers; the modal around the frame shows the same title.
  const title = el(doc, 'h1', t('title'))
  title.id = 'approval-title'
  const requestedBy = el(doc, 'p', '', 'muted')
  const kind = el(doc, 'h2')
  const lines = el(doc, 'dl')
  const more = el(doc, 'p', '', 'muted')
  const status = el(doc, 'p', '', 'status')
  status.setAttribute('role', 'alert')
  const buttons = el(doc, 'div', undefined, 'buttons')
  const reject = el(doc, 'button', t('reject'))
  reject.type = 'button'
  const approve = el(doc, 'button', t('approve'), 'primary')
  approve.type = 'button'
  approve.disabled = true
  buttons.append(reject, approve)
  root.append(title, requestedBy, kind, lines, more, status, buttons)
  doc.body.append(root)
  let feeValue: HTMLElement | null = null

  /** A label and its value, at the end of the list or before `before` (the fee stays last). */
  const line = (label: string, value: string, before: Element | null = null): HTMLElement => {
    const dd = el(doc, 'dd', value)
    lines.insertBefore(el(doc, 'dt', label), before)
    lines.insertBefore(dd, before)
    return dd
  }

  return {
    root,
    approve,
    reject,
    render({ site, network, description, fee, behind }) {
      root.hidden = false
      requestedBy.textContent = t('requestedBy', { site })
      kind.textContent = t(`kind.${description.kind}`)
      lines.replaceChildren()
      if (network !== null) line(t('line.network'), network)
      for (const item of description.lines) line(t(`line.${item.label}`, { name: item.name ?? '' }), item.value)
      feeValue = fee === null ? null : line(t('line.fee'), fee)
      this.setBehind(behind)
      status.textContent = ''
      approve.textContent = t('approve')
      approve.removeAttribute('aria-busy')
      reject.disabled = false
    },
    addLines(extra) {
      for (const item of extra) line(t(`line.${item.label}`), item.value, feeValue?.previousElementSibling ?? null)
    },
    setBehind(count) {
      more.textContent = count > 0 ? t('more', { count }) : ''
      more.hidden = count === 0
    },
    setFee(text) {
      if (feeValue && text !== null) feeValue.textContent = text
    },
    setApproveEnabled(enabled) {
      if (approve.getAttribute('aria-busy') !== 'true') approve.disabled = !enabled
    },
    setStatus(text) {
      status.textContent = text
    },
    setWorking(working) {
      approve.disabled = working
      reject.disabled = working
      approve.textContent = working ? t('working') : t('approve')
      if (working) approve.setAttribute('aria-busy', 'true')
      else approve.removeAttribute('aria-busy')
    },
    clear() {
      root.hidden = true
      lines.replaceChildren()
      status.textContent = ''
      feeValue = null
    },
  }
}

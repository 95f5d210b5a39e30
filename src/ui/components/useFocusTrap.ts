/**
 * Keep keyboard focus inside the dialog while it is open, move it in on open, and give it back
 * to whatever had it before (the opener) on close. Keys are handled at the document, so Escape
 * and Tab work even when the element that had focus was removed by a view change.
 */
import { useEffect, type RefObject } from 'react'

const FOCUSABLE = 'button:not([disabled]), [href], input:not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])'

function focusables(root: HTMLElement): HTMLElement[] {
  return [...root.querySelectorAll<HTMLElement>(FOCUSABLE)].filter((el) => !el.closest('[inert]'))
}

/** The element focused inside the dialog's shadow root (or document), if it is in the dialog. */
function focusedIn(dialog: HTMLElement): Element | null {
  const root = dialog.getRootNode() as Document | ShadowRoot
  const active = root.activeElement
  return active && dialog.contains(active) ? active : null
}

export function useFocusTrap(ref: RefObject<HTMLElement | null>, onEscape: () => void, viewKey: string, active = true): void {
  useEffect(() => {
    const dialog = ref.current
    // A dialog drawn ahead of its open, hidden (issue 27 §1), traps nothing until it is shown.
    if (!dialog || !active) return
    const owner = dialog.ownerDocument
    // The body is no opener: it takes no focus back (`body.focus()` does nothing), which left focus
    // on the closed dialog for a script's open.
    const before = owner.activeElement
    const opener = before instanceof HTMLElement && before !== owner.body && !before.matches('airlock-modal') ? before : null
    ;(focusables(dialog)[0] ?? dialog).focus()

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.stopPropagation()
        onEscape()
        return
      }
      if (event.key !== 'Tab') return
      const items = focusables(dialog)
      const active = focusedIn(dialog)
      const first = items[0]
      const last = items[items.length - 1]
      if (!first || !last) {
        event.preventDefault()
        dialog.focus()
      } else if (!active) {
        event.preventDefault()
        ;(event.shiftKey ? last : first).focus()
      } else if (event.shiftKey && active === first) {
        event.preventDefault()
        last.focus()
      } else if (!event.shiftKey && active === last) {
        event.preventDefault()
        first.focus()
      }
    }
    owner.addEventListener('keydown', onKeyDown, true)
    return () => {
      owner.removeEventListener('keydown', onKeyDown, true)
      // Give focus back to the opener, if it is still in the page. With none (the modal opened by
      // a script, or its opener gone), focus leaves the dialog for the page's body at once, not a
      // task later when the browser finds it on a control of the closed dialog (now inert): the
      // clean-clone run at efa69cb read the modal's host as document.activeElement after Escape.
      if (opener && opener.isConnected) opener.focus()
      else (focusedIn(dialog) as HTMLElement | null)?.blur()
    }
  }, [ref, onEscape, active])

  // After a view change the focused control may be gone: keep focus in the dialog.
  useEffect(() => {
    const dialog = ref.current
    if (dialog && active && !focusedIn(dialog)) (focusables(dialog)[0] ?? dialog).focus()
  }, [ref, viewKey, active])
}

/**
 * Mount the modal into a shadow root on a host element appended to the body (SPEC §2), so the
 * page's styles and the modal's do not meet. Loaded lazily on the first open: a page fetches no
 * modal code before it is needed. The stylesheet is adopted (no inline <style>), and the theme's
 * custom properties are set through the CSSOM, so a strict CSP allows both.
 */
import { createRoot, type Root } from 'react-dom/client'
import { distinctUntilChanged, filter, map } from 'rxjs'
import type { AirlockInstance } from '../ports/instance'
import { AirlockProvider } from './react/context'
import { ModalRoot } from './ModalRoot'
import { loadAccountView } from './views/AccountView'
import { modalCss } from './theme/styles'
import { themeProperties } from './theme/variables'

export interface MountedModal {
  readonly host: HTMLElement
  unmount(): void
}

/** Apply the instance's theme to an element and keep it applied; returns the unsubscribe. */
export function applyTheme(airlock: AirlockInstance, element: HTMLElement): () => void {
  const subscription = airlock.state$
    .pipe(
      map((state) => state.options.resolved),
      distinctUntilChanged((a, b) => a?.themeMode === b?.themeMode && a?.themeVariables === b?.themeVariables),
    )
    .subscribe((options) => {
      const properties = themeProperties(options?.themeMode ?? 'light', options?.themeVariables ?? {})
      for (const [name, value] of Object.entries(properties)) element.style.setProperty(name, value)
      element.dataset.theme = options?.themeMode ?? 'light'
    })
  return () => subscription.unsubscribe()
}

/** Create the shadow root's stylesheet once per document. */
function adoptStyles(shadow: ShadowRoot): void {
  const sheet = new CSSStyleSheet()
  sheet.replaceSync(modalCss)
  shadow.adoptedStyleSheets = [sheet]
}

export function mountModal(airlock: AirlockInstance, document: Document): MountedModal {
  const host = document.createElement('airlock-modal')
  document.body.append(host)
  const mounted = mountModalInto(airlock, host, true)
  return {
    host,
    unmount() {
      mounted.unmount()
      host.remove()
    },
  }
}

/**
 * Render the modal into `host` (a shadow root is attached to it): the embedded form of SPEC §2.
 * `prepare`: draw Connect hidden while closed, so the open costs one frame (issue 27 §1; ModalRoot).
 */
export function mountModalInto(airlock: AirlockInstance, host: HTMLElement, prepare = false): MountedModal {
  const shadow = host.shadowRoot ?? host.attachShadow({ mode: 'open' })
  adoptStyles(shadow)
  const container = host.ownerDocument.createElement('div')
  shadow.append(container)
  const stopTheme = applyTheme(airlock, host)
  // Account's drawing is a chunk of its own (issue 27 §1): fetched as a connection starts or once one
  // exists (a restore's too), not with the modal on a disconnected visitor's page.
  const account = airlock.state$
    .pipe(
      map((state) => state.connection.status !== 'disconnected'),
      distinctUntilChanged(),
      filter(Boolean),
    )
    .subscribe(() => void loadAccountView().catch(() => undefined))
  const root: Root = createRoot(container)
  root.render(
    <AirlockProvider airlock={airlock}>
      <ModalRoot prepare={prepare} />
    </AirlockProvider>,
  )
  return {
    host,
    unmount() {
      stopTheme()
      account.unsubscribe()
      root.unmount()
      container.remove()
    },
  }
}

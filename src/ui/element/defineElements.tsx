/**
 * Airlock's custom elements, for a page with no React of its own (`airlock/standalone` bundles
 * React in): `<airlock-button>` renders `<ConnectButton/>` ("Connect wallet", then the account),
 * `<airlock-network-button>` renders `<NetworkButton/>`. Each renders into its own open shadow
 * root, so the page's styles and the buttons' do not meet; the buttons adopt their stylesheet
 * there (a constructed sheet, no `<style>` element, as the modal's), so a strict CSP allows them.
 * The classes are made when `defineAirlockElements` is called, never at import: `HTMLElement`
 * exists only in a browser.
 */
import { createElement, type ReactElement } from 'react'
import { createRoot, type Root } from 'react-dom/client'
import type { AirlockInstance } from '../../ports/instance'
import { AirlockError, ErrorCategory } from '../../kernel/errors'
import { AirlockProvider } from '../react/context'
import { ConnectButton, NetworkButton } from '../react/components/buttons'
import { OBSERVED_ATTRIBUTES, elementProps, type ElementProps } from './attributes'

/** The element names, and what each renders from its attributes' props. */
const ELEMENTS: readonly (readonly [string, (props: ElementProps) => ReactElement])[] = [
  ['airlock-button', (props) => createElement(ConnectButton, props)],
  // The network button has no text to replace and no balance.
  ['airlock-network-button', ({ size, compact }) => createElement(NetworkButton, { size, compact })],
]

/** The host lays out as an inline box around its button. */
const HOST_CSS = ':host { display: inline-block; vertical-align: middle; } :host([hidden]) { display: none; }'

/** The instance each element registry's elements render, so a second call can be checked. */
const defined = new WeakMap<CustomElementRegistry, AirlockInstance>()

/** One element class, bound to `airlock`, rendering `render(its attributes' props)`. */
function elementClass(airlock: AirlockInstance, render: (props: ElementProps) => ReactElement): CustomElementConstructor {
  return class extends HTMLElement {
    static readonly observedAttributes = OBSERVED_ATTRIBUTES
    #root: Root | undefined

    connectedCallback(): void {
      const shadow = this.shadowRoot ?? this.#attach()
      this.#root ??= createRoot(shadow.lastElementChild ?? shadow)
      this.#render()
    }

    disconnectedCallback(): void {
      this.#root?.unmount()
      this.#root = undefined
    }

    attributeChangedCallback(): void {
      this.#render()
    }

    #attach(): ShadowRoot {
      const shadow = this.attachShadow({ mode: 'open' })
      const sheet = new CSSStyleSheet()
      sheet.replaceSync(HOST_CSS)
      shadow.adoptedStyleSheets = [sheet]
      // React renders into a container of its own: the shadow root keeps only what React puts there.
      shadow.append(this.ownerDocument.createElement('span'))
      return shadow
    }

    #render(): void {
      const props = elementProps((name) => this.getAttribute(name))
      this.#root?.render(createElement(AirlockProvider, { airlock }, render(props)))
    }
  }
}

/**
 * Define `<airlock-button>` and `<airlock-network-button>` on the page, rendering `airlock`'s
 * state. Attributes: `label` (the Connect button's text), `size` (`sm`, `md` or `lg`), `compact`,
 * `show-balance="false"`. Elements already in the page upgrade at once. Calling it again with the
 * same instance does nothing; with another instance it throws an `AirlockError` (a page's element
 * names are defined once).
 *
 * ```ts
 * import { createAirlock, defineAirlockElements, ethereum } from 'airlock/standalone'
 *
 * defineAirlockElements(createAirlock({ projectId: 'my-project', networks: [ethereum] }))
 * // <airlock-button></airlock-button> <airlock-network-button size="sm"></airlock-network-button>
 * ```
 */
export function defineAirlockElements(airlock: AirlockInstance): void {
  const registry = customElements
  const existing = defined.get(registry)
  if (existing === airlock) return
  if (existing !== undefined || ELEMENTS.some(([name]) => registry.get(name) !== undefined)) {
    throw new AirlockError("Airlock's elements are already defined on this page", {
      category: ErrorCategory.INVALID_OPTIONS,
      details: 'defineAirlockElements is called once per page, with the one instance the elements show',
    })
  }
  defined.set(registry, airlock)
  for (const [name, render] of ELEMENTS) registry.define(name, elementClass(airlock, render))
}

/**
 * The parts both demo pages (index.html and wagmi.html) show: the skip link and the header (the
 * name, the links to the pages, the place of Airlock's buttons), and the developer's section (the
 * live events, the state). The pages are static files served as they are, with no build step that
 * could share a partial between them; rather than a copy of this markup in each, this one module
 * builds it, and the pages hold a `#developer` placeholder where that section goes.
 *
 * The first paint is not changed by it: every text of the pages comes from ./strings through
 * fillTexts, and ./page calls this just before fillTexts, in the same task, before anything is
 * awaited; before that task the pages show no text. The CSP is not touched either: DOM calls only,
 * no HTML parsed, no inline style or script. The texts go in by `data-text` keys, as in the HTML.
 */
import { byId } from './shell'

function element(tag: string, attributes: Readonly<Record<string, string>>, ...children: readonly Node[]): HTMLElement {
  const node = document.createElement(tag)
  for (const [name, value] of Object.entries(attributes)) node.setAttribute(name, value)
  node.append(...children)
  return node
}

export function buildFrame(): void {
  const skip = element('a', { class: 'skip', href: '#main', 'data-text': 'skipToContent' })
  const header = element(
    'header',
    { class: 'topbar' },
    element('div', { class: 'brand' }, element('h1', { 'data-text': 'title' }), element('nav', { id: 'pages', class: 'pages', hidden: '' })),
    element('div', { id: 'wallet-buttons', class: 'wallet-buttons', role: 'group' }),
  )
  document.body.prepend(skip, header)

  const events = element(
    'section',
    { class: 'card events', 'aria-labelledby': 'events-heading' },
    element(
      'div',
      { class: 'card-head' },
      element('h2', { id: 'events-heading', 'data-text': 'eventsHeading' }),
      element('button', { type: 'button', id: 'clear-events', class: 'small', 'data-text': 'clearEvents' }),
    ),
    element('p', { class: 'hint', 'data-text': 'eventsLead' }),
    element('pre', { class: 'inline-code', tabindex: '0' }, element('code', { 'data-code': 'events' })),
    element('ol', { id: 'events', class: 'event-list', 'aria-labelledby': 'events-heading', tabindex: '0' }),
  )
  const state = element(
    'details',
    { class: 'card state' },
    element('summary', { 'data-text': 'stateSummary' }),
    element('pre', { id: 'state', 'aria-live': 'off', tabindex: '0' }),
  )
  byId('developer').replaceWith(events, state)
}

// Reown AppKit (bench/peers/appkit's lockfile, no adapter), for bench/buttons: its connect button
// in both sizes and its network button, as AppKit documents them, on Ethereum mainnet. AppKit's
// own connected button needs its hosted APIs (this machine reaches no outside host), so only its
// disconnected forms are compared. Plain JS: built from the peer's own install in .cache.
import { createAppKit } from '@reown/appkit'
import { mainnet } from '@reown/appkit/networks'

const dark = new URLSearchParams(location.search).get('theme') === 'dark'
document.documentElement.dataset.theme = dark ? 'dark' : 'light'
createAppKit({
  networks: [mainnet],
  projectId: 'b0000000000000000000000000000000',
  themeMode: dark ? 'dark' : 'light',
  // AppKit's own font (KHTeka) loads from fonts.reown.com, which this machine does not reach:
  // without this the buttons fall back to a serif face no visitor sees. The system stack instead.
  themeVariables: { '--w3m-font-family': 'system-ui, sans-serif' },
  metadata: { name: 'Bench', description: 'Peer benchmark page', url: location.origin, icons: [] },
})

const row = (label, html) => {
  const section = document.createElement('section')
  section.className = 'row'
  const title = document.createElement('h2')
  title.textContent = label
  section.append(title)
  for (const [tag, attributes] of html) {
    const element = document.createElement(tag)
    for (const [name, value] of Object.entries(attributes)) element.setAttribute(name, value)
    section.append(element)
  }
  return section
}
const main = document.createElement('main')
main.append(
  row('sm', [
    ['appkit-button', { size: 'sm' }],
    ['appkit-network-button', {}],
  ]),
  row('md', [
    ['appkit-button', { size: 'md' }],
    ['appkit-network-button', {}],
  ]),
)
document.getElementById('root').append(main)
await customElements.whenDefined('appkit-button')
await new Promise((resolve) => setTimeout(resolve, 1500))
document.body.dataset.ready = 'true'

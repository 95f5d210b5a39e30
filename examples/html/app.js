// The page's one script. `./airlock/` is a copy of the package's standalone build
// (node_modules/airlock/dist/standalone: airlock.js and its chunks/), served by the site itself:
// React and every other dependency are inside it, so the browser resolves nothing by name.
import { createAirlock, defineAirlockElements } from './airlock/airlock.js'
import { networks } from './networks.js'

const airlock = createAirlock({
  projectId: 'html-example',
  networks,
  metadata: { name: 'Airlock on a plain HTML page', description: 'The plain-HTML example', url: location.origin, icons: [] },
})

// <airlock-button> and <airlock-network-button> render this instance's state from now on.
defineAirlockElements(airlock)

// The instance is the whole API: open(), disconnect(), getProvider(), the event stream, …
airlock.subscribeEvents((event) => console.info('airlock', event.type))

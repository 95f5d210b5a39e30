// Airlock: the ConnectButton and its modal, on Ethereum mainnet, with its default (hosted) API
// URLs, which the bench aborts as it aborts the peers' services. `?config=` points it at a local
// config service instead (the search and scroll measures use that). `airlock` is the library as
// published (bench/peers/run.mjs builds it and resolves the package's exports there).
import { createRoot } from 'react-dom/client'
import { createAirlock, ethereum } from 'airlock'
import { AirlockProvider, ConnectButton } from 'airlock/react'

const config = new URLSearchParams(location.search).get('config')
const airlock = createAirlock({
  projectId: 'b0000000000000000000000000000000',
  networks: [ethereum],
  metadata: { name: 'Bench', description: 'Peer benchmark page', url: location.origin, icons: [] },
  ...(config ? { apiUrls: { config } } : {}),
})
createRoot(document.getElementById('root')!).render(
  <AirlockProvider airlock={airlock}>
    <ConnectButton />
  </AirlockProvider>,
)

/**
 * `airlock/wagmi`: Airlock as a wagmi app's modal. A wagmi connector over an Airlock instance,
 * and the parameters of wagmi's `createConfig` built from Airlock's networks. Only wagmi's types
 * are imported (wagmi, @wagmi/core and TanStack Query are optional peer dependencies), so the
 * same build works with wagmi 2 and wagmi 3, and nothing of it is in `airlock`'s own entry.
 *
 * ```tsx
 * import { createAirlock, ethereum } from 'airlock'
 * import { wagmiParameters } from 'airlock/wagmi'
 * import { createConfig, WagmiProvider } from 'wagmi'
 *
 * const airlock = createAirlock({ projectId: 'your-project-id', networks: [ethereum] })
 * const config = createConfig(wagmiParameters(airlock))
 * ```
 */
export { airlockConnector, type AirlockConnectorOptions, type AirlockConnectorProperties } from './connector'
export { wagmiParameters, type WagmiParameters } from './parameters'
export type { AirlockEip1193Provider } from './provider'

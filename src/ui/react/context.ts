/** The React context that carries an Airlock instance, and the provider that sets it. */
import { createContext, createElement, useContext, type ReactNode } from 'react'
import type { AirlockInstance } from '../../ports/instance'
import { AirlockError } from '../../kernel/errors'

const AirlockContext = createContext<AirlockInstance | null>(null)

/**
 * Make an instance available to the hooks below it.
 *
 * ```tsx
 * <AirlockProvider airlock={airlock}><App /></AirlockProvider>
 * ```
 */
export function AirlockProvider(props: { readonly airlock: AirlockInstance; readonly children?: ReactNode }): ReactNode {
  return createElement(AirlockContext.Provider, { value: props.airlock }, props.children)
}

/** The instance of the nearest provider; throws outside one, so a missing provider is found early. */
export function useAirlock(): AirlockInstance {
  const airlock = useContext(AirlockContext)
  if (!airlock) throw new AirlockError('useAirlock must be used inside <AirlockProvider>')
  return airlock
}

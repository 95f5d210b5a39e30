/**
 * `setLocale` (issue 26 §5): a live instance switches its locale as it switches its theme, checked
 * as the `locale` option is, on a real instance.
 */
import { describe, expect, it } from 'vitest'
import { VirtualTimeScheduler } from 'rxjs'
import { createAirlock, ethereum, AirlockError } from '../../src/index'
import { memoryStorage } from '../../src/kernel/deps'

function start() {
  return createAirlock(
    { projectId: 'p', networks: [ethereum], locale: 'en' },
    { deps: { storage: memoryStorage(), fetch: undefined, window: undefined, scheduler: new VirtualTimeScheduler(), logger: { warn() {}, error() {} } } },
  )
}

describe('setLocale', () => {
  it('changes the resolved locale in state, and back', () => {
    const airlock = start()
    expect(airlock.getState().options.resolved?.locale).toBe('en')
    airlock.setLocale('de')
    expect(airlock.getState().options.resolved?.locale).toBe('de')
    airlock.setLocale('en')
    expect(airlock.getState().options.resolved?.locale).toBe('en')
    airlock.destroy()
  })

  it('throws the error the option gives for a value it refuses, and changes nothing', () => {
    const airlock = start()
    airlock.setLocale('de')
    const bad = 42 as unknown as string
    let optionError: unknown
    try {
      createAirlock({ projectId: 'p', networks: [ethereum], locale: bad }, { deps: { window: undefined, storage: memoryStorage(), fetch: undefined } })
    } catch (error) {
      optionError = error
    }
    expect(optionError).toBeInstanceOf(AirlockError)
    expect(() => airlock.setLocale(bad)).toThrow((optionError as Error).message)
    expect(() => airlock.setLocale(bad)).toThrow(AirlockError)
    expect(airlock.getState().options.resolved?.locale).toBe('de')
    airlock.destroy()
  })
})

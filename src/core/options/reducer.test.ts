import { describe, expect, it } from 'vitest'
import { createEvent, type AirlockEvent } from '../../kernel/registry'
import { reduceOptions, MAX_ALERTS } from './reducer'
import { initialOptionsState, type OptionsState } from './state'
import { resolveOptions } from './resolve'
import { localConfigurationIgnoredAlert, networkNotFoundAlert, originNotAllowedAlert } from './alerts'
import { NO_FEATURES } from './defaults'

const reduce = (state: OptionsState, ...events: AirlockEvent[]): OptionsState => events.reduce((s, event) => reduceOptions(s, event), state)

const CONFIG = { config: 'http://127.0.0.1:4001' }

const init = (input: Record<string, unknown> = { projectId: 'p1', apiUrls: CONFIG }): OptionsState =>
  reduce(initialOptionsState, createEvent('OPTIONS_INITIALIZED', { options: resolveOptions(input).options }))

describe('options reducer', () => {
  it('has every feature off before the options arrive, so no plugin loads on a guess', () => {
    expect(initialOptionsState.features).toEqual(NO_FEATURES)
    expect(Object.values(initialOptionsState.features).every((v) => v === false)).toBe(true)
  })

  it('takes the resolved options and their features; remote configuration is loading with a project id and a config API (SPEC §7)', () => {
    const state = init({ projectId: 'p1', apiUrls: CONFIG, features: { swaps: false } })
    expect(state.resolved?.projectId).toBe('p1')
    expect(state.localFeatures.swaps).toBe(false)
    expect(state.features).toEqual(state.localFeatures)
    expect(state.configuredRemoteFeatures).toEqual({ swaps: false })
    expect(state.remoteStatus).toBe('loading')
  })

  it('does not wait for remote configuration without a project id (SPEC §5), nor without a config API', () => {
    expect(init({ apiUrls: CONFIG }).remoteStatus).toBe('idle')
    expect(init({ projectId: 'p1' }).remoteStatus).toBe('idle')
  })

  it('merges remote features over local ones and keeps both (SPEC §3 remoteFeatures, §7)', () => {
    const state = reduce(
      init({ projectId: 'p1', features: { email: true, pay: true } }),
      createEvent('REMOTE_FEATURES_LOADED', { features: { email: false, socials: ['x'] } }),
    )
    expect(state.features).toMatchObject({ email: false, socials: ['x'], pay: true, swaps: true })
    expect(state.localFeatures.email).toBe(true)
    expect(state.remoteFeatures).toEqual({ email: false, socials: ['x'] })
    expect(state.remoteStatus).toBe('loaded')
  })

  it('keeps the features reference when the remote answer changes no switch', () => {
    const before = init()
    const after = reduce(before, createEvent('REMOTE_FEATURES_LOADED', { features: { email: true, socials: [...(before.features.socials || [])] } }))
    expect(after.features).toBe(before.features)
    expect(after.remoteStatus).toBe('loaded')
  })

  it('keeps the local features when remote configuration fails (SPEC §7)', () => {
    const before = init({ projectId: 'p1', features: { onramp: false } })
    const after = reduce(before, createEvent('REMOTE_FEATURES_FAILED', { message: 'HTTP status code: 500' }))
    expect(after.features).toBe(before.features)
    expect(after.remoteStatus).toBe('failed')
  })

  it('applies run-time local changes, but a remote value still wins on its feature (SPEC §8)', () => {
    const loaded = reduce(init(), createEvent('REMOTE_FEATURES_LOADED', { features: { swaps: true } }))
    const after = reduce(loaded, createEvent('LOCAL_FEATURES_CHANGED', { features: { swaps: false, pay: true, siwx: true } }))
    expect(after.localFeatures).toMatchObject({ swaps: false, pay: true, siwx: false })
    expect(after.features).toMatchObject({ swaps: true, pay: true, siwx: false })
    expect(after.configuredRemoteFeatures).toEqual({ swaps: false })
  })

  it('a run-time change to a feature remote does not set takes effect at once', () => {
    const after = reduce(init(), createEvent('LOCAL_FEATURES_CHANGED', { features: { swaps: false } }))
    expect(after.features.swaps).toBe(false)
  })

  it('records each alert once, oldest first, keeping the latest MAX_ALERTS (SPEC §8)', () => {
    const once = reduce(init(), createEvent('ALERT_RAISED', networkNotFoundAlert), createEvent('ALERT_RAISED', networkNotFoundAlert))
    expect(once.alerts).toEqual([networkNotFoundAlert])
    const many = Array.from({ length: MAX_ALERTS + 3 }, (_, i) => createEvent('ALERT_RAISED', originNotAllowedAlert(`https://${i}.example`)))
    const bounded = reduce(once, ...many)
    expect(bounded.alerts).toHaveLength(MAX_ALERTS)
    expect(bounded.alerts.at(-1)).toEqual(originNotAllowedAlert(`https://${MAX_ALERTS + 2}.example`))
    expect(bounded.alerts.some((a) => a.code === networkNotFoundAlert.code)).toBe(false)
  })

  it('keeps alerts of one code that say different things', () => {
    const state = reduce(
      init(),
      createEvent('ALERT_RAISED', localConfigurationIgnoredAlert(['email'])),
      createEvent('ALERT_RAISED', localConfigurationIgnoredAlert(['swaps'])),
    )
    expect(state.alerts).toHaveLength(2)
  })

  it('changes the theme mode and variables at run time (SPEC §3 theme)', () => {
    const state = reduce(
      init({ projectId: 'p1', themeVariables: { '--al-accent': '#000' } }),
      createEvent('THEME_CHANGED', { themeMode: 'dark' }),
      createEvent('THEME_CHANGED', { themeVariables: { '--al-z-index': 5 } }),
    )
    expect(state.resolved?.themeMode).toBe('dark')
    expect(state.resolved?.themeVariables).toEqual({ '--al-accent': '#000', '--al-z-index': 5 })
  })

  it('ignores a theme change before the options and any event it does not handle (same reference)', () => {
    expect(reduce(initialOptionsState, createEvent('THEME_CHANGED', { themeMode: 'dark' }))).toBe(initialOptionsState)
    const state = init()
    expect(reduce(state, createEvent('MODAL_CLOSE', { connected: false }))).toBe(state)
    expect(reduce(state, createEvent('THEME_CHANGED', { themeMode: 'light' }))).toBe(state)
  })
})

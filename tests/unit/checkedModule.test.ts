/**
 * Issue 26 §1: a plugin's typos fail at compile time. `defineModule` without type arguments types
 * an action's or tab's `label` from the module's English strings, their `view` and a Connect
 * entry's from its views, `publicEvents` from its events, and `namespaces` from SPEC §3's; each `@ts-expect-error` below is a
 * typo that compiled before (tsc checks this file: an expectation with no error fails it). At run
 * time the host still refuses what a JavaScript plugin gets wrong.
 */
import { describe, expect, it } from 'vitest'
import * as t from 'io-ts'
import { defineModule, type PortDeps } from '../../src/plugin'
import { contributionsOf } from '../../src/kernel/contributions'

const strings = { en: { 'titles.Stats': 'Stats', open: 'Open stats', tab: 'Stats' }, de: { open: 'Statistik' } }
const views = { Stats: () => Promise.resolve({ default: null }) }
const events = { STATS_COUNTED: t.type({ type: t.literal('STATS_COUNTED'), payload: t.type({}) }) }

describe('defineModule checks what a module names against what it has', () => {
  it('a module that names only its own strings, views and events compiles and loads', () => {
    const module = defineModule({
      id: 'stats',
      initialState: { count: 0 },
      views,
      strings,
      events,
      publicEvents: ['STATS_COUNTED'],
      accountActions: [{ id: 'stats', label: 'open', view: 'Stats', namespaces: ['eip155'] }],
      accountTabs: [{ id: 'stats', label: 'tab', view: 'Stats', namespaces: ['eip155'] }],
      connectMethods: [{ id: 'stats', group: 'wallet', view: 'Stats' }],
    })
    expect(contributionsOf(module, new Set()).views).toEqual(['Stats'])
  })

  it('typos are compile errors', () => {
    const typos = [
      defineModule({
        id: 'a',
        initialState: null,
        views,
        strings,
        // @ts-expect-error -- 'opne' is not a key of strings.en
        accountActions: [{ id: 'a', label: 'opne', view: 'Stats', namespaces: ['eip155'] }],
      }),
      defineModule({
        id: 'b',
        initialState: null,
        views,
        strings,
        // @ts-expect-error -- the module registers no view 'Stast'
        accountActions: [{ id: 'b', label: 'open', view: 'Stast', namespaces: ['eip155'] }],
      }),
      defineModule({
        id: 'c',
        initialState: null,
        views,
        strings,
        // @ts-expect-error -- neither 'tabb' nor 'Stast' is the module's
        accountTabs: [{ id: 'c', label: 'tabb', view: 'Stast', namespaces: ['eip155'] }],
      }),
      // @ts-expect-error -- the module registers no view 'Email'
      defineModule({ id: 'd', initialState: null, views, connectMethods: [{ id: 'd', group: 'email', view: 'Email' }] }),
      // @ts-expect-error -- the module declares no event 'STATS_COUNT'
      defineModule({ id: 'e', initialState: null, events, publicEvents: ['STATS_COUNT'] }),
      defineModule({
        id: 'f',
        initialState: null,
        views,
        strings,
        // @ts-expect-error -- 'eip15' is not a namespace of SPEC §3
        accountActions: [{ id: 'f', label: 'open', view: 'Stats', namespaces: ['eip15'] }],
      }),
    ]
    // At run time the host refuses the first two before they run (a JavaScript plugin's typos).
    expect(() => contributionsOf(typos[0] as never, new Set())).toThrow('the label "opne" of "a" is missing from strings.en')
    expect(() => contributionsOf(typos[1] as never, new Set())).toThrow('"b" shows the view "Stast", which the plugin does not register')
  })

  it('explicit type arguments still compile as before (labels and views checked when the plugin loads)', () => {
    const module = defineModule<null, PortDeps>({
      id: 'legacy',
      initialState: null,
      views,
      strings,
      accountActions: [{ id: 'legacy', label: 'anything', view: 'Stats', namespaces: ['eip155'] }],
    })
    expect(() => contributionsOf(module, new Set())).toThrow('the label "anything"')
  })
})

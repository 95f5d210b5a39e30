import { describe, expect, it } from 'vitest'
import { contributionsOf, viewTitleKey } from './contributions'
import { defineModule, type AnyModule } from './module'

const view = async () => ({ default: () => null })
const base = defineModule({
  id: 'send',
  initialState: null,
  views: { WalletSend: view, WalletSendDone: view },
  strings: { en: { 'titles.WalletSend': 'Send', 'titles.WalletSendDone': 'Sent', button: 'Send' } },
  accountActions: [{ id: 'send', label: 'button', view: 'WalletSend', namespaces: ['eip155', 'solana'] }],
})
const variant = (patch: Partial<AnyModule>): AnyModule => ({ ...base, ...patch })
const refusal = (module: AnyModule, taken: readonly string[] = []) => {
  try {
    contributionsOf(module, new Set(taken))
    return undefined
  } catch (error) {
    return (error as Error).message
  }
}

describe('contributionsOf: what a plugin brings, checked at load (issue 11 §1)', () => {
  it('gives the serialisable part: view names and the entries, only the kinds the module has', () => {
    expect(contributionsOf(base, new Set(['Connect']))).toEqual({
      views: ['WalletSend', 'WalletSendDone'],
      accountActions: [{ id: 'send', label: 'button', view: 'WalletSend', namespaces: ['eip155', 'solana'] }],
    })
    expect(contributionsOf({ id: 'bare', initialState: null }, new Set())).toEqual({})
    expect(viewTitleKey('WalletSend')).toBe('titles.WalletSend')
  })

  it('refuses a view name the core or another plugin has, naming it', () => {
    expect(refusal(base, ['WalletSend'])).toBe('Plugin send was not loaded: the view name "WalletSend" is taken by the core or another plugin')
  })

  it('refuses an entry whose view the plugin does not register', () => {
    const module = variant({ accountTabs: [{ id: 'tokens', label: 'button', view: 'Tokens', namespaces: ['eip155'] }] })
    expect(refusal(module)).toContain('"tokens" shows the view "Tokens", which the plugin does not register')
  })

  it('refuses a label or a view title missing from the English strings', () => {
    expect(refusal(variant({ strings: { en: { 'titles.WalletSend': 'Send', 'titles.WalletSendDone': 'Sent' } } }))).toContain(
      'the label "button" of "send" is missing from strings.en',
    )
    expect(refusal(variant({ strings: { en: { 'titles.WalletSend': 'Send', button: 'Send' } } }))).toContain(
      'the title of view "WalletSendDone" ("titles.WalletSendDone") is missing from strings.en',
    )
    expect(refusal(variant({ strings: undefined }))).toContain('need English strings')
  })

  it('refuses entries that do not decode, twice the same id, and a view without a loader', () => {
    expect(refusal(variant({ connectMethods: [{ id: 'email', group: 'phone', view: 'WalletSend' }] as never }))).toContain(
      'connectMethods must be a list of ConnectMethodContribution',
    )
    const twice = { id: 'send', label: 'button', view: 'WalletSend', namespaces: [] }
    expect(refusal(variant({ accountActions: [twice, twice] }))).toContain('accountActions has the id "send" twice')
    expect(refusal(variant({ views: { WalletSend: 'nope' as never } }))).toContain('view "WalletSend" needs a loader')
  })
})

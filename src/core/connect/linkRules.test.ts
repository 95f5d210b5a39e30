/** The link method per browser (issue 28 §5), on real user agents of the in-app browsers people complain about. */
import { describe, expect, it, vi } from 'vitest'
import { linkMethod, openLink, type LinkWindow } from './linkRules'
import { IN_APP_BROWSERS } from '../../../tests/support/inAppUserAgents'

const UNIVERSAL = 'https://link.trustwallet.com/wc?uri=wc%3Aab%402'
const SCHEME = 'trust://wc?uri=wc%3Aab%402'
const WEB_APP = 'https://app.wallet.example/?uri=wc%3Aab%402'

function fakeWindow(userAgent: string, telegram: boolean) {
  const calls: string[] = []
  const win: LinkWindow = {
    navigator: { userAgent },
    location: { assign: (url) => void calls.push(`assign ${url}`) },
    open: (url, target, features) => void calls.push(`open ${url} ${target ?? ''} ${features ?? ''}`.trim()),
    ...(telegram ? { Telegram: { WebApp: { openLink: (url: string) => void calls.push(`telegram ${url}`) } } } : {}),
  }
  return { win, calls }
}

describe('linkMethod', () => {
  for (const browser of IN_APP_BROWSERS) {
    it(`${browser.name}: an https: app link by ${browser.appLink}, a web app by ${browser.webApp}`, () => {
      const seen = { userAgent: browser.userAgent, telegramOpenLink: browser.telegram }
      expect(linkMethod(UNIVERSAL, 'app', seen)).toBe(browser.appLink)
      expect(linkMethod(WEB_APP, 'webapp', seen)).toBe(browser.webApp)
    })
  }

  it('a custom scheme never goes through Telegram.WebApp.openLink (it takes http(s) only): the same tab instead', () => {
    const telegram = IN_APP_BROWSERS.find((b) => b.telegram)!
    expect(linkMethod(SCHEME, 'app', { userAgent: telegram.userAgent, telegramOpenLink: true })).toBe('navigate')
  })
})

describe('openLink', () => {
  it('in a Telegram mini app hands the link to Telegram and opens nothing itself', () => {
    const { win, calls } = fakeWindow(IN_APP_BROWSERS[0]!.userAgent, true)
    expect(openLink(win, UNIVERSAL, 'app')).toBe('telegram')
    expect(openLink(win, SCHEME, 'app')).toBe('navigate')
    expect(calls).toEqual([`telegram ${UNIVERSAL}`, `assign ${SCHEME}`])
  })

  it('in Instagram navigates the same tab, even for a web app (its popups are blocked)', () => {
    const { win, calls } = fakeWindow(IN_APP_BROWSERS.find((b) => b.name === 'Instagram (iOS)')!.userAgent, false)
    openLink(win, WEB_APP, 'webapp')
    openLink(win, SCHEME, 'app')
    expect(calls).toEqual([`assign ${WEB_APP}`, `assign ${SCHEME}`])
  })

  it('in Samsung Internet opens a web app beside the site with no opener, and an app link in this tab', () => {
    const { win, calls } = fakeWindow(IN_APP_BROWSERS.find((b) => b.name === 'Samsung Internet')!.userAgent, false)
    openLink(win, WEB_APP, 'webapp')
    openLink(win, SCHEME, 'app')
    expect(calls).toEqual([`open ${WEB_APP} _blank noopener,noreferrer`, `open ${SCHEME} _self`])
  })

  it('ignores a Telegram object without openLink (a page that merely defines window.Telegram)', () => {
    const { win, calls } = fakeWindow(IN_APP_BROWSERS.find((b) => b.name === 'Chrome (Android)')!.userAgent, false)
    const withBareTelegram = { ...win, Telegram: { WebApp: {} } } as LinkWindow
    const spy = vi.spyOn(withBareTelegram, 'open')
    openLink(withBareTelegram, UNIVERSAL, 'app')
    expect(spy).toHaveBeenCalledWith(UNIVERSAL, '_self')
    expect(calls).toEqual([`open ${UNIVERSAL} _self`])
  })
})

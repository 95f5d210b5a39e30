/** The console's frame: header (theme, who is signed in, sign-out), then the screen for the state. */
import { useCallback, useEffect, useState } from 'react'
import type { AirlockInstance } from 'airlock'
import { ApiError, api } from '../api'
import type { Me } from '../codecs'
import { signOut } from '../session'
import { strings } from '../strings'
import { applyTheme } from '../theme'
import { useRoute } from '../route'
import { SignIn } from './SignIn'
import { Claim } from './Claim'
import { Projects } from './Projects'
import { ProjectPage } from './ProjectPage'
import { ThemeToggle } from './ThemeToggle'

export function App({ airlock, initialDark }: { airlock: AirlockInstance; initialDark: boolean }) {
  const [me, setMe] = useState<Me | null | undefined>(undefined)
  const [notice, setNotice] = useState<string | null>(null)
  const [dark, setDark] = useState(initialDark)
  const route = useRoute()

  const refresh = useCallback(async () => {
    try {
      setMe(await api.me())
      setNotice(null)
    } catch (error) {
      if (error instanceof ApiError && error.status === 401) setMe(null)
      else setNotice(error instanceof Error ? error.message : strings.errorUnexpected)
    }
  }, [])

  /** A refusal anywhere: a 401 means the sign-in ended. */
  const onError = useCallback((error: unknown) => {
    if (error instanceof ApiError && error.status === 401) {
      setMe(null)
      setNotice(strings.errorSignedOut)
    }
  }, [])

  useEffect(() => {
    document.title = strings.title
    void refresh()
    return airlock.subscribeEvents((event) => {
      if (event.type === 'SIWX_AUTH_SUCCESS') void refresh()
    })
  }, [airlock, refresh])

  const toggleTheme = () => {
    const next = !dark
    setDark(next)
    applyTheme(next, true)
    airlock.setThemeMode(next ? 'dark' : 'light')
  }

  const leave = async () => {
    await signOut(airlock)
    setMe(null)
  }

  return (
    <>
      <a className="skip" href="#main">
        {strings.skipToContent}
      </a>
      <header className="topbar">
        <a className="brand" href="#/">
          {strings.title}
        </a>
        <div className="bar-end">
          {me && (
            <span className="who" title={me.address}>
              {strings.signedInAs(shortAddress(me.address))}
            </span>
          )}
          <ThemeToggle dark={dark} onToggle={toggleTheme} />
          {me && (
            <button type="button" className="secondary" onClick={() => void leave()}>
              {strings.signOut}
            </button>
          )}
        </div>
      </header>
      <main id="main" tabIndex={-1}>
        {notice && (
          <p className="notice" role="alert">
            {notice}
          </p>
        )}
        {me === undefined ? (
          <p role="status">{strings.loading}</p>
        ) : me === null ? (
          <SignIn airlock={airlock} />
        ) : me.firstRun && !me.admin ? (
          <Claim onClaimed={refresh} onError={onError} />
        ) : route ? (
          <ProjectPage key={route.projectId} me={me} route={route} onError={onError} onChanged={refresh} />
        ) : (
          <Projects me={me} onError={onError} onChanged={refresh} />
        )}
      </main>
    </>
  )
}

/** eip155:1:0xAbCd…1234 → 0xAbCd…1234 (the full address in the title). */
export function shortAddress(caip10: string): string {
  const address = caip10.split(':').at(-1) ?? caip10
  return address.length > 12 ? `${address.slice(0, 6)}…${address.slice(-4)}` : address
}

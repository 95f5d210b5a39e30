/** Light and dark: the visitor's choice (kept) over the system's (prefers-color-scheme). */
const KEY = 'airlock-console:theme'

export function initialDark(): boolean {
  const kept = localStorage.getItem(KEY)
  if (kept === 'dark' || kept === 'light') return kept === 'dark'
  return matchMedia('(prefers-color-scheme: dark)').matches
}

export function applyTheme(dark: boolean, keep: boolean): void {
  document.documentElement.dataset.theme = dark ? 'dark' : 'light'
  if (keep) localStorage.setItem(KEY, dark ? 'dark' : 'light')
}

/** The session-stats plugin's strings: English (required, the fallback) and German. */
export const en = {
  'titles.SessionStats': 'Session stats',
  action: 'Stats',
  opens: 'Modal opened {count} times',
  connects: 'Wallets connected {count} times',
  reset: 'Reset',
}

export const de: Partial<typeof en> = {
  'titles.SessionStats': 'Sitzungsstatistik',
  action: 'Statistik',
  opens: 'Fenster {count}-mal geöffnet',
  connects: 'Wallets {count}-mal verbunden',
  reset: 'Zurücksetzen',
}

/**
 * One way for the UI to act (issue 11 §3): views call named commands through `useCommands()`; no
 * view dispatches a raw event. Every `.tsx` file of the modal, the plugins and the examples is
 * read, and none may call `.dispatch(` or `createEvent(`.
 */
import { describe, expect, it } from 'vitest'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import { join } from 'node:path'

function views(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name)
    if (statSync(path).isDirectory()) return views(path)
    return name.endsWith('.tsx') && !name.endsWith('.test.tsx') ? [path] : []
  })
}

describe('views act through commands only (issue 11 §3)', () => {
  const files = ['src/ui', 'src/plugins', 'examples'].flatMap(views)

  it('finds the views it checks', () => {
    expect(files).toEqual(
      expect.arrayContaining(['src/ui/ModalRoot.tsx', 'src/ui/views/AccountView.tsx', 'examples/session-stats-plugin/views/SessionStatsView.tsx']),
    )
  })

  it('no view calls .dispatch( or createEvent(', () => {
    const offenders = files.flatMap((path) => {
      const text = readFileSync(path, 'utf8')
      return /\.dispatch\(|\bcreateEvent\(/.test(text) ? [path] : []
    })
    expect(offenders).toEqual([])
  })
})

/**
 * Temporary directories for one test file, removed after its tests: a suite run makes a few
 * hundred, and /tmp is not emptied between runs on a developer's machine.
 */
import { afterAll } from 'vitest'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/**
 * A maker of fresh directories under the OS's temporary folder, named `prefix…`. Call it at the top
 * of a test file, before hooks that stop what uses the directories: vitest runs `afterAll` hooks
 * last registered first, so the directories go after those servers have stopped.
 *
 * ```ts
 * const tempDir = tempDirs('airlock-names-')
 * const cwd = tempDir()
 * ```
 */
export function tempDirs(prefix: string): () => string {
  const made: string[] = []
  afterAll(() => {
    for (const dir of made.splice(0)) rmSync(dir, { recursive: true, force: true, maxRetries: 3 })
  })
  return () => {
    const dir = mkdtempSync(join(tmpdir(), prefix))
    made.push(dir)
    return dir
  }
}

/**
 * The hooks every browser test file runs (vitest.config.ts's browser project, a setup file: run
 * again before each file, where the modules the files import are shared by a worker's files and
 * evaluated once). Registered before the file's own hooks, so its afterAll hooks run after the
 * file's (vitest runs after-hooks in reverse order): the file closes its contexts and stops its
 * stack first, then what its contexts recorded is checked, then its browsers close.
 */
import { afterAll, afterEach } from 'vitest'
import { closeBrowsers } from './browser'
import { failOnCspProblems } from './csp'
import { idleMs } from '../support/until'

afterAll(closeBrowsers, idleMs(60_000))
afterAll(() => failOnCspProblems('after the last test of this file'))
afterEach(() => failOnCspProblems('during this test (or the hooks before it)'))

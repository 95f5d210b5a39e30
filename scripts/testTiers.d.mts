export const root: string
export const STARTERS: ReadonlyArray<readonly [string, RegExp]>
export const TEST_DIRS: readonly string[]
export const BROWSER_DIRS: readonly string[]
export const BROWSER_FILES: readonly string[]
/** Why a test file is slow: what starts, with the import chain that reaches it ([] when fast). */
export function slowReasons(testFile: string): string[]
/** Every test file vitest.config.ts's projects run, repository-relative and sorted. */
export function testFiles(): string[]
/** The fast tier: the test files with no slow reason. */
export function fastTestFiles(files?: readonly string[]): string[]

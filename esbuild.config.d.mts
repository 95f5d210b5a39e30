import type { BuildOptions, BuildResult } from 'esbuild'
import type { LibraryBuild } from './scripts/buildLibrary.mjs'
export const demoOptions: BuildOptions
export const consoleOptions: BuildOptions
export function buildAll(): Promise<{ library: LibraryBuild; demo: BuildResult; console: BuildResult }>
/** buildAll only when an input changed since the last build; one build at a time across processes. */
export function ensureBuilt(): Promise<void>
/** buildAll, then the type declarations (dist/types). */
export function buildPackage(): Promise<{ library: LibraryBuild; demo: BuildResult; console: BuildResult }>
export { buildDeclarations } from './scripts/declarations.mjs'
export { buildLibrary } from './scripts/buildLibrary.mjs'
export { buildStandalone } from './scripts/buildStandalone.mjs'

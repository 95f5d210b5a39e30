import type { BuildOptions, BuildResult } from 'esbuild'
import type { LibraryBuild } from './scripts/buildLibrary.mjs'
export const demoOptions: BuildOptions
export const consoleOptions: BuildOptions
/** The demo's wagmi page (demo/wagmi.html), bundled on its own. */
export const wagmiDemoOptions: BuildOptions
export function buildAll(): Promise<{ library: LibraryBuild; demo: BuildResult; console: BuildResult; wagmiDemo: BuildResult }>
/** buildAll only when an input changed since the last build; one build at a time across processes. */
export function ensureBuilt(): Promise<void>
/** buildAll, then the type declarations (dist/types). */
export function buildPackage(): Promise<{ library: LibraryBuild; demo: BuildResult; console: BuildResult; wagmiDemo: BuildResult }>
export { buildDeclarations } from './scripts/declarations.mjs'
export { buildLibrary } from './scripts/buildLibrary.mjs'
export { buildStandalone } from './scripts/buildStandalone.mjs'

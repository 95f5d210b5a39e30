import type { BuildOptions, BuildResult } from 'esbuild'
export const libraryOptions: BuildOptions
export const demoOptions: BuildOptions
export function buildAll(): Promise<{ library: BuildResult; demo: BuildResult }>
/** buildAll, then the type declarations (dist/types). */
export function buildPackage(): Promise<{ library: BuildResult; demo: BuildResult }>
export { buildDeclarations } from './scripts/declarations.mjs'

import type { BuildOptions, BuildResult } from 'esbuild'
export const libraryOptions: BuildOptions
export const demoOptions: BuildOptions
export function buildAll(): Promise<{ library: BuildResult; demo: BuildResult }>

// This folder sits inside the Airlock repository, whose own lockfile is higher up: say where the
// app's root is, so Next.js resolves its packages from here (a standalone app needs none of this).
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('.', import.meta.url))

/** @type {import('next').NextConfig} */
export default {
  turbopack: { root },
  outputFileTracingRoot: root,
}

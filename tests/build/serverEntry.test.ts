/**
 * The `airlock/siwx` entry (the sign-in verifier, for a site's server) loads nothing of the browser
 * client: it is one file of the verifier, the message format and the error classes, importing only
 * packages, and no browser chunk holds the verifier. Built with the library's real entry points
 * (scripts/buildLibrary.mjs), then loaded in Node, where it verifies a real signature.
 */
import { describe, expect, it, beforeAll } from 'vitest'
import { mkdirSync, mkdtempSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { gzipSync } from 'node:zlib'
import { privateKeyToAccount } from 'viem/accounts'
import { buildLibrary } from '../../esbuild.config.mjs'
import type { LibraryOutput } from '../../scripts/buildLibrary.mjs'
import type * as Verify from '../../src/siwx/verify'
import { idleMs } from '../support/until'

/** What the verifier may hold: itself, the message format, the error classes. */
const SERVER_INPUTS = ['src/siwx/verify.ts', 'src/format/siwxMessage.ts', 'src/kernel/errors.ts']
/** The packages it may import (package.json dependencies a server installs with it). */
const SERVER_PACKAGES = ['viem', 'ox/Ed25519', '@scure/base']
/** 4.7 KiB gzip as one file; the browser's core chunk it loaded before was 57 KB. */
const SERVER_ENTRY_BUDGET = 6 * 1024

let outdir = ''
let outputs: Record<string, LibraryOutput> = {}
beforeAll(async () => {
  // Inside the repository, so that the built file's package imports resolve from node_modules.
  mkdirSync('.cache', { recursive: true })
  outdir = mkdtempSync(join('.cache', 'server-entry-'))
  outputs = (await buildLibrary({ outdir })).outputs
}, idleMs(120_000))

describe('the airlock/siwx entry (issue 23 §2)', () => {
  it('is one file holding only the verifier, the message format and the error classes', () => {
    const entry = outputs['siwx.js']!
    expect(Object.keys(entry.inputs).sort()).toEqual([...SERVER_INPUTS].sort())
    expect(entry.imports.filter((i) => !i.external)).toEqual([])
    expect(entry.imports.map((i) => i.path).sort()).toEqual([...SERVER_PACKAGES].sort())
    expect(gzipSync(readFileSync(join(outdir, 'siwx.js')), { level: 9 }).length).toBeLessThanOrEqual(SERVER_ENTRY_BUDGET)
  })

  it('is held by no browser chunk, and holds neither the sessions client nor the kernel', () => {
    for (const [file, output] of Object.entries(outputs)) {
      if (file !== 'siwx.js') expect(Object.keys(output.inputs), file).not.toContain('src/siwx/verify.ts')
    }
    // Everything the entry loads when imported: its file and the files those import statically.
    const loaded = new Set<string>()
    const visit = (file: string) => {
      if (loaded.has(file)) return
      loaded.add(file)
      for (const i of outputs[file]?.imports ?? []) if (!i.external && i.kind === 'import-statement') visit(i.path)
    }
    visit('siwx.js')
    const inputs = [...loaded].flatMap((file) => Object.keys(outputs[file]?.inputs ?? {}))
    for (const browser of ['src/remote/siwx/sessionsClient.ts', 'src/kernel/kernel.ts', 'src/plugins/siwx/signIn.ts']) expect(inputs).not.toContain(browser)
  })

  it('loads in Node and verifies a sign-in', async () => {
    const built = (await import(pathToFileURL(join(process.cwd(), outdir, 'siwx.js')).href)) as typeof Verify
    const account = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80')
    const nonces = built.memoryNonceStore()
    const now = Date.now()
    const message = built.formatSiwxMessage({
      domain: 'example.com',
      uri: 'https://example.com',
      accountAddress: account.address,
      chainId: 'eip155:1',
      version: '1',
      nonce: nonces.issue(),
      issuedAt: new Date(now - 1000).toISOString(),
      expirationTime: new Date(now + 60_000).toISOString(),
    })
    const options = { domain: 'example.com', uri: 'https://example.com', chainIds: ['eip155:1'], nonces }
    const { namespace } = await built.verifySiwx(message, await account.signMessage({ message }), options)
    expect(namespace).toBe('eip155')
    await expect(built.verifySiwx(message, await account.signMessage({ message }), options)).rejects.toBeInstanceOf(built.SiwxVerificationError)
  })
})

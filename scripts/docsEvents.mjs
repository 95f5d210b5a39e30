// `npm run docs:events`: writes docs/events.md's tables of public events (between its
// `public-events` markers) from tests/docs/publicEventDocs.ts and the events' codecs. The writer is
// tests/docs/publicEvents.test.ts in its writing mode, so the page and the test that checks it are
// made by the same code, type-checked with the rest of the tree.
import { spawnSync } from 'node:child_process'
import { join } from 'node:path'
import { root } from './ensure-install.mjs'

const result = spawnSync(join(root, 'node_modules', '.bin', 'vitest'), ['run', 'tests/docs/publicEvents.test.ts'], {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, AIRLOCK_WRITE_DOCS: '1' },
})
process.exit(result.status ?? 1)

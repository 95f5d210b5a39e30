/**
 * airlock-server's settings (server/settings.mjs): environment over file over defaults; a bad one
 * stops the start with a message naming the variable (or the file key) and what it must be; a
 * secret's value is never in a message, and describeSettings masks secrets and passwords.
 */
import { describe, expect, it } from 'vitest'
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { describeSettings, loadSettings, SettingsError } from './settings.mjs'
import { tempDirs } from '../tests/support/tempDirs'

const dir = tempDirs('airlock-settings-')

describe('server settings', () => {
  it('defaults: port 4000, the frame on 4001, the embedded database in ./airlock-data', () => {
    const cwd = dir()
    const settings = loadSettings({ env: {}, cwd })
    expect(settings).toMatchObject({ port: 4000, framePort: 4001, host: '127.0.0.1', dataDir: join(cwd, 'airlock-data'), siwxChains: ['eip155:1'] })
    expect(settings.databaseUrl).toBeUndefined()
  })

  it('takes the file, and the environment over it (lists comma-separated)', () => {
    const cwd = dir()
    writeFileSync(
      join(cwd, 'airlock.config.json'),
      JSON.stringify({ port: 5000, siteOrigins: ['https://a.example'], projects: { p: { allowedOrigins: ['https://a.example'] } } }),
    )
    const settings = loadSettings({ env: { AIRLOCK_SITE_ORIGINS: 'https://b.example, https://c.example' }, cwd })
    expect(settings).toMatchObject({
      port: 5000,
      framePort: 5001,
      siteOrigins: ['https://b.example', 'https://c.example'],
      projects: { p: { allowedOrigins: ['https://a.example'] } },
    })
  })

  it('names the bad setting and what it must be', () => {
    const cwd = dir()
    const bad = (env: Record<string, string>) => () => loadSettings({ env, cwd })
    expect(bad({ AIRLOCK_PORT: 'eighty' })).toThrow(new SettingsError('AIRLOCK_PORT', '"eighty" is not a port number, 0 to 65535'))
    expect(bad({ AIRLOCK_PORT: '70000' })).toThrow('Setting AIRLOCK_PORT: 70000 is not a port number, 0 to 65535')
    expect(bad({ DATABASE_URL: 'mysql://x' })).toThrow('Setting DATABASE_URL: the value given is not a postgres:// URL')
    expect(bad({ AIRLOCK_SITE_ORIGINS: 'https://a.example/path' })).toThrow(
      'Setting AIRLOCK_SITE_ORIGINS: ["https://a.example/path"] is not origins such as https://shop.example, comma-separated',
    )
    expect(bad({ AIRLOCK_CONFIG: 'missing.json' })).toThrow(/^Setting AIRLOCK_CONFIG: no file at /)
    writeFileSync(join(cwd, 'typo.json'), JSON.stringify({ prot: 1 }))
    expect(bad({ AIRLOCK_CONFIG: 'typo.json' })).toThrow(/^Setting prot: unknown setting in /)
  })

  it('names: each a name contract on one of the chains; the registrar’s key a private key, never shown', () => {
    const cwd = dir()
    const registry = '0x5FbDB2315678afecb367f032d93F642f64180aa3'
    const key = `0x${'ab'.repeat(32)}`
    writeFileSync(join(cwd, 'airlock.config.json'), JSON.stringify({ chains: [{ chainId: 31337, rpcUrl: 'http://127.0.0.1:8545' }] }))
    const settings = loadSettings({ env: { AIRLOCK_NAMES: `31337:${registry}`, AIRLOCK_NAME_REGISTRAR_KEY: key }, cwd })
    expect(settings).toMatchObject({ names: [{ chainId: 31337, address: registry }], nameRegistrarKey: key })
    expect(loadSettings({ env: {}, cwd }).names).toEqual([])
    const lines = describeSettings(settings).join('\n')
    expect(lines).toContain('nameRegistrarKey: •••')
    expect(lines).not.toContain('abab')

    const bad = (env: Record<string, string>) => () => loadSettings({ env, cwd })
    expect(bad({ AIRLOCK_NAMES: `31337-${registry}` })).toThrow(`Setting AIRLOCK_NAMES: ["31337-${registry}"] is not a list of { chainId, address }`)
    expect(bad({ AIRLOCK_NAMES: '31337:0x1234' })).toThrow(/^Setting AIRLOCK_NAMES: /)
    expect(bad({ AIRLOCK_NAMES: `2147483648:${registry}` })).toThrow(/^Setting AIRLOCK_NAMES: .*\(chain ids under 2\^31/)
    expect(bad({ AIRLOCK_NAMES: `10:${registry}` })).toThrow(
      new SettingsError('AIRLOCK_NAMES', 'chain 10 is not among the chains (add { chainId: 10, rpcUrl } to chains)'),
    )
    expect(bad({ AIRLOCK_NAME_REGISTRAR_KEY: 'abab-not-a-key' })).toThrow(
      new SettingsError('AIRLOCK_NAME_REGISTRAR_KEY', 'the value given is not a private key, 0x and 64 hex digits'),
    )
    expect(bad({ AIRLOCK_NAME_ZONE: 'Not A Zone' })).toThrow(/^Setting AIRLOCK_NAME_ZONE: /)
    writeFileSync(join(cwd, 'names.json'), JSON.stringify({ names: [{ chainId: 31337 }] }))
    expect(bad({ AIRLOCK_CONFIG: 'names.json' })).toThrow(/^Setting names \(in names\.json\): \[\{"chainId":31337\}\] is not a list of/)
  })

  it('never shows a secret: not in an error, not in the start lines', () => {
    const cwd = dir()
    const secret = 'too-short-secret'
    let message = ''
    try {
      loadSettings({ env: { AIRLOCK_SESSION_SECRET: secret }, cwd })
    } catch (error) {
      message = (error as Error).message
    }
    expect(message).toBe('Setting AIRLOCK_SESSION_SECRET: the value given is not at least 32 bytes')
    const settings = loadSettings({
      env: {
        AIRLOCK_SESSION_SECRET: 's'.repeat(40),
        DATABASE_URL: 'postgres://airlock:hunter2@db.internal:5432/airlock',
        SMTP_URL: 'smtp://mail:pw@mail.internal:25',
      },
      cwd,
    })
    const lines = describeSettings(settings).join('\n')
    expect(lines).not.toContain('s'.repeat(40))
    expect(lines).not.toContain('hunter2')
    expect(lines).not.toContain(':pw@')
    expect(lines).toContain('db.internal:5432/airlock')
  })
})

// What the auth service remembers, in memory: users (by id, by email address for email sign-in,
// by provider and subject for socials), the devices each user approved, and each user's wallet
// recovery record (API.md "Session and wallet"). A reference service started per test or per demo
// run needs no database; a deployment would put these maps behind one.
//
// Users go out as copies: a route module that edits what it got cannot change the stored user.
import { randomUUID } from 'node:crypto'

const copy = (user) => (user ? { ...user } : undefined)

export function createStore() {
  const users = new Map()
  const byEmail = new Map()
  const bySocial = new Map()
  const devices = new Map()
  const wallets = new Map()

  const walletRecord = (userId) => {
    if (!wallets.has(userId)) wallets.set(userId, { serviceShare: null, backup: null, addresses: {} })
    return wallets.get(userId)
  }

  const add = (user) => {
    users.set(user.id, user)
    return user
  }

  return {
    user: (id) => copy(users.get(id)),

    /** The email-sign-in user of this (normalised) address. */
    userByEmail: (email) => copy(users.get(byEmail.get(email))),

    createEmailUser(email) {
      if (byEmail.has(email)) return copy(users.get(byEmail.get(email)))
      const user = add({ id: randomUUID(), email, userName: null, provider: 'email' })
      byEmail.set(email, user.id)
      return copy(user)
    },

    /** Moves an email user to `email`; false when another email user has it. */
    changeEmail(id, email) {
      const user = users.get(id)
      if (!user || user.provider !== 'email') return false
      const holder = byEmail.get(email)
      if (holder !== undefined && holder !== id) return false
      byEmail.delete(user.email)
      byEmail.set(email, id)
      user.email = email
      return true
    },

    /** The user of a social identity, made on first sight; a changed user name or email is taken over. */
    findOrCreateSocial({ provider, subject, userName, email }) {
      if (typeof provider !== 'string' || provider === 'email' || typeof subject !== 'string' || subject === '') {
        throw new TypeError('findOrCreateSocial needs a social provider and a subject')
      }
      const key = `${provider}\n${subject}`
      const known = users.get(bySocial.get(key))
      if (known) {
        if (userName != null) known.userName = userName
        if (email != null) known.email = email
        return copy(known)
      }
      const user = add({ id: randomUUID(), email: email ?? null, userName: userName ?? null, provider })
      bySocial.set(key, user.id)
      return copy(user)
    },

    deviceApproved: (userId, deviceId) => devices.get(userId)?.has(deviceId) ?? false,
    approveDevice(userId, deviceId) {
      if (!devices.has(userId)) devices.set(userId, new Set())
      devices.get(userId).add(deviceId)
    },

    /**
     * The user's wallet record: the service's share of the backup key, the backup and the
     * addresses (all null or empty before the first upload). The share alone opens nothing.
     */
    wallet(userId) {
      const wallet = walletRecord(userId)
      return { ...wallet, addresses: { ...wallet.addresses } }
    },
    /** Keeps the first backup (with its service share) only: false when there is one already. */
    saveBackup(userId, backup, addresses, serviceShare) {
      const wallet = walletRecord(userId)
      if (wallet.backup !== null) return false
      wallet.backup = backup
      wallet.addresses = { ...addresses }
      wallet.serviceShare = serviceShare
      return true
    },
  }
}

/**
 * The server messages of SPEC §8 that have alerts of their own, in one place for the alerts
 * (core/options/alerts.ts maps each to its alert, in this order: origin not allowed, session not
 * yet valid, invalid project id) and for the embedded wallet's port, which tells them apart from
 * the frame's other answers. Servers wrap their messages: a message that contains one matches.
 */
export const ALERTED_SERVER_MESSAGES = [
  'Unauthorized: origin not allowed',
  'JWT validation error: JWT Token is not yet valid',
  'Unauthorized: invalid key',
] as const

/** Whether `message` carries one of them. `isAlertedServerMessage('Error: Unauthorized: invalid key') // true` */
export const isAlertedServerMessage = (message: string): boolean => ALERTED_SERVER_MESSAGES.some((known) => message.includes(known))

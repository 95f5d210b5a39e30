/**
 * What `airlock.transactionSettled` accepts from the site's code (issue 26 §2): the transaction's
 * chain as TRANSACTION_SETTLED names it (its namespace, and its chain id as CAIP-2 writes it: '1',
 * not 1) and its hash; anything else in the object is dropped, so the public event carries only
 * these and `kind: 'site'`.
 */
import * as t from 'io-ts'
import { ChainNamespace } from '../events/shapes/namespace'

export const SiteTransaction = t.exact(t.type({ namespace: ChainNamespace, chainId: t.string, hash: t.string }), 'SiteTransaction')

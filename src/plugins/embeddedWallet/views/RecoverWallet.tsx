/** RecoverWallet: a sign-in on a new device; the visitor types the recovery code in the secure frame. */
import { RecoveryFrame } from '../RecoveryFrame'

export default function RecoverWallet() {
  return <RecoveryFrame mode="recover" />
}

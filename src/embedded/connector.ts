/**
 * The embedded wallet's connector (SPEC §3 type AUTH): its id, which the stored connection names,
 * and its name as the Account view shows it. The embedded-wallet plugin contributes it (its
 * module's `connectors`); the core knows it only as a connector of type AUTH.
 */
export const AUTH_CONNECTOR_ID = 'AUTH'
export const AUTH_CONNECTOR_NAME = 'Embedded wallet'

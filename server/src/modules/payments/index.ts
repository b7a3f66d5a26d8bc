// The payments module's public face: members' standing, the club's rules and the papers mails.
// Its routes are registered by modules/index.ts only.
export { CLASS_TYPES, classStatusChanged, membershipRules, writePastPayment } from './service.ts';
export { planLicenceNotices } from './notices.ts';
export { paymentsHooks } from './member-data.ts';
export { PAYMENT_EVENTS } from './hooks.ts';
export type { FeeEvent } from './hooks.ts';

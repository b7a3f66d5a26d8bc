// The payments module's public face: the ledger, members' standing and the club's rules.
export { paymentsRoutes } from './routes.ts';
export { CLASS_TYPES, classStatusChanged, membershipRules } from './service.ts';
export { planLicenceNotices } from './notices.ts';

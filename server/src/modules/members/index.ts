// The members module's public face: what other modules and the app may use.
export type { MemberRow } from '../../db/schema.ts';
export { membersRoutes } from './routes.ts';
export { createMember } from './create.ts';
export type { NewMember } from './create.ts';
export { booleanColumns } from './flags.ts';
export type { MemberBoolean } from './flags.ts';
export { checkCurrentPassword, LOGIN_WINDOW_MS, loginLimitKey } from './credentials.ts';
export {
  findMemberByEmail,
  findMemberById,
  findMemberByLogin,
  markEmailVerified,
  toUser,
  uniqueKey,
  USER_COLUMNS,
  updateLanguage,
} from './repository.ts';
export type { UserRow } from './repository.ts';
export { requireVerifiedEmail } from './verified.ts';
export { requireSelf } from './service.ts';
export { addMemberExportPart } from './export-parts.ts';
export type { MemberExportPart } from './export-parts.ts';

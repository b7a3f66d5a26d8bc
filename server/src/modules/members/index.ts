// The members module's public face: what other modules and the app may use.
export type { MemberRow } from '../../db/schema.ts';
export { createMember } from './create.ts';
export type { NewMember } from './create.ts';
export { booleanColumns, booleansOf } from './flags.ts';
export { papersDecisionMail } from './papers-mail.ts';
export type { Papers } from './papers-mail.ts';
export type { MemberBoolean } from './flags.ts';
export { checkCurrentPassword, LOGIN_WINDOW_MS, loginLimitKey } from './credentials.ts';
export {
  anyMember,
  findMemberByEmail,
  findMemberById,
  findMemberByLogin,
  findMemberBySignInName,
  markEmailVerified,
  setReminders,
  toUser,
  uniqueKey,
  USER_COLUMNS,
  updateLanguage,
} from './repository.ts';
export type { UserRow } from './repository.ts';
export { requireVerifiedEmail } from './verified.ts';
export { requireSelf } from './service.ts';
export { findMembersByNombres, findNamedMember } from './by-name.ts';
export type { NamedMember } from './by-name.ts';
export { MEMBER_DELETED } from './hooks.ts';
export type { DeletedMember } from './hooks.ts';

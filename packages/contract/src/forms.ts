// SPEC §5 as zod schemas: the server validates request bodies with the *BodySchema ones, and
// the web forms extend them with the confirmation fields through react-hook-form.
import { z } from 'zod';
import { Division, Factor, Sexo } from './enums.ts';
import { LANGUAGES } from './languages.ts';
import {
  EMAIL_MAX,
  PASSWORD_MAX,
  PASSWORD_MIN,
  emailField,
  birthDateField,
  mobileField,
  multiLineText,
  optionalSingleLineText,
  rawRequiredText,
  requiredOrType,
  singleLineText,
  strongPasswordField,
  uuidField,
} from './text.ts';
import { lazySchema } from './lazy-schema.ts';

/** Every length limit of the forms, for messages that react-hook-form reports without the value. */
export const FIELD_LIMITS = {
  contactName: { max: 200 },
  contactEmail: { max: EMAIL_MAX },
  contactSubject: { max: 200 },
  contactMessage: { max: 2048 },
  login: { min: 8, max: 150 },
  password: { min: PASSWORD_MIN, max: PASSWORD_MAX },
  nombre: { max: 100 },
  apellidos: { max: 100 },
  email: { max: EMAIL_MAX },
  socio: { max: 50 },
  resetHash: { max: 200 },
  resetToken: { max: 200 },
} as const;

/** A required choice among the values of an enumeration object: 'required' when missing, 'enum' when unknown. */
export function enumField<const T extends Readonly<Record<string, number>>>(enumeration: T) {
  return z.enum(enumeration, {
    error: (issue) => (issue.input === undefined || issue.input === null ? 'required' : 'enum'),
  });
}

/** An optional choice: missing or null both mean none (null). */
export function optionalEnumField<const T extends Readonly<Record<string, number>>>(enumeration: T) {
  return z
    .enum(enumeration, { error: 'enum' })
    .nullish()
    .transform((value) => value ?? null);
}

/** A required boolean: 'required' when missing, 'type' otherwise. */
export const booleanField = lazySchema(() => z.boolean({ error: requiredOrType }));

/** Adds a 'mismatch' issue on `confirmKey` when it differs from `key` (both typed in). */
function refineMatching<T extends z.ZodObject>(schema: T, key: string, confirmKey: string) {
  return schema.refine((value: Record<string, unknown>) => value[key] === value[confirmKey], {
    error: 'mismatch',
    path: [confirmKey],
    // Runs even when other fields fail (the default would skip it), so the member sees the
    // mismatch at the first submit; an empty confirmation reports 'required' instead.
    when: (payload) => {
      const value = payload.value as Record<string, unknown> | undefined;
      return (
        typeof value === 'object' &&
        value !== null &&
        typeof value[key] === 'string' &&
        typeof value[confirmKey] === 'string' &&
        value[confirmKey] !== ''
      );
    },
  });
}

// ---------------------------------------------------------------- contact

export const contactSchema = lazySchema(() =>
  z.strictObject({
    name: singleLineText(FIELD_LIMITS.contactName.max),
    email: emailField,
    subject: singleLineText(FIELD_LIMITS.contactSubject.max),
    message: multiLineText(FIELD_LIMITS.contactMessage.max),
  }),
);
export type ContactBody = z.infer<typeof contactSchema>;
export type ContactForm = z.input<typeof contactSchema>;

// ---------------------------------------------------------------- login

// No minimum length: members created by an operator may have short logins, and a login form
// must not tell which rule a stored login breaks.
export const loginSchema = lazySchema(() =>
  z.strictObject({
    login: singleLineText(FIELD_LIMITS.login.max),
    password: rawRequiredText(PASSWORD_MAX),
    rememberMe: z.boolean({ error: 'type' }).optional(),
  }),
);
export type LoginBody = z.infer<typeof loginSchema>;
export type LoginForm = z.input<typeof loginSchema>;

// ---------------------------------------------------------------- registration

/** The fields of a person's forms (a function: each schema built on them builds its own). */
const personFields = () => ({
  nombre: singleLineText(FIELD_LIMITS.nombre.max),
  apellidos: singleLineText(FIELD_LIMITS.apellidos.max),
  email: emailField,
  mobil: mobileField,
  nacimiento: birthDateField,
  sexo: enumField(Sexo),
  socio: optionalSingleLineText(FIELD_LIMITS.socio.max).optional(),
  division: optionalEnumField(Division).optional(),
  factor: optionalEnumField(Factor).optional(),
});

export const registerBodySchema = lazySchema(() =>
  z.strictObject({
    login: singleLineText(FIELD_LIMITS.login.max, FIELD_LIMITS.login.min),
    password: strongPasswordField,
    ...personFields(),
  }),
);
export type RegisterBody = z.infer<typeof registerBodySchema>;

export const registerFormSchema = lazySchema(() =>
  refineMatching(
    registerBodySchema.extend({ passwordConfirm: strongPasswordField }),
    'password',
    'passwordConfirm',
  ),
);
export type RegisterForm = z.input<typeof registerFormSchema>;
export type RegisterFormOutput = z.infer<typeof registerFormSchema>;

/** The body of POST /api/registro/ from a valid register form (drops the confirmation). */
export function registerBodyFromForm(form: RegisterFormOutput): RegisterBody {
  const { passwordConfirm: _confirm, ...body } = form;
  return body;
}

// ---------------------------------------------------------------- profile

// The client sends the whole stored user back (SPEC §3), so unknown fields are dropped, not
// refused; login, names, email and socio are kept by the server whatever arrives, so they are
// optional and only checked for size.
export const updateUserBodySchema = lazySchema(() =>
  z.object({
    uuid: uuidField,
    login: z.string({ error: 'type' }).max(FIELD_LIMITS.login.max, { error: 'maxlength' }).optional(),
    nombre: z.string({ error: 'type' }).max(FIELD_LIMITS.nombre.max, { error: 'maxlength' }).optional(),
    apellidos: z.string({ error: 'type' }).max(FIELD_LIMITS.apellidos.max, { error: 'maxlength' }).optional(),
    email: z.string({ error: 'type' }).max(FIELD_LIMITS.email.max, { error: 'maxlength' }).optional(),
    socio: z.string({ error: 'type' }).max(FIELD_LIMITS.socio.max, { error: 'maxlength' }).nullish(),
    mobil: mobileField,
    nacimiento: birthDateField,
    sexo: enumField(Sexo),
    division: optionalEnumField(Division).optional(),
    factor: optionalEnumField(Factor).optional(),
    // Second round: the reminder switch and the language of the member's mails.
    recordatorios: booleanField.optional(),
    idioma: z.enum(LANGUAGES, { error: 'enum' }).optional(),
  }),
);
export type UpdateUserBody = z.infer<typeof updateUserBodySchema>;

// The form has no uuid field: it comes from the session.
export const profileFormSchema = lazySchema(() => updateUserBodySchema.omit({ uuid: true }));
export type ProfileForm = z.input<typeof profileFormSchema>;
export type ProfileFormOutput = z.infer<typeof profileFormSchema>;

// ---------------------------------------------------------------- passwords

export const forgottenSchema = lazySchema(() => z.strictObject({ email: emailField }));
export type ForgottenQuery = z.infer<typeof forgottenSchema>;
export type ForgottenForm = z.input<typeof forgottenSchema>;

export const resetPasswordBodySchema = lazySchema(() =>
  z.strictObject({
    hash: singleLineText(FIELD_LIMITS.resetHash.max),
    token: singleLineText(FIELD_LIMITS.resetToken.max),
    password: strongPasswordField,
  }),
);
export type ResetPasswordBody = z.infer<typeof resetPasswordBodySchema>;

// hash and token come from the link's query, not from fields the member types.
export const resetPasswordFormSchema = lazySchema(() =>
  refineMatching(
    z.strictObject({ password: strongPasswordField, passwordConfirm: strongPasswordField }),
    'password',
    'passwordConfirm',
  ),
);
export type ResetPasswordForm = z.input<typeof resetPasswordFormSchema>;

// DECISIONS takes the strict reading: the new password follows the registration pattern.
export const changePasswordBodySchema = lazySchema(() =>
  z.strictObject({
    uuid: uuidField,
    oldPassword: rawRequiredText(PASSWORD_MAX),
    newPassword: strongPasswordField,
  }),
);
export type ChangePasswordBody = z.infer<typeof changePasswordBodySchema>;

export const changePasswordFormSchema = lazySchema(() =>
  refineMatching(
    changePasswordBodySchema.omit({ uuid: true }).extend({ newPasswordConfirm: strongPasswordField }),
    'newPassword',
    'newPasswordConfirm',
  ),
);
export type ChangePasswordForm = z.input<typeof changePasswordFormSchema>;

// ---------------------------------------------------------------- verified address (second round)

/** The query of GET /api/registro/verify/: both parts come from the mailed link. */
export const verifyEmailQuerySchema = lazySchema(() =>
  z.strictObject({
    id: singleLineText(FIELD_LIMITS.resetHash.max),
    token: singleLineText(FIELD_LIMITS.resetToken.max),
  }),
);
export type VerifyEmailQuery = z.infer<typeof verifyEmailQuerySchema>;

/** PUT /api/registro/{uuid}/email/: the new address, confirmed with the current password. */
export const changeEmailBodySchema = lazySchema(() =>
  z.strictObject({
    email: emailField,
    password: rawRequiredText(PASSWORD_MAX),
  }),
);
export type ChangeEmailBody = z.infer<typeof changeEmailBodySchema>;
export type ChangeEmailForm = z.input<typeof changeEmailBodySchema>;

export const deleteAccountBodySchema = lazySchema(() =>
  z.strictObject({ password: rawRequiredText(PASSWORD_MAX) }),
);
export type DeleteAccountBody = z.infer<typeof deleteAccountBodySchema>;

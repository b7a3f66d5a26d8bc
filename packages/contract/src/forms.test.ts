import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { fieldErrorsFromZod } from './errors.ts';
import {
  changePasswordBodySchema,
  changePasswordFormSchema,
  contactSchema,
  deleteAccountBodySchema,
  forgottenSchema,
  loginSchema,
  profileFormSchema,
  registerBodyFromForm,
  registerBodySchema,
  registerFormSchema,
  resetPasswordBodySchema,
  resetPasswordFormSchema,
  updateUserBodySchema,
} from './forms.ts';

/** Field errors of a value, {} when it passes. */
function errorsOf(schema: z.ZodType, value: unknown): Record<string, string[]> {
  const result = schema.safeParse(value);
  return result.success ? {} : fieldErrorsFromZod(result.error);
}

/** Field errors of `base` with one field replaced (undefined removes it). */
function errorsWith(schema: z.ZodType, base: Record<string, unknown>, field: string, value: unknown) {
  const changed: Record<string, unknown> = { ...base, [field]: value };
  if (value === undefined) delete changed[field];
  return errorsOf(schema, changed);
}

const UUID = '11111111-1111-4111-8111-111111111111';

describe('contactSchema', () => {
  const valid = {
    name: 'Ana Pérez',
    email: 'ana@example.org',
    subject: 'Clases',
    message: 'Hola,\nquiero información.',
  };

  it('accepts a valid message', () => {
    expect(errorsOf(contactSchema, valid)).toEqual({});
  });

  it.each(['name', 'email', 'subject', 'message'])('requires %s', (field) => {
    expect(errorsWith(contactSchema, valid, field, undefined)).toEqual({ [field]: ['required'] });
    expect(errorsWith(contactSchema, valid, field, '  ')).toEqual({ [field]: ['required'] });
  });

  it.each([
    ['name', 200],
    ['subject', 200],
    ['message', 2048],
  ])('limits %s to %i characters', (field, max) => {
    expect(errorsWith(contactSchema, valid, field, 'x'.repeat(max))).toEqual({});
    expect(errorsWith(contactSchema, valid, field, 'x'.repeat(max + 1))).toEqual({ [field]: ['maxlength'] });
  });

  it('limits and checks the e-mail', () => {
    expect(errorsWith(contactSchema, valid, 'email', `${'a'.repeat(189)}@example.org`)).toEqual({
      email: ['maxlength'],
    });
    expect(errorsWith(contactSchema, valid, 'email', 'ana@')).toEqual({ email: ['email'] });
  });

  it('keeps name and subject on one line (no header injection)', () => {
    expect(errorsWith(contactSchema, valid, 'subject', 'Hi\r\nBcc: x@y.org')).toEqual({
      subject: ['singleLine'],
    });
    expect(errorsWith(contactSchema, valid, 'name', 'Ana\u0000')).toEqual({ name: ['singleLine'] });
  });

  it('refuses unknown fields', () => {
    expect(errorsOf(contactSchema, { ...valid, extra: 1 })).toEqual({ extra: ['unknown'] });
  });
});

describe('loginSchema', () => {
  const valid = { login: 'member01', password: 'whatever' };

  it('accepts login and password, rememberMe optional', () => {
    expect(errorsOf(loginSchema, valid)).toEqual({});
    expect(errorsOf(loginSchema, { ...valid, rememberMe: true })).toEqual({});
    expect(errorsOf(loginSchema, { login: 'ana', password: 'x' })).toEqual({});
  });

  it.each(['login', 'password'])('requires %s', (field) => {
    expect(errorsWith(loginSchema, valid, field, undefined)).toEqual({ [field]: ['required'] });
    expect(errorsWith(loginSchema, valid, field, '')).toEqual({ [field]: ['required'] });
  });

  it('takes the password as typed and refuses an oversized one', () => {
    expect(loginSchema.parse({ ...valid, password: ' p ' }).password).toBe(' p ');
    expect(errorsWith(loginSchema, valid, 'password', 'x'.repeat(129))).toEqual({ password: ['maxlength'] });
  });

  it('refuses a rememberMe that is not a boolean', () => {
    expect(errorsWith(loginSchema, valid, 'rememberMe', 'yes')).toEqual({ rememberMe: ['type'] });
  });
});

const validRegisterBody = {
  login: 'member01',
  password: 'Tirador2025',
  nombre: 'Ana',
  apellidos: 'Pérez García',
  email: 'ana@example.org',
  mobil: '612345678',
  nacimiento: '1990-05-17',
  sexo: 2,
};

describe('registerBodySchema', () => {
  it('accepts a registration without the optional fields', () => {
    expect(errorsOf(registerBodySchema, validRegisterBody)).toEqual({});
  });

  it('accepts and normalises the optional fields', () => {
    const body = registerBodySchema.parse({ ...validRegisterBody, socio: '  ', division: 3, factor: null });
    expect(body).toMatchObject({ socio: null, division: 3, factor: null });
    expect(registerBodySchema.parse({ ...validRegisterBody, socio: ' 123 ' }).socio).toBe('123');
  });

  it.each(['login', 'password', 'nombre', 'apellidos', 'email', 'mobil', 'nacimiento', 'sexo'])(
    'requires %s',
    (field) => {
      expect(errorsWith(registerBodySchema, validRegisterBody, field, undefined)).toEqual({
        [field]: ['required'],
      });
    },
  );

  it.each(['login', 'password', 'nombre', 'apellidos', 'email', 'mobil', 'nacimiento'])(
    'counts an empty %s as missing',
    (field) => {
      expect(errorsWith(registerBodySchema, validRegisterBody, field, '')).toEqual({ [field]: ['required'] });
    },
  );

  it('needs a login of 8 to 150 characters on one line', () => {
    expect(errorsWith(registerBodySchema, validRegisterBody, 'login', 'member1')).toEqual({
      login: ['minlength'],
    });
    expect(errorsWith(registerBodySchema, validRegisterBody, 'login', 'x'.repeat(150))).toEqual({});
    expect(errorsWith(registerBodySchema, validRegisterBody, 'login', 'x'.repeat(151))).toEqual({
      login: ['maxlength'],
    });
    expect(errorsWith(registerBodySchema, validRegisterBody, 'login', 'member\n01')).toEqual({
      login: ['singleLine'],
    });
  });

  it('needs a strong, uncommon password', () => {
    expect(errorsWith(registerBodySchema, validRegisterBody, 'password', 'Tir2025')).toEqual({
      password: ['minlength'],
    });
    expect(errorsWith(registerBodySchema, validRegisterBody, 'password', 'tirador2025')).toEqual({
      password: ['pattern'],
    });
    expect(errorsWith(registerBodySchema, validRegisterBody, 'password', 'Password123')).toEqual({
      password: ['common'],
    });
    expect(errorsWith(registerBodySchema, validRegisterBody, 'password', `Aa1${'x'.repeat(126)}`)).toEqual({
      password: ['maxlength'],
    });
  });

  it.each(['nombre', 'apellidos'])('limits %s to 100 characters on one line', (field) => {
    expect(errorsWith(registerBodySchema, validRegisterBody, field, 'x'.repeat(100))).toEqual({});
    expect(errorsWith(registerBodySchema, validRegisterBody, field, 'x'.repeat(101))).toEqual({
      [field]: ['maxlength'],
    });
    expect(errorsWith(registerBodySchema, validRegisterBody, field, 'a\tb')).toEqual({
      [field]: ['singleLine'],
    });
  });

  it('checks e-mail, mobile and birth date', () => {
    expect(errorsWith(registerBodySchema, validRegisterBody, 'email', 'ana.example.org')).toEqual({
      email: ['email'],
    });
    expect(errorsWith(registerBodySchema, validRegisterBody, 'mobil', '12345')).toEqual({
      mobil: ['mobile'],
    });
    expect(errorsWith(registerBodySchema, validRegisterBody, 'nacimiento', '2023-02-29')).toEqual({
      nacimiento: ['date'],
    });
  });

  it('takes sexo 1 or 2 only', () => {
    expect(errorsWith(registerBodySchema, validRegisterBody, 'sexo', 1)).toEqual({});
    expect(errorsWith(registerBodySchema, validRegisterBody, 'sexo', 3)).toEqual({ sexo: ['enum'] });
    expect(errorsWith(registerBodySchema, validRegisterBody, 'sexo', '1')).toEqual({ sexo: ['enum'] });
    expect(errorsWith(registerBodySchema, validRegisterBody, 'sexo', null)).toEqual({ sexo: ['required'] });
  });

  it('limits socio to 50 and checks division and factor', () => {
    expect(errorsWith(registerBodySchema, validRegisterBody, 'socio', 'x'.repeat(50))).toEqual({});
    expect(errorsWith(registerBodySchema, validRegisterBody, 'socio', 'x'.repeat(51))).toEqual({
      socio: ['maxlength'],
    });
    expect(errorsWith(registerBodySchema, validRegisterBody, 'division', 5)).toEqual({});
    expect(errorsWith(registerBodySchema, validRegisterBody, 'division', 7)).toEqual({});
    expect(errorsWith(registerBodySchema, validRegisterBody, 'division', 8)).toEqual({ division: ['enum'] });
    expect(errorsWith(registerBodySchema, validRegisterBody, 'factor', 2)).toEqual({});
    expect(errorsWith(registerBodySchema, validRegisterBody, 'factor', 0)).toEqual({ factor: ['enum'] });
  });

  it('refuses fields a member may not set', () => {
    expect(errorsOf(registerBodySchema, { ...validRegisterBody, staff: true, licencia: 'x' })).toEqual({
      staff: ['unknown'],
      licencia: ['unknown'],
    });
  });
});

describe('registerFormSchema', () => {
  const valid = { ...validRegisterBody, passwordConfirm: 'Tirador2025' };

  it('accepts equal strong passwords and gives back the body', () => {
    expect(errorsOf(registerFormSchema, valid)).toEqual({});
    const body = registerBodyFromForm(registerFormSchema.parse(valid));
    expect(body).not.toHaveProperty('passwordConfirm');
    expect(errorsOf(registerBodySchema, body)).toEqual({});
  });

  it('reports a mismatch on the confirmation', () => {
    expect(errorsWith(registerFormSchema, valid, 'passwordConfirm', 'Tirador2026')).toEqual({
      passwordConfirm: ['mismatch'],
    });
  });

  it('reports the mismatch even when other fields fail', () => {
    expect(errorsOf(registerFormSchema, { ...valid, mobil: '1', passwordConfirm: 'Tirador2026' })).toEqual({
      mobil: ['mobile'],
      passwordConfirm: ['mismatch'],
    });
    // A missing field stops zod's default refinements; the mismatch must still show.
    const { login: _login, ...withoutLogin } = valid;
    expect(
      errorsOf(registerFormSchema, { ...withoutLogin, nombre: '', passwordConfirm: 'Tirador2026' }),
    ).toEqual({
      login: ['required'],
      nombre: ['required'],
      passwordConfirm: ['mismatch'],
    });
  });

  it('requires the confirmation and holds it to the strong pattern', () => {
    expect(errorsWith(registerFormSchema, valid, 'passwordConfirm', '')).toEqual({
      passwordConfirm: ['required'],
    });
    expect(
      errorsOf(registerFormSchema, { ...valid, password: 'tirador2025', passwordConfirm: 'tirador2025' }),
    ).toEqual({
      password: ['pattern'],
      passwordConfirm: ['pattern'],
    });
  });
});

describe('updateUserBodySchema and profileFormSchema', () => {
  const valid = {
    uuid: UUID,
    login: 'member01',
    nombre: 'Ana',
    apellidos: 'Pérez',
    email: 'ana@example.org',
    socio: null,
    mobil: '612345678',
    nacimiento: '1990-05-17',
    sexo: 2,
    division: 1,
    factor: 2,
  };

  it('accepts the stored user sent back whole, dropping what it does not know', () => {
    const body = updateUserBodySchema.parse({
      ...valid,
      fullName: 'Pérez, Ana',
      staff: true,
      curso: true,
      token: 'x',
    });
    expect(body).not.toHaveProperty('staff');
    expect(body).not.toHaveProperty('curso');
    expect(body).not.toHaveProperty('fullName');
    expect(body).toMatchObject({ uuid: UUID, mobil: '612345678', sexo: 2, division: 1, factor: 2 });
  });

  it('needs only uuid, mobil, nacimiento and sexo', () => {
    expect(
      errorsOf(updateUserBodySchema, { uuid: UUID, mobil: '612345678', nacimiento: '1990-05-17', sexo: 1 }),
    ).toEqual({});
  });

  it.each(['uuid', 'mobil', 'nacimiento', 'sexo'])('requires %s', (field) => {
    expect(errorsWith(updateUserBodySchema, valid, field, undefined)).toEqual({ [field]: ['required'] });
  });

  it('checks mobile, date, sexo, division and factor as registration does', () => {
    expect(errorsWith(updateUserBodySchema, valid, 'mobil', '61234567')).toEqual({ mobil: ['mobile'] });
    expect(errorsWith(updateUserBodySchema, valid, 'nacimiento', '1990-02-30')).toEqual({
      nacimiento: ['date'],
    });
    expect(errorsWith(updateUserBodySchema, valid, 'sexo', 0)).toEqual({ sexo: ['enum'] });
    expect(errorsWith(updateUserBodySchema, valid, 'division', 9)).toEqual({ division: ['enum'] });
    expect(errorsWith(updateUserBodySchema, valid, 'factor', 9)).toEqual({ factor: ['enum'] });
    expect(errorsWith(updateUserBodySchema, valid, 'uuid', 'abc')).toEqual({ uuid: ['pattern'] });
  });

  it('allows a short login (kept by the server) but not an oversized one', () => {
    expect(errorsWith(updateUserBodySchema, valid, 'login', 'ana')).toEqual({});
    expect(errorsWith(updateUserBodySchema, valid, 'login', 'x'.repeat(151))).toEqual({
      login: ['maxlength'],
    });
  });

  it('gives the profile form the same rules without uuid', () => {
    const { uuid: _uuid, ...form } = valid;
    expect(errorsOf(profileFormSchema, form)).toEqual({});
    expect(errorsWith(profileFormSchema, form, 'mobil', '')).toEqual({ mobil: ['required'] });
    expect(errorsWith(profileFormSchema, form, 'nacimiento', undefined)).toEqual({
      nacimiento: ['required'],
    });
    expect(errorsWith(profileFormSchema, form, 'sexo', undefined)).toEqual({ sexo: ['required'] });
  });
});

describe('forgottenSchema', () => {
  it('takes a valid e-mail', () => {
    expect(errorsOf(forgottenSchema, { email: 'ana@example.org' })).toEqual({});
    expect(errorsOf(forgottenSchema, { email: '' })).toEqual({ email: ['required'] });
    expect(errorsOf(forgottenSchema, {})).toEqual({ email: ['required'] });
    expect(errorsOf(forgottenSchema, { email: 'ana' })).toEqual({ email: ['email'] });
  });
});

describe('reset password', () => {
  const body = { hash: 'abc123', token: 'def456', password: 'Tirador2025' };

  it('accepts hash, token and a strong password', () => {
    expect(errorsOf(resetPasswordBodySchema, body)).toEqual({});
  });

  it.each(['hash', 'token', 'password'])('requires %s', (field) => {
    expect(errorsWith(resetPasswordBodySchema, body, field, undefined)).toEqual({ [field]: ['required'] });
  });

  it('needs a strong password and single-line tokens', () => {
    expect(errorsWith(resetPasswordBodySchema, body, 'password', 'short1A')).toEqual({
      password: ['minlength'],
    });
    expect(errorsWith(resetPasswordBodySchema, body, 'password', 'TIRADOR2025')).toEqual({
      password: ['pattern'],
    });
    expect(errorsWith(resetPasswordBodySchema, body, 'token', 'a\nb')).toEqual({ token: ['singleLine'] });
  });

  it('has a form with a matching confirmation', () => {
    const form = { password: 'Tirador2025', passwordConfirm: 'Tirador2025' };
    expect(errorsOf(resetPasswordFormSchema, form)).toEqual({});
    expect(errorsWith(resetPasswordFormSchema, form, 'passwordConfirm', 'Tirador2024')).toEqual({
      passwordConfirm: ['mismatch'],
    });
    expect(errorsWith(resetPasswordFormSchema, form, 'passwordConfirm', undefined)).toEqual({
      passwordConfirm: ['required'],
    });
    expect(errorsOf(resetPasswordFormSchema, { password: 'abc', passwordConfirm: 'abc' })).toEqual({
      password: ['minlength', 'pattern'],
      passwordConfirm: ['minlength', 'pattern'],
    });
  });
});

describe('change password', () => {
  const body = { uuid: UUID, oldPassword: 'old', newPassword: 'Tirador2025' };

  it('accepts any old password and a strong new one', () => {
    expect(errorsOf(changePasswordBodySchema, body)).toEqual({});
  });

  it.each(['uuid', 'oldPassword', 'newPassword'])('requires %s', (field) => {
    expect(errorsWith(changePasswordBodySchema, body, field, undefined)).toEqual({ [field]: ['required'] });
  });

  it('takes the strict reading: the new password is strong', () => {
    expect(errorsWith(changePasswordBodySchema, body, 'newPassword', 'abcd')).toEqual({
      newPassword: ['minlength', 'pattern'],
    });
    expect(errorsWith(changePasswordBodySchema, body, 'newPassword', 'abcdefgh1')).toEqual({
      newPassword: ['pattern'],
    });
    expect(errorsWith(changePasswordBodySchema, body, 'newPassword', 'Abc12345')).toEqual({
      newPassword: ['common'],
    });
  });

  it('has a form with a matching confirmation', () => {
    const form = { oldPassword: 'old', newPassword: 'Tirador2025', newPasswordConfirm: 'Tirador2025' };
    expect(errorsOf(changePasswordFormSchema, form)).toEqual({});
    expect(errorsWith(changePasswordFormSchema, form, 'newPasswordConfirm', 'Tirador2026')).toEqual({
      newPasswordConfirm: ['mismatch'],
    });
    expect(errorsWith(changePasswordFormSchema, form, 'oldPassword', '')).toEqual({
      oldPassword: ['required'],
    });
    expect(errorsWith(changePasswordFormSchema, form, 'newPasswordConfirm', '')).toEqual({
      newPasswordConfirm: ['required'],
    });
  });
});

describe('deleteAccountBodySchema', () => {
  it('requires the password', () => {
    expect(errorsOf(deleteAccountBodySchema, { password: 'x' })).toEqual({});
    expect(errorsOf(deleteAccountBodySchema, {})).toEqual({ password: ['required'] });
    expect(errorsOf(deleteAccountBodySchema, { password: 'x', uuid: UUID })).toEqual({ uuid: ['unknown'] });
  });
});

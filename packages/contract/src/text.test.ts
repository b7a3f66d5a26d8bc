import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { fieldErrorsFromZod } from './errors.ts';
import {
  COMMON_PASSWORDS,
  PASSWORD_MAX,
  emailField,
  isStrongPassword,
  isoDateField,
  mobileField,
  normaliseMobile,
  multiLineText,
  normalizeText,
  optionalSingleLineText,
  singleLineText,
  strongPasswordField,
  uuidField,
} from './text.ts';

/** The codes a schema reports for a value at the top level, or [] when it passes. */
function codesOf(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value);
  return result.success ? [] : (fieldErrorsFromZod(result.error)[''] ?? ['?']);
}

describe('normalizeText', () => {
  it('composes to NFC and trims', () => {
    expect(normalizeText('  Jose\u0301 \n')).toBe('José');
    expect(normalizeText('  Jose\u0301 ').length).toBe(4);
  });
});

describe('singleLineText', () => {
  const schema = singleLineText(5);

  it('keeps normalised text', () => {
    expect(schema.parse('  abc ')).toBe('abc');
    expect(schema.parse('Jose\u0301')).toBe('José');
  });

  it('requires a value', () => {
    expect(codesOf(schema, undefined)).toEqual(['required']);
    expect(codesOf(schema, null)).toEqual(['required']);
    expect(codesOf(schema, '')).toEqual(['required']);
    expect(codesOf(schema, '   ')).toEqual(['required']);
    expect(codesOf(schema, 42)).toEqual(['type']);
  });

  it('limits the length after trimming', () => {
    expect(codesOf(schema, '  abcde  ')).toEqual([]);
    expect(codesOf(schema, 'abcdef')).toEqual(['maxlength']);
  });

  it('applies a minimum when given', () => {
    expect(codesOf(singleLineText(10, 3), 'ab')).toEqual(['minlength']);
    expect(codesOf(singleLineText(10, 3), 'abc')).toEqual([]);
  });

  it.each(['a\nb', 'a\rb', 'a\tb', 'a\u0000b', 'a\u001bb', 'a\u0085b', 'a\u2028b', 'a\u007fb'])(
    'refuses control characters and line breaks (%j)',
    (text) => {
      expect(codesOf(schema, text)).toEqual(['singleLine']);
    },
  );

  it('allows ordinary Unicode', () => {
    expect(codesOf(singleLineText(50), 'Núñez-Çà l·l 😀')).toEqual([]);
  });
});

describe('optionalSingleLineText', () => {
  const schema = optionalSingleLineText(3);
  it('turns missing, null and blank into null', () => {
    expect(schema.parse(undefined)).toBeNull();
    expect(schema.parse(null)).toBeNull();
    expect(schema.parse('  ')).toBeNull();
    expect(schema.parse(' ab ')).toBe('ab');
  });
  it('still checks length and line breaks', () => {
    expect(codesOf(schema, 'abcd')).toEqual(['maxlength']);
    expect(codesOf(schema, 'a\nb')).toEqual(['singleLine']);
  });
});

describe('multiLineText', () => {
  const schema = multiLineText(10);
  it('allows newlines and tabs and folds CRLF', () => {
    expect(schema.parse('a\nb\tc')).toBe('a\nb\tc');
    expect(schema.parse('a\r\nb')).toBe('a\nb');
  });
  it('refuses other control characters', () => {
    expect(codesOf(schema, 'a\u0000b')).toEqual(['unknown']);
    expect(codesOf(schema, 'a\u0007b')).toEqual(['unknown']);
  });
  it('requires a value and limits it', () => {
    expect(codesOf(schema, '')).toEqual(['required']);
    expect(codesOf(schema, '12345678901')).toEqual(['maxlength']);
    // CRLF counts as one character once folded.
    expect(codesOf(schema, '1234\r\n5678')).toEqual([]);
  });
});

describe('emailField', () => {
  it.each(['ana@example.org', 'ana.perez+club@sub.example.es', "o'neil@example.com", ' ana@example.org '])(
    'accepts %s',
    (email) => {
      expect(codesOf(emailField, email)).toEqual([]);
    },
  );

  it.each([
    'ana',
    'ana@',
    '@example.org',
    'ana@example',
    'ana@@example.org',
    'ana example@x.org',
    'a..b@example.org',
    'ana@example.org\nBcc: x@y.org',
  ])('refuses %j', (email) => {
    expect(codesOf(emailField, email)).toContain('email');
  });

  it('requires a value and limits it to 200', () => {
    expect(codesOf(emailField, '')).toEqual(['required']);
    expect(codesOf(emailField, undefined)).toEqual(['required']);
    const at200 = `${'a'.repeat(188)}@example.org`;
    expect(at200.length).toBe(200);
    expect(codesOf(emailField, at200)).toEqual([]);
    expect(codesOf(emailField, `a${at200}`)).toEqual(['maxlength']);
  });

  it('trims the address', () => {
    expect(emailField.parse(' ana@example.org ')).toBe('ana@example.org');
  });
});

describe('mobileField', () => {
  it('takes exactly 9 digits', () => {
    expect(codesOf(mobileField, '612345678')).toEqual([]);
    expect(codesOf(mobileField, '61234567')).toEqual(['mobile']);
    expect(codesOf(mobileField, '6123456789')).toEqual(['mobile']);
    expect(codesOf(mobileField, '61234567a')).toEqual(['mobile']);
    expect(codesOf(mobileField, '+34612345')).toEqual(['mobile']);
    expect(codesOf(mobileField, '+1')).toEqual(['mobile']);
    expect(codesOf(mobileField, '612 34 56 7a')).toEqual(['mobile']);
    expect(codesOf(mobileField, `+${'1'.repeat(30)}`)).toEqual(['mobile']);
    expect(codesOf(mobileField, '')).toEqual(['required']);
    expect(codesOf(mobileField, 612345678)).toEqual(['type']);
  });
});

describe('isoDateField', () => {
  it('takes real yyyy-MM-dd dates only', () => {
    expect(codesOf(isoDateField, '2024-02-29')).toEqual([]);
    expect(codesOf(isoDateField, '2023-02-29')).toEqual(['date']);
    expect(codesOf(isoDateField, '2023-13-01')).toEqual(['date']);
    expect(codesOf(isoDateField, '01/02/2023')).toEqual(['date']);
    expect(codesOf(isoDateField, '2023-02-01T00:00:00Z')).toEqual(['date']);
    expect(codesOf(isoDateField, '')).toEqual(['required']);
  });
});

describe('uuidField', () => {
  it('takes a hex 8-4-4-4-12 id', () => {
    expect(codesOf(uuidField, '11111111-1111-4111-8111-111111111111')).toEqual([]);
    expect(codesOf(uuidField, 'not-a-uuid')).toEqual(['pattern']);
    expect(codesOf(uuidField, '')).toEqual(['required']);
  });
});

describe('strongPasswordField', () => {
  it('accepts a strong password exactly as typed', () => {
    expect(strongPasswordField.parse(' Tirador2025 ')).toBe(' Tirador2025 ');
    expect(codesOf(strongPasswordField, 'Tirador2025')).toEqual([]);
    expect(codesOf(strongPasswordField, 'Ñandú2025x')).toEqual([]);
  });

  it('requires a value', () => {
    expect(codesOf(strongPasswordField, '')).toEqual(['required']);
    expect(codesOf(strongPasswordField, undefined)).toEqual(['required']);
  });

  it('needs 8 to 128 characters', () => {
    expect(codesOf(strongPasswordField, 'Tir2025')).toEqual(['minlength']);
    expect(codesOf(strongPasswordField, 'Tir20255')).toEqual([]);
    const longest = `Aa1${'x'.repeat(PASSWORD_MAX - 3)}`;
    expect(codesOf(strongPasswordField, longest)).toEqual([]);
    expect(codesOf(strongPasswordField, `${longest}x`)).toEqual(['maxlength']);
  });

  it.each([
    ['no upper-case letter', 'tirador2025'],
    ['no lower-case letter', 'TIRADOR2025'],
    ['no digit', 'TiradorDiana'],
  ])('refuses a password with %s', (_reason, password) => {
    expect(codesOf(strongPasswordField, password)).toEqual(['pattern']);
  });

  it('refuses common passwords whatever their case', () => {
    expect(codesOf(strongPasswordField, 'Password1')).toEqual(['common']);
    expect(codesOf(strongPasswordField, 'pASSWORD123')).toEqual(['common']);
    expect(codesOf(strongPasswordField, 'Qwerty123')).toEqual(['common']);
    expect(isStrongPassword('Welcome1')).toBe(false);
  });

  it('keeps a list of about fifty', () => {
    expect(COMMON_PASSWORDS.size).toBeGreaterThanOrEqual(45);
    for (const password of COMMON_PASSWORDS) expect(password).toBe(password.toLowerCase());
  });

  it('agrees with isStrongPassword', () => {
    expect(isStrongPassword('Tirador2025')).toBe(true);
    expect(isStrongPassword('Tir2025')).toBe(false);
    expect(isStrongPassword('tirador2025')).toBe(false);
    expect(isStrongPassword(`Aa1${'x'.repeat(PASSWORD_MAX)}`)).toBe(false);
  });
});

describe('normaliseMobile', () => {
  it('keeps a Spanish number as its nine digits however it is typed', () => {
    for (const typed of ['600123456', '600 12 34 56', '600-12-34-56', '600.123.456', '+34 600 12 34 56', '0034600123456', '(+34) 600123456']) {
      expect(normaliseMobile(typed), typed).toBe('600123456');
    }
  });
  it('keeps a foreign number in E.164', () => {
    expect(normaliseMobile('+44 7700 900123')).toBe('+447700900123');
    expect(normaliseMobile('0033 6 12 34 56 78')).toBe('+33612345678');
    expect(normaliseMobile('+1 (415) 555-0100')).toBe('+14155550100');
  });
  it('refuses what is not a phone number', () => {
    for (const typed of ['60012345', '6001234567', '+0 600 123 456', '+12', 'abc', '600 12 34 5x', '+34 600 12 34 56 78 90 12 34']) {
      expect(normaliseMobile(typed), typed).toBeNull();
    }
  });
  it('stores what the schema parses in that form', () => {
    expect(mobileField.parse(' 600 12 34 56 ')).toBe('600123456');
    expect(mobileField.parse('+44 7700 900123')).toBe('+447700900123');
  });
});

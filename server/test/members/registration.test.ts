import { expect, it } from 'vitest';
import { userSchema } from '@club/contract/schemas';
import { apiClient, describeEachDatabase } from '../support/test-app.ts';
import { expectError, parseUser, signIn, uniqueName } from '../auth/accounts.ts';

function registration(overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const login = uniqueName('nuevo');
  return {
    login,
    password: 'Registro2025x',
    nombre: 'Joan',
    apellidos: 'Vila Roca',
    email: `${login}@example.com`,
    mobil: '611222333',
    nacimiento: '1990-05-06',
    sexo: 1,
    ...overrides,
  };
}

describeEachDatabase(
  'registration',
  (get) => {
    it('registers a member: 201 User with no club flags, and the member can sign in', async () => {
      const t = get();
      const body = registration({ socio: '0421', division: 2, factor: 1 });
      const res = await apiClient(t.app).post('/api/registro/', body);
      expect(res.statusCode).toBe(201);
      const user = parseUser(res);
      expect(user).toEqual({
        uuid: user.uuid,
        login: body.login,
        nombre: 'Joan',
        apellidos: 'Vila Roca',
        fullName: 'Vila Roca, Joan',
        email: body.email,
        nacimiento: '1990-05-06',
        mobil: '611222333',
        sexo: 1,
        // The number typed is a claim for staff; the address waits for its link.
        socio: null,
        socioSolicitado: '0421',
        emailVerificado: false,
        division: 2,
        factor: 1,
        licencia: null,
        curso: false,
        habilitado: false,
        arbitroIpsc: false,
        arbitroPrecision: false,
        entrenadorNacional: false,
        instructorMisia: false,
        autorizacionClub: false,
        staff: false,
        recordatorios: true,
        idioma: 'es',
      });
      const session = await signIn(t, String(body.login), String(body.password));
      expect(session.user).toEqual(user);
      const row = await t.db.kysely.selectFrom('members').selectAll().where('id', '=', user.uuid).executeTakeFirstOrThrow();
      expect(row.password_hash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    });

    it('takes a mobile as people type it: spaces, a +34 prefix, or a foreign number stored in E.164', async () => {
      const api = apiClient(get().app);
      for (const [typed, stored] of [
        ['600 12 34 56', '600123456'],
        ['+34 611 22 33 44', '611223344'],
        ['+44 7700 900123', '+447700900123'],
      ]) {
        const res = await api.post('/api/registro/', registration({ mobil: typed }));
        expect(res.statusCode, typed).toBe(201);
        expect(parseUser(res).mobil).toBe(stored);
      }
      const bad = expectError(await api.post('/api/registro/', registration({ mobil: '+34 611 22' })), 400, 'VALIDATION_ERROR');
      expect(bad.fields).toEqual({ mobil: ['mobile'] });
    });

    it('refuses a flag or staff in the registration body', async () => {
      const t = get();
      const body = expectError(
        await apiClient(t.app).post('/api/registro/', registration({ staff: true, licencia: 'X-1' })),
        400,
        'VALIDATION_ERROR',
      );
      expect(body.fields).toEqual({ staff: ['unknown'], licencia: ['unknown'] });
    });

    it('stores and returns names with markup as plain text', async () => {
      const t = get();
      const nombre = '<script>alert("x")</script>';
      const apellidos = '<img src=x onerror=alert(1)> & Cía';
      const res = await apiClient(t.app).post('/api/registro/', registration({ nombre, apellidos }));
      expect(res.statusCode).toBe(201);
      expect(res.headers['content-type']).toMatch(/^application\/json/);
      const user = parseUser(res);
      expect(user.nombre).toBe(nombre);
      expect(user.apellidos).toBe(apellidos);
      expect(user.fullName).toBe(`${apellidos}, ${nombre}`);
      const row = await t.db.kysely.selectFrom('members').select(['nombre', 'apellidos']).where('id', '=', user.uuid).executeTakeFirstOrThrow();
      expect(row).toEqual({ nombre, apellidos });
      const session = await signIn(t, user.login, 'Registro2025x');
      const profile = await apiClient(t.app).get('/api/registry/actvie-user/', session.token);
      expect(userSchema.parse(profile.json()).nombre).toBe(nombre);
    });

    it('answers LOGIN_TAKEN and EMAIL_TAKEN, ignoring case', async () => {
      const t = get();
      const api = apiClient(t.app);
      const first = registration();
      expect((await api.post('/api/registro/', first)).statusCode).toBe(201);
      expectError(await api.post('/api/registro/', registration({ login: String(first.login).toUpperCase() })), 409, 'LOGIN_TAKEN');
      expectError(await api.post('/api/registro/', registration({ email: String(first.email).toUpperCase() })), 409, 'EMAIL_TAKEN');
      // Both taken: the login is named first.
      expectError(await api.post('/api/registro/', { ...first }), 409, 'LOGIN_TAKEN');
    });

    it('answers WEAK_PASSWORD for a password the strong pattern or the common list refuses', async () => {
      const api = apiClient(get().app);
      const cases: Array<[string, string]> = [
        ['sinmayusculas1', 'pattern'],
        ['SINMINUSCULAS1', 'pattern'],
        ['SinDigitosAqui', 'pattern'],
        ['Corta1', 'minlength'],
        ['Password1', 'common'],
        ['Contraseña1', 'common'],
      ];
      for (const [password, code] of cases) {
        const body = expectError(await api.post('/api/registro/', registration({ password })), 400, 'WEAK_PASSWORD');
        expect(body.fields, password).toEqual({ password: [code] });
      }
    });

    it('answers VALIDATION_ERROR with fields for every other fault', async () => {
      const api = apiClient(get().app);
      const body = expectError(
        await api.post('/api/registro/', {
          login: 'corto',
          password: 'weak',
          nombre: '',
          email: 'no-es-correo',
          mobil: '12345',
          nacimiento: '1990-02-30',
          sexo: 3,
          division: 9,
        }),
        400,
        'VALIDATION_ERROR',
      );
      expect(body.fields).toEqual({
        login: ['minlength'],
        password: ['minlength', 'pattern'],
        nombre: ['required'],
        apellidos: ['required'],
        email: ['email'],
        mobil: ['mobile'],
        nacimiento: ['date'],
        sexo: ['enum'],
        division: ['enum'],
      });
      const long = expectError(await api.post('/api/registro/', registration({ password: `Aa1${'x'.repeat(126)}` })), 400, 'VALIDATION_ERROR');
      expect(long.fields).toEqual({ password: ['maxlength'] });
      const newline = expectError(await api.post('/api/registro/', registration({ nombre: 'Joan\r\nBcc: x@y.z' })), 400, 'VALIDATION_ERROR');
      expect(newline.fields).toEqual({ nombre: ['singleLine'] });
      expectError(await api.post('/api/registro/', 'not json'), 400, 'VALIDATION_ERROR');
    });

    it("keeps the language of the registration call's Accept-Language (es when none of ours)", async () => {
      const t = get();
      const register = (acceptLanguage: string | undefined) =>
        t.app.inject({
          method: 'POST',
          url: '/api/registro/',
          headers: {
            cookie: 'XSRF-TOKEN=r1',
            'x-xsrf-token': 'r1',
            ...(acceptLanguage ? { 'accept-language': acceptLanguage } : {}),
          },
          payload: registration(),
        });
      const languageOf = async (uuid: string) =>
        (await t.db.kysely.selectFrom('members').select('language').where('id', '=', uuid).executeTakeFirstOrThrow()).language;
      expect(await languageOf(parseUser(await register('ca')).uuid)).toBe('ca');
      expect(await languageOf(parseUser(await register('fr-FR,en-GB;q=0.8')).uuid)).toBe('en');
      expect(await languageOf(parseUser(await register('fr-FR')).uuid)).toBe('es');
      expect(await languageOf(parseUser(await register(undefined)).uuid)).toBe('es');
    });
  },
  { env: { RATE_LIMIT_REGISTER: '1000', RATE_LIMIT_LOGIN: '1000' } },
);

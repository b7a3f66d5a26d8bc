import { beforeAll, expect, it } from 'vitest';
import { userSchema } from '@club/contract/schemas';
import { apiClient, describeEachDatabase } from '../support/test-app.ts';
import { createTestMember } from '../support/auth.ts';
import type { TestMember } from '../support/auth.ts';

describeEachDatabase('admin: member search through the search index', (get) => {
  const api = () => apiClient(get().app);
  let staff: TestMember;
  let garcia: TestMember;
  let nunez: TestMember;

  const search = async (q: string) => {
    const res = await api().get(`/api/admin/users/?q=${encodeURIComponent(q)}`, staff.token);
    expect(res.statusCode, q).toBe(200);
    return userSchema
      .array()
      .parse(res.json())
      .map((u) => u.uuid);
  };

  beforeAll(async () => {
    const t = get();
    staff = await createTestMember(t, { staff: true, nombre: 'Marta', apellidos: 'Staff' });
    garcia = await createTestMember(t, { nombre: 'Ramón', apellidos: 'García Peña', login: 'rgarcia' });
    nunez = await createTestMember(t, {
      nombre: 'Àngels',
      apellidos: 'Núñez',
      email: 'ANGELS.NUNEZ@Club.Test',
    });
    await createTestMember(t, { nombre: 'Pere', apellidos: 'Vidal' });
  });

  it('finds a name without its accents and in any case', async () => {
    for (const q of ['garcia', 'GARCÍA', 'García', 'ramon garc', 'pena', 'peña']) {
      expect(await search(q), q).toEqual([garcia.user.uuid]);
    }
    for (const q of ['nuñez', 'NUNEZ', 'angels', 'àngels nú']) {
      expect(await search(q), q).toEqual([nunez.user.uuid]);
    }
  });

  it('finds by part of the login, the e-mail and the member number', async () => {
    expect(await search('rgarc')).toEqual([garcia.user.uuid]);
    expect(await search('angels.nunez@club')).toEqual([nunez.user.uuid]);
    await api().put(`/api/admin/users/${nunez.user.uuid}/`, { socio: 'S-7731' }, staff.token);
    expect(await search('7731')).toEqual([nunez.user.uuid]);
    // A member number claimed at sign-up, waiting for staff, is found too.
    await get()
      .db.kysely.updateTable('members')
      .set({ socio_solicitado: 'C-5519' })
      .where('id', '=', garcia.user.uuid)
      .execute();
    expect(await search('c-5519')).toEqual([garcia.user.uuid]);
  });

  it('takes the characters of a search as text, not as query syntax', async () => {
    for (const q of ['"', 'a"b OR *', '%', '_', 'NEAR(x y)', '\\']) {
      expect(await search(q), q).toEqual([]);
    }
  });

  it('answers short searches of one or two characters', async () => {
    expect(await search('vi')).toContain((await search('vidal'))[0]);
  });

  it('follows every change of a member: new, renamed, deleted', async () => {
    const t = get();
    const late = await createTestMember(t, { nombre: 'Iñaki', apellidos: 'Zubizarreta' });
    expect(await search('inaki zubi')).toEqual([late.user.uuid]);
    await t.db.kysely
      .updateTable('members')
      .set({ apellidos: 'Olaizola' })
      .where('id', '=', late.user.uuid)
      .execute();
    expect(await search('zubizarreta')).toEqual([]);
    expect(await search('olaizola')).toEqual([late.user.uuid]);
    await t.db.kysely.deleteFrom('tokens').where('member_id', '=', late.user.uuid).execute();
    await t.db.kysely.deleteFrom('members').where('id', '=', late.user.uuid).execute();
    expect(await search('olaizola')).toEqual([]);
    // The other members' entries are untouched by those changes.
    expect(await search('garcia')).toEqual([garcia.user.uuid]);
  });

  it('answers a search with more matches than a page with the first page by surname, and follows a new surname', async () => {
    const t = get();
    // Surnames of lower-case letters only, so both databases' collations put them in one order;
    // created out of that order.
    const codes = Array.from(
      { length: 55 },
      (_, i) => `${'bcdefghijk'[(i * 7) % 10]}${'lmnopqrstu'[i % 10]}${'vwxyz'[(i * 3) % 5]}`,
    );
    const made: Array<{ uuid: string; apellidos: string }> = [];
    for (const code of codes) {
      const member = await createTestMember(t, { nombre: 'Lote', apellidos: `Sorteo${code}` });
      made.push({ uuid: member.user.uuid, apellidos: `Sorteo${code}` });
    }
    const byName = (list: typeof made) =>
      [...list].sort((a, b) =>
        a.apellidos === b.apellidos ? (a.uuid < b.uuid ? -1 : 1) : a.apellidos < b.apellidos ? -1 : 1,
      );
    const page = await search('sorteo');
    expect(page).toHaveLength(50);
    expect(page).toEqual(
      byName(made)
        .slice(0, 50)
        .map((m) => m.uuid),
    );
    // The last of the order takes a surname that comes first: it leads the next page of results.
    const last = byName(made)[54];
    await t.db.kysely
      .updateTable('members')
      .set({ apellidos: 'Sorteoaaa' })
      .where('id', '=', last.uuid)
      .execute();
    const renamed = made.map((m) => (m.uuid === last.uuid ? { ...m, apellidos: 'Sorteoaaa' } : m));
    const again = await search('sorteo');
    expect(again[0]).toBe(last.uuid);
    expect(again).toEqual(
      byName(renamed)
        .slice(0, 50)
        .map((m) => m.uuid),
    );
  });

  it('lists by surname with accents and case ignored, in a search, with no search and among claims', async () => {
    const t = get();
    const names = ['Zapata Orden', 'álvarez Orden', 'Bosch Orden', 'Ávila Orden', 'Ordenada', 'Ordenado'];
    const ids = new Map<string, string>();
    for (const apellidos of names) {
      const member = await createTestMember(t, { nombre: 'Ramona', apellidos });
      ids.set(apellidos, member.user.uuid);
    }
    const expected = [
      'álvarez Orden',
      'Ávila Orden',
      'Bosch Orden',
      'Ordenada',
      'Ordenado',
      'Zapata Orden',
    ].map((name) => ids.get(name));
    expect(await search('orden')).toEqual(expected);
    // With no search, the same order runs through the whole club: its first page starts with
    // the two A's and runs by folded surname.
    const res = await api().get('/api/admin/users/', staff.token);
    const all = userSchema.array().parse(res.json());
    expect(all.slice(0, 2).map((u) => u.uuid)).toEqual(expected.slice(0, 2));
    const folded = all.map(
      (u) => `${u.apellidos.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase()}\u0001${u.nombre}`,
    );
    expect(folded).toEqual([...folded].sort());
    // Members waiting for a number claim, in the same order.
    for (const [i, name] of ['Zapata Orden', 'Ávila Orden', 'Bosch Orden'].entries()) {
      await t.db.kysely
        .updateTable('members')
        .set({ socio_solicitado: `Q-${i}` })
        .where('id', '=', ids.get(name)!)
        .execute();
    }
    const claims = await api().get('/api/admin/users/?claims=1&q=orden', staff.token);
    expect(
      userSchema
        .array()
        .parse(claims.json())
        .map((u) => u.uuid),
    ).toEqual(['Ávila Orden', 'Bosch Orden', 'Zapata Orden'].map((name) => ids.get(name)));
  });

  it('keeps the order at the end of a page when many surnames begin alike', async () => {
    const t = get();
    // The index places members by the first nine letters of surname and name; past them, by
    // arrival. These share their first nine letters ("tiradorpa") and arrive in reverse order;
    // a second group ("tiradorpb") follows them in the list.
    const made: Array<{ uuid: string; apellidos: string }> = [];
    const suffixes = Array.from(
      { length: 40 },
      (_, i) => `${'abcdefghij'[Math.floor(i / 10) % 10]}${'klmnopqrst'[i % 10]}`,
    ).reverse();
    for (const [i, suffix] of suffixes.entries()) {
      const apellidos = `Tiradorpa${suffix}`;
      made.push({ uuid: (await createTestMember(t, { nombre: 'Uno', apellidos })).user.uuid, apellidos });
      if (i % 2 === 0) {
        const second = `Tiradorpb${suffix}`;
        made.push({
          uuid: (await createTestMember(t, { nombre: 'Dos', apellidos: second })).user.uuid,
          apellidos: second,
        });
      }
    }
    const inOrder = [...made].sort((a, b) => (a.apellidos < b.apellidos ? -1 : 1)).map((m) => m.uuid);
    expect(await search('tiradorp')).toEqual(inOrder.slice(0, 50));
    expect(await search('tirador')).toEqual(inOrder.slice(0, 50));
    // A member of the first group renamed into the middle of the second moves there.
    const moved = made.find((m) => m.apellidos === 'Tiradorpaak')!;
    await t.db.kysely
      .updateTable('members')
      .set({ apellidos: 'Tiradorpbzz' })
      .where('id', '=', moved.uuid)
      .execute();
    const after = made.map((m) => (m === moved ? { ...m, apellidos: 'Tiradorpbzz' } : m));
    const again = [...after].sort((a, b) => (a.apellidos < b.apellidos ? -1 : 1)).map((m) => m.uuid);
    expect(await search('tiradorp')).toEqual(again.slice(0, 50));
    expect(again.slice(0, 50)).not.toContain(moved.uuid);
  });
});

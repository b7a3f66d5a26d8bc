import { beforeAll, expect, it } from 'vitest';
import { libraryListSchema, libraryStageSchema } from '@club/contract/library';
import type { LibraryStage } from '@club/contract/library';
import { apiClient, describeEachDatabase } from '../support/test-app.ts';
import { createTestMember } from '../support/auth.ts';
import type { TestMember } from '../support/auth.ts';
import { expectError } from '../auth/accounts.ts';
import { libraryBody } from './fixtures.ts';

describeEachDatabase('club stage library calls', (get) => {
  let staff: TestMember;
  let member: TestMember;
  beforeAll(async () => {
    staff = await createTestMember(get(), { staff: true, nombre: 'Nuria', apellidos: 'Ferrer' });
    member = await createTestMember(get());
  });

  it('lets staff publish, anyone read, and staff change and delete a library stage', async () => {
    const api = apiClient(get().app);
    const created = await api.post('/api/library/stages/', libraryBody(), staff.token);
    expect(created.statusCode, created.body).toBe(201);
    const stage: LibraryStage = libraryStageSchema.parse(created.json());
    expect(stage).toMatchObject({
      name: 'El Presidente',
      rounds: 12,
      // Tags are lower-cased and kept once.
      tags: ['classic', 'reload'],
      author: 'Ferrer, Nuria',
      updatedAt: get().clock.now().toISOString(),
    });
    expect(stage.stage.elements.map((e) => e.id)).toEqual(['t1', 't2', 't3']);
    expect(stage.stage.id).toBe(stage.id);

    // Anyone reads, signed in or not.
    const anonymous = await api.get(`/api/library/stages/${stage.id}/`);
    expect(anonymous.statusCode).toBe(200);
    expect(anonymous.json()).toEqual(created.json());
    const list = libraryListSchema.parse((await api.get('/api/library/stages/', member.token)).json());
    expect(list.find((s) => s.id === stage.id)).toEqual(stage);

    get().clock.advance(60_000);
    const changed = await api.put(`/api/library/stages/${stage.id}/`, libraryBody({ name: 'El Presidente (slow)', rounds: 13, tags: [] }), staff.token);
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ name: 'El Presidente (slow)', rounds: 13, tags: [], updatedAt: get().clock.now().toISOString() });

    expect((await api.delete(`/api/library/stages/${stage.id}/`, undefined, staff.token)).statusCode).toBe(204);
    expectError(await api.get(`/api/library/stages/${stage.id}/`), 404, 'NOT_FOUND');
    expectError(await api.delete(`/api/library/stages/${stage.id}/`, undefined, staff.token), 404, 'NOT_FOUND');
  });

  it('refuses writes to members (403) and visitors (401) before looking at the body', async () => {
    const api = apiClient(get().app);
    const published = (await api.post('/api/library/stages/', libraryBody(), staff.token)).json<LibraryStage>();
    expectError(await api.post('/api/library/stages/', libraryBody(), member.token), 403, 'FORBIDDEN');
    expectError(await api.post('/api/library/stages/', { name: '' }, member.token), 403, 'FORBIDDEN');
    expectError(await api.post('/api/library/stages/', libraryBody()), 401, 'NOT_AUTHENTICATED');
    expectError(await api.put(`/api/library/stages/${published.id}/`, libraryBody({ name: 'Mine' }), member.token), 403, 'FORBIDDEN');
    expectError(await api.delete(`/api/library/stages/${published.id}/`, undefined, member.token), 403, 'FORBIDDEN');
    expectError(await api.delete(`/api/library/stages/${published.id}/`), 401, 'NOT_AUTHENTICATED');
    // Nothing changed.
    expect((await api.get(`/api/library/stages/${published.id}/`)).json()).toMatchObject({ name: 'El Presidente' });
  });

  it('validates the library fields and the stage with field codes', async () => {
    const api = apiClient(get().app);
    const bad = await api.post(
      '/api/library/stages/',
      libraryBody({ name: 'a\nb', description: '', rounds: 0, tags: Array.from({ length: 9 }, (_, i) => `t${i}`) }),
      staff.token,
    );
    expect(expectError(bad, 400, 'VALIDATION_ERROR').fields).toMatchObject({
      name: ['singleLine'],
      description: ['required'],
      rounds: ['unknown'],
      tags: ['maxlength'],
    });
    const elements = await api.post('/api/library/stages/', libraryBody({ elements: [{ id: 'x', type: 9 }] }), staff.token);
    expectError(elements, 400, 'VALIDATION_ERROR');
    expectError(await api.get('/api/library/stages/not-a-uuid/'), 400, 'VALIDATION_ERROR');
  });

  it('keeps a library stage when its author deletes their account', async () => {
    const t = get();
    const api = apiClient(t.app);
    const author = await createTestMember(t, { staff: true });
    const published = (await api.post('/api/library/stages/', libraryBody(), author.token)).json<LibraryStage>();
    const gone = await api.delete(`/api/registro/${author.user.uuid}/`, { password: author.password }, author.token);
    expect(gone.statusCode, gone.body).toBe(204);
    const read = await api.get(`/api/library/stages/${published.id}/`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toMatchObject({ id: published.id, author: null });
  });
});

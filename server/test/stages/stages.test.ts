import { randomUUID } from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import type { StageSummary, StageWire } from '@club/contract/stage';
import { apiClient, describeEachDatabase } from '../support/test-app.ts';
import { MAX_STAGES_PER_MEMBER } from '../../src/modules/stages/service.ts';
import { createSignedInMember } from './members.ts';
import type { SignedInMember } from './members.ts';

const element = (id: string, extra: Record<string, unknown> = {}) => ({
  id,
  name: 'full-shootable',
  type: 1,
  positionX: -1200,
  positionY: 300,
  heigth: 40,
  scale: 1.25,
  visibeTime: 4.5,
  animationType: 1,
  randomPosition: true,
  randomScale: false,
  visibleTimeType: 2,
  ipscTagetType: 3,
  randomType: false,
  ...extra,
});

// Loosely typed on purpose: the validation tests send bodies the contract refuses.
const body = (extra: Record<string, unknown> = {}): Record<string, unknown> => ({
  name: 'Swinger and popper',
  public: false,
  designWidth: 1280,
  designHeigth: 720,
  randomElements: false,
  maxRandomElements: 2,
  elements: [
    element('a1'),
    { id: 'p1', name: 'popper', type: 3, positionX: 2000, positionY: 0, scale: 0.8, animationType: 4 },
  ],
  ...extra,
});

describeEachDatabase('stages calls', (get) => {
  let owner: SignedInMember;
  let other: SignedInMember;
  beforeAll(async () => {
    owner = await createSignedInMember(get());
    other = await createSignedInMember(get());
  });

  it('refuses every call but a public read to an anonymous caller', async () => {
    const api = apiClient(get().app);
    expect((await api.get('/api/stages/')).statusCode).toBe(401);
    const post = await api.post('/api/stages/', { name: '' });
    // The session is checked before the body: an invalid body still hears 401.
    expect(post.statusCode).toBe(401);
    expect(post.json()).toMatchObject({ errorCode: 'NOT_AUTHENTICATED', message: 'Not Autenticated!!!' });
    expect((await api.put('/api/stages/x/', body())).statusCode).toBe(401);
    expect((await api.delete('/api/stages/x/')).statusCode).toBe(401);
    expect((await api.get('/api/stages/', 'f'.repeat(64))).statusCode).toBe(401);
  });

  it('creates a stage with the wire names of SPEC §3 and reads it back to its owner', async () => {
    const api = apiClient(get().app);
    const created = await api.post('/api/stages/', body(), owner.token);
    expect(created.statusCode).toBe(201);
    const stage = created.json<StageWire>();
    expect(stage.id).toMatch(/^[0-9a-f-]{36}$/);
    expect(stage).toMatchObject({ name: 'Swinger and popper', public: false, designWidth: 1280, designHeigth: 720 });
    expect(stage.elements[0]).toEqual(element('a1'));
    // Missing optional fields got SPEC's defaults on the way in.
    expect(stage.elements[1]).toMatchObject({ id: 'p1', type: 3, visibeTime: 3, visibleTimeType: 1, randomScale: false });
    expect(stage.elements[1]).not.toHaveProperty('ipscTagetType');

    const read = await api.get(`/api/stages/${stage.id}/`, owner.token);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(stage);
    // Without the trailing slash too.
    expect((await api.get(`/api/stages/${stage.id}`, owner.token)).json()).toEqual(stage);
  });

  it("lists only the caller's own stages, newest change first, without elements", async () => {
    const { app, clock } = get();
    const api = apiClient(app);
    const mine = await createSignedInMember(get());
    const first = (await api.post('/api/stages/', body({ name: 'First' }), mine.token)).json<StageWire>();
    clock.advance(60_000);
    const second = (await api.post('/api/stages/', body({ name: 'Second', public: true }), mine.token)).json<StageWire>();
    await api.post('/api/stages/', body({ name: 'Not mine' }), other.token);
    const list = await api.get('/api/stages/', mine.token);
    expect(list.statusCode).toBe(200);
    const rows = list.json<StageSummary[]>();
    expect(rows.map((row) => row.name)).toEqual(['Second', 'First']);
    expect(rows[0]).toEqual({ id: second.id, name: 'Second', public: true, updated: clock.now().toISOString() });
    expect(rows[1].id).toBe(first.id);
    expect(rows[0]).not.toHaveProperty('elements');
  });

  it('hides a private stage from other members and anonymous callers, and shows a public one', async () => {
    const api = apiClient(get().app);
    const stage = (await api.post('/api/stages/', body(), owner.token)).json<StageWire>();
    const url = `/api/stages/${stage.id}/`;
    expect((await api.get(url, other.token)).statusCode).toBe(404);
    const anonymous = await api.get(url);
    expect(anonymous.statusCode).toBe(404);
    expect(anonymous.json()).toMatchObject({ errorCode: 'NOT_FOUND' });

    const shared = await api.put(url, body({ public: true, name: 'Shared' }), owner.token);
    expect(shared.statusCode).toBe(200);
    expect(shared.json()).toMatchObject({ id: stage.id, name: 'Shared', public: true });
    expect((await api.get(url)).json()).toMatchObject({ id: stage.id, name: 'Shared', public: true });
    expect((await api.get(url, other.token)).statusCode).toBe(200);

    await api.put(url, body({ public: false }), owner.token);
    expect((await api.get(url)).statusCode).toBe(404);
  });

  it('lets only the owner change or delete a stage; others hear 404', async () => {
    const { app, clock } = get();
    const api = apiClient(app);
    const stage = (await api.post('/api/stages/', body({ public: true }), owner.token)).json<StageWire>();
    const url = `/api/stages/${stage.id}/`;
    expect((await api.put(url, body({ name: 'Hijacked' }), other.token)).statusCode).toBe(404);
    expect((await api.delete(url, undefined, other.token)).statusCode).toBe(404);
    expect((await api.get(url)).json()).toMatchObject({ name: 'Swinger and popper' });

    clock.advance(1_000);
    const changed = await api.put(url, body({ name: 'Moved', public: true, elements: [element('b2', { positionX: 10 })] }), owner.token);
    expect(changed.statusCode).toBe(200);
    expect(changed.json<StageWire>().elements).toEqual([element('b2', { positionX: 10 })]);
    const summary = (await api.get('/api/stages/', owner.token)).json<StageSummary[]>().find((row) => row.id === stage.id);
    expect(summary?.updated).toBe(clock.now().toISOString());

    const deleted = await api.delete(url, undefined, owner.token);
    expect(deleted.statusCode).toBe(204);
    expect((await api.get(url, owner.token)).statusCode).toBe(404);
    expect((await api.delete(url, undefined, owner.token)).statusCode).toBe(404);
    expect((await api.put(url, body(), owner.token)).statusCode).toBe(404);
    expect((await api.get('/api/stages/unknown-id/', owner.token)).statusCode).toBe(404);
  });

  it('refuses a stage that breaks the bounds of SPEC §5 or the wire shape', async () => {
    const api = apiClient(get().app);
    const refused = async (payload: unknown) => {
      const response = await api.post('/api/stages/', payload, owner.token);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ errorCode: 'VALIDATION_ERROR' });
      return response.json<{ fields?: Record<string, string[]> }>();
    };
    expect((await refused(body({ name: '   ' }))).fields).toHaveProperty('name');
    expect((await refused(body({ name: 'x'.repeat(101) }))).fields).toHaveProperty('name');
    await refused({ ...body(), name: undefined });
    await refused(body({ elements: [element('a', { scale: 8.5 })] }));
    await refused(body({ elements: [element('a', { scale: 0.2 })] }));
    await refused(body({ elements: [element('a', { positionX: 5010 })] }));
    await refused(body({ elements: [element('a', { positionY: -5001 })] }));
    await refused(body({ elements: [element('a', { visibeTime: 2.9 })] }));
    await refused(body({ elements: [element('a', { visibeTime: 10.1 })] }));
    await refused(body({ elements: [element('a', { type: 2 })] }));
    await refused(body({ elements: [element('a', { ipscTagetType: 12 })] }));
    await refused(body({ elements: [element('a', { animationType: 5 })] }));
    await refused(body({ elements: [element('a', { visibleTimeType: 0 })] }));
    await refused(body({ elements: [element('same'), element('same')] }));
    await refused(body({ elements: Array.from({ length: 201 }, (_, index) => element(`e${index}`)) }));
    await refused('not json at all');
    // Nothing of these was kept.
    const names = (await api.get('/api/stages/', owner.token)).json<StageSummary[]>().map((row) => row.name);
    expect(names).not.toContain('x'.repeat(101));
  });

  it(`keeps at most ${MAX_STAGES_PER_MEMBER} stages per member`, async () => {
    const { app, db } = get();
    const api = apiClient(app);
    const busy = await createSignedInMember(get());
    const stamp = new Date().toISOString();
    await db.kysely
      .insertInto('stages')
      .values(
        Array.from({ length: MAX_STAGES_PER_MEMBER - 1 }, (_, index) => ({
          id: randomUUID(),
          owner_id: busy.id,
          name: `Bulk ${index}`,
          public: 0,
          data: '{}',
          created_at: stamp,
          updated_at: stamp,
        })),
      )
      .execute();
    expect((await api.post('/api/stages/', body(), busy.token)).statusCode).toBe(201);
    const over = await api.post('/api/stages/', body(), busy.token);
    expect(over.statusCode).toBe(400);
    expect(over.json()).toMatchObject({ errorCode: 'VALIDATION_ERROR' });
    expect((await api.get('/api/stages/', busy.token)).json<StageSummary[]>()).toHaveLength(MAX_STAGES_PER_MEMBER);
    // Another member is not limited by it.
    expect((await api.post('/api/stages/', body(), other.token)).statusCode).toBe(201);
  });
});

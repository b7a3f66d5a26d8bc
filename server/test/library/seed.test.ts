import { expect, it } from 'vitest';
import { libraryListSchema } from '@club/contract/library';
import { LANGUAGES } from '@club/contract/languages';
import { seedDemoClub } from '../../src/seed/demo-club.ts';
import { apiClient, describeEachDatabase } from '../support/test-app.ts';

describeEachDatabase('demo club library', (get) => {
  it('ships at least six classic stages described in the three languages, some attached to events', async () => {
    const t = get();
    await seedDemoClub(t.db.kysely, t.clock.now(), 'Europe/Madrid');
    const list = libraryListSchema.parse((await apiClient(t.app).get('/api/library/stages/')).json());
    expect(list.length).toBeGreaterThanOrEqual(6);
    expect(list.map((s) => s.name)).toEqual(expect.arrayContaining(['El Presidente', 'Bill drill', 'Poppers y no-shoots', 'Swinger']));
    for (const stage of list) {
      expect(stage.author).toBe('Ferrer Vidal, Nuria');
      expect(stage.stage.elements.length).toBeGreaterThan(0);
      expect(stage.rounds).toBeGreaterThan(0);
      for (const language of LANGUAGES) expect(stage.translations?.[language]?.description.length).toBeGreaterThan(20);
    }
    const attached = await t.db.kysely.selectFrom('events').select('stage_id').where('stage_id', 'is not', null).execute();
    expect(attached.length).toBeGreaterThan(0);
    expect(attached.every((e) => list.some((s) => s.id === e.stage_id))).toBe(true);
  });
});

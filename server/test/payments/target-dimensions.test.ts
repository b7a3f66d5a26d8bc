import { beforeAll, expect, it } from 'vitest';
import { clubSettingsSchema } from '@club/contract/payments';
import { DEFAULT_TARGET_DIMENSIONS, targetDimensionsAnswerSchema } from '@club/contract/targets';
import { createTestMember } from '../support/auth.ts';
import type { TestMember } from '../support/auth.ts';
import { apiClient, describeEachDatabase } from '../support/test-app.ts';

describeEachDatabase(
  'target dimensions as club settings',
  (get) => {
    let staff: TestMember;
    let member: TestMember;
    beforeAll(async () => {
      staff = await createTestMember(get(), { staff: true });
      member = await createTestMember(get());
    });
    const api = () => apiClient(get().app);
    const settings = async () => clubSettingsSchema.parse((await api().get('/api/admin/settings/', staff.token)).json());
    const publicSizes = async () => {
      const res = await api().get('/api/target-dimensions/');
      expect(res.statusCode).toBe(200);
      return targetDimensionsAnswerSchema.parse(res.json());
    };

    it('gives anyone the approximate defaults until staff measure their targets, then the measured sizes', async () => {
      expect(await publicSizes()).toEqual({ dimensions: DEFAULT_TARGET_DIMENSIONS, measured: false });
      const before = await settings();
      expect(before.targetDimensions).toBeNull();
      const measured = { ...DEFAULT_TARGET_DIMENSIONS, cardHeight: 575.5, cardWidth: 455, bodyAHeight: 248 };
      const res = await api().put(
        '/api/admin/settings/',
        { duesRequired: before.duesRequired, packRequiredFor: before.packRequiredFor, version: before.version, targetDimensions: measured },
        staff.token,
      );
      expect(res.statusCode).toBe(200);
      expect(clubSettingsSchema.parse(res.json()).targetDimensions).toEqual(measured);
      expect(await publicSizes()).toEqual({ dimensions: measured, measured: true });
      // Saving the registration rules without the sizes keeps them.
      const next = await settings();
      const rules = await api().put(
        '/api/admin/settings/',
        { duesRequired: true, packRequiredFor: [], version: next.version },
        staff.token,
      );
      expect(rules.statusCode).toBe(200);
      expect((await publicSizes()).dimensions).toEqual(measured);
      // Null goes back to the defaults.
      const last = await settings();
      const reset = await api().put(
        '/api/admin/settings/',
        { duesRequired: false, packRequiredFor: [], version: last.version, targetDimensions: null },
        staff.token,
      );
      expect(reset.statusCode).toBe(200);
      expect(await publicSizes()).toEqual({ dimensions: DEFAULT_TARGET_DIMENSIONS, measured: false });
    });

    it('refuses sizes out of bounds, zones larger than what holds them, and anyone but staff', async () => {
      const { version } = await settings();
      const put = (targetDimensions: Record<string, unknown>, token = staff.token) =>
        api().put('/api/admin/settings/', { duesRequired: false, packRequiredFor: [], version, targetDimensions }, token);
      for (const wrong of [
        { ...DEFAULT_TARGET_DIMENSIONS, cardHeight: 5 },
        { ...DEFAULT_TARGET_DIMENSIONS, cardHeight: 99999 },
        { ...DEFAULT_TARGET_DIMENSIONS, cardWidth: 460.3 },
        { ...DEFAULT_TARGET_DIMENSIONS, bodyAWidth: 320 },
        { ...DEFAULT_TARGET_DIMENSIONS, headAHeight: 150 },
        { ...DEFAULT_TARGET_DIMENSIONS, popperHeight: undefined },
        { ...DEFAULT_TARGET_DIMENSIONS, extra: 1 },
      ]) {
        const res = await put(wrong);
        expect(res.statusCode, JSON.stringify(wrong)).toBe(400);
      }
      expect((await put({ ...DEFAULT_TARGET_DIMENSIONS }, member.token)).statusCode).toBe(403);
      expect((await settings()).version).toBe(version);
    });
  },
);

import { spawnSync } from 'node:child_process';
import { parse } from 'csv-parse/sync';
import { beforeAll, expect, it } from 'vitest';
import { EventType, RoleStatus } from '@club/contract/enums';
import {
  clubSettingsSchema,
  membershipSchema,
  needsAttentionSchema,
  paymentListSchema,
  paymentSchema,
} from '@club/contract/payments';
import { paymentsCsv } from '../../src/modules/payments/csv.ts';
import { listPaymentRows } from '../../src/modules/payments/repository.ts';
import { CSV_PAGE_ROWS } from '../../src/modules/payments/service.ts';
import { ALL_FLAGS, createTestMember, PASSWORD } from '../support/auth.ts';
import type { TestMember } from '../support/auth.ts';
import { apiClient, describeEachDatabase } from '../support/test-app.ts';
import { insertEvent, subscribeBody, TEST_NOW } from '../events/fixtures.ts';

describeEachDatabase(
  'payments and membership',
  (get) => {
    let staff: TestMember;
    let otherStaff: TestMember;
    beforeAll(async () => {
      staff = await createTestMember(get(), { staff: true, nombre: 'Tesorera', apellidos: 'Contable' });
      otherStaff = await createTestMember(get(), { staff: true });
    });

    const api = () => apiClient(get().app);
    const pay = (body: Record<string, unknown>, token = staff.token) => api().post('/api/admin/payments/', body, token);
    const dues = (m: TestMember, periodEnd: string, extra: Record<string, unknown> = {}) =>
      pay({ personUuid: m.user.uuid, concept: 'cuota', amountCents: 12000, method: 'efectivo', paidAt: '2025-06-01', periodEnd, ...extra });
    const pack = (m: TestMember, classes: number, extra: Record<string, unknown> = {}) =>
      pay({ personUuid: m.user.uuid, concept: 'bono', amountCents: 9000, method: 'bizum', paidAt: '2025-06-01', classes, ...extra });
    const membership = async (m: TestMember) =>
      membershipSchema.parse((await api().get(`/api/registro/${m.user.uuid}/membership/`, m.token)).json());
    const settings = async () => clubSettingsSchema.parse((await api().get('/api/admin/settings/', staff.token)).json());
    const setRules = async (rules: { duesRequired: boolean; packRequiredFor: number[] }) => {
      const { version } = await settings();
      const res = await api().put('/api/admin/settings/', { ...rules, version }, staff.token);
      expect(res.statusCode).toBe(200);
    };
    const register = (id: string, m: TestMember) =>
      api().put(`/api/events/${id}/subscribe/`, subscribeBody(m.user.uuid, 1), m.token);
    const setStatus = (id: string, m: TestMember, status: number, token = staff.token) =>
      api().put(`/api/admin/events/${id}/participants/${m.user.uuid}/`, { status }, token);

    it('puts every payment of the period in the CSV, beyond the JSON ledger’s 5,000 rows', async () => {
      const t = get();
      const m = await createTestMember(t, ALL_FLAGS);
      const rows = Array.from({ length: 5003 }, (_, i) => ({
        id: `bulk-csv-${String(i).padStart(5, '0')}`,
        member_id: m.user.uuid,
        concept: 'otro' as const,
        amount_cents: 100 + i,
        method: 'efectivo' as const,
        paid_at: `1990-01-${String(1 + (i % 28)).padStart(2, '0')}`,
        reference: null,
        period_end: null,
        classes: null,
        event_id: null,
        recorded_by: staff.user.uuid,
        recorded_at: '1990-01-01T10:00:00.000Z',
        voided_at: null,
        voided_by: null,
        void_reason: null,
      }));
      for (let at = 0; at < rows.length; at += 500) await t.db.kysely.insertInto('payments').values(rows.slice(at, at + 500)).execute();
      const json = paymentListSchema.parse((await api().get('/api/admin/payments/?from=1990-01-01&to=1990-01-31', staff.token)).json());
      expect(json).toHaveLength(5000);
      const csv = await t.app.inject({
        method: 'GET',
        url: '/api/admin/payments/?from=1990-01-01&to=1990-01-31',
        headers: { authorization: `Token ${staff.token}`, accept: 'text/csv' },
      });
      const python = spawnSync('python3', ['-c', "import csv, io, sys; print(len(list(csv.DictReader(io.StringIO(sys.stdin.buffer.read().decode('utf-8-sig'), newline='')))))"], {
        input: csv.rawPayload,
      });
      expect(python.status).toBe(0);
      expect(Number(python.stdout.toString('utf8'))).toBe(5003);
      // Read again by csv-parse (RFC 4180): the file is written a page of rows at a time, and the
      // pages join without a row lost or repeated, in the ledger's order (newest day first, then
      // time recorded, then id: 28 days of ~180 rows with one time recorded, so page ends fall
      // inside runs of equal days and times).
      const records = parse(csv.rawPayload, { bom: true, columns: true, skip_empty_lines: true }) as Array<Record<string, string>>;
      expect(records).toHaveLength(5003);
      const expected = [...rows].sort((a, b) => (a.paid_at === b.paid_at ? a.id.localeCompare(b.id) : b.paid_at.localeCompare(a.paid_at)));
      expect(records.map((r) => r.id)).toEqual(expected.map((r) => r.id));
      expect(records.map((r) => r.importe_eur)).toEqual(expected.map((r) => (r.amount_cents / 100).toFixed(2)));
      expect(CSV_PAGE_ROWS).toBeLessThan(5003 / 2);
      // The text streamed is the text the whole period makes at once.
      const whole = await listPaymentRows(t.db.kysely, { from: '1990-01-01', to: '1990-01-31' });
      expect(csv.rawPayload.toString('utf8')).toBe(paymentsCsv(whole, t.config.clubTimezone));
    });

    it('links an event fee to its event: the ledger, the member’s page, the export and the CSV name it', async () => {
      const t = get();
      t.clock.set(TEST_NOW);
      const m = await createTestMember(t, ALL_FLAGS);
      const eventId = await insertEvent(t, { evento: 'Tirada social, "otoño"', start_at: '2023-11-09 09:30:00', end_at: '2023-11-09 14:00:00' });
      const fee = { personUuid: m.user.uuid, concept: 'evento', amountCents: 2500, method: 'tarjeta', paidAt: '2023-11-02' };
      // An event that does not exist is refused, and nothing is recorded.
      const unknown = await pay({ ...fee, eventUuid: '00000000-0000-4000-8000-000000000000' });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toMatchObject({ errorCode: 'NOT_FOUND' });
      // Only an event fee carries an event.
      expect((await pay({ ...fee, concept: 'otro', eventUuid: eventId })).statusCode).toBe(400);
      const recorded = await pay({ ...fee, eventUuid: eventId });
      expect(recorded.statusCode).toBe(201);
      expect(paymentSchema.parse(recorded.json())).toMatchObject({
        eventUuid: eventId,
        eventTitle: 'Tirada social, "otoño"',
        eventStart: '2023-11-09 09:30:00',
      });
      // Without an event, an event fee is recorded all the same.
      expect(paymentSchema.parse((await pay(fee)).json())).toMatchObject({ eventUuid: null, eventTitle: null });
      const ledger = paymentListSchema.parse((await api().get(`/api/admin/payments/?from=2023-11-01&to=2023-11-30&personUuid=${m.user.uuid}`, staff.token)).json());
      expect(ledger.map((p) => p.eventTitle)).toEqual(expect.arrayContaining(['Tirada social, "otoño"', null]));
      expect((await membership(m)).payments.find((p) => p.eventUuid === eventId)?.eventTitle).toBe('Tirada social, "otoño"');
      const exported = (await api().get(`/api/registro/${m.user.uuid}/export/`, m.token)).json() as { payments: Array<{ eventTitle: string | null }> };
      expect(exported.payments.map((p) => p.eventTitle)).toContain('Tirada social, "otoño"');
      const csv = await t.app.inject({
        method: 'GET',
        url: `/api/admin/payments/?from=2023-11-01&to=2023-11-30&personUuid=${m.user.uuid}`,
        headers: { authorization: `Token ${staff.token}`, accept: 'text/csv' },
      });
      const script = "import csv, io, json, sys; print(json.dumps(list(csv.DictReader(io.StringIO(sys.stdin.buffer.read().decode('utf-8-sig'), newline='')))))";
      const python = spawnSync('python3', ['-c', script], { input: csv.rawPayload });
      expect(python.status).toBe(0);
      const rows = JSON.parse(python.stdout.toString('utf8')) as Array<Record<string, string>>;
      expect(rows.map((row) => row.actividad).sort()).toEqual(['', '2023-11-09 09:30 Tirada social, "otoño"']);
    });

    it('records dues and packs, moving the member’s dues’ end and classes, with who and when', async () => {
      const t = get();
      t.clock.set(TEST_NOW);
      const m = await createTestMember(t, ALL_FLAGS);
      const first = await dues(m, '2025-12-31', { reference: 'Recibo 17' });
      expect(first.statusCode).toBe(201);
      const payment = paymentSchema.parse(first.json());
      expect(payment).toMatchObject({
        personUuid: m.user.uuid,
        concept: 'cuota',
        amountCents: 12000,
        periodEnd: '2025-12-31',
        classes: null,
        recordedBy: staff.user.uuid,
        recordedByName: 'Contable, Tesorera',
        recordedAt: TEST_NOW.toISOString(),
        voidedAt: null,
        reference: 'Recibo 17',
      });
      expect((await pack(m, 10)).statusCode).toBe(201);
      expect((await pack(m, 5)).statusCode).toBe(201);
      // An earlier period paid late does not move the end back.
      expect((await dues(m, '2025-06-30')).statusCode).toBe(201);
      const mine = await membership(m);
      expect(mine).toMatchObject({ cuotaHasta: '2025-12-31', bonoClases: 15, licenciaCaduca: null });
      expect(mine.payments).toHaveLength(4);
      expect(mine.rules).toEqual({ duesRequired: false, packRequiredFor: [] });
      // The session's user carries the same standing.
      const me = (await api().get('/api/active-user/', m.token)).json();
      expect(me.user).toMatchObject({ cuotaHasta: '2025-12-31', bonoClases: 15 });
    });

    it('refuses a payment that breaks the contract, and anyone but staff', async () => {
      const t = get();
      const m = await createTestMember(t, ALL_FLAGS);
      const base = { personUuid: m.user.uuid, amountCents: 1000, method: 'efectivo', paidAt: '2025-06-01' };
      const fields = async (body: Record<string, unknown>) => {
        const res = await pay(body);
        expect(res.statusCode).toBe(400);
        return res.json().fields as Record<string, string[]>;
      };
      expect(await fields({ ...base, concept: 'cuota' })).toEqual({ periodEnd: ['required'] });
      expect(await fields({ ...base, concept: 'bono' })).toEqual({ classes: ['required'] });
      expect(await fields({ ...base, concept: 'otro', classes: 3 })).toEqual({ classes: ['unknown'] });
      expect(await fields({ ...base, concept: 'otro', amountCents: 0 })).toEqual({ amountCents: ['minlength'] });
      expect(await fields({ ...base, concept: 'otro', amountCents: 12.5 })).toEqual({ amountCents: ['type'] });
      expect(await fields({ ...base, concept: 'otro', method: 'cheque' })).toEqual({ method: ['enum'] });
      expect(await fields({ ...base, concept: 'otro', paidAt: '2025-02-30' })).toEqual({ paidAt: ['date'] });
      expect(await fields({ ...base, concept: 'otro', reference: 'a\nb' })).toEqual({ reference: ['singleLine'] });
      expect(await fields({ ...base, concept: 'otro', card: '4111' })).toEqual({ card: ['unknown'] });
      const unknown = await pay({ ...base, concept: 'otro', personUuid: '00000000-0000-4000-8000-000000000000' });
      expect(unknown.statusCode).toBe(404);
      const byMember = await pay({ ...base, concept: 'otro' }, m.token);
      expect(byMember.statusCode).toBe(403);
      expect((await api().post('/api/admin/payments/', { ...base, concept: 'otro' })).statusCode).toBe(401);
      expect((await api().get('/api/admin/payments/', m.token)).statusCode).toBe(403);
      expect((await api().get('/api/admin/membership/', m.token)).statusCode).toBe(403);
      expect((await api().get('/api/admin/settings/', m.token)).statusCode).toBe(403);
      // A member reads their own membership only; the answer is never kept by a cache.
      const other = await createTestMember(t, ALL_FLAGS);
      expect((await api().get(`/api/registro/${other.user.uuid}/membership/`, m.token)).statusCode).toBe(403);
      const own = await api().get(`/api/registro/${m.user.uuid}/membership/`, m.token);
      expect(own.headers['cache-control']).toContain('no-store');
    });

    it('voids a payment with a reason, undoing what it moved and never deleting it', async () => {
      const t = get();
      const m = await createTestMember(t, ALL_FLAGS);
      const older = paymentSchema.parse((await dues(m, '2025-12-31')).json());
      const newer = paymentSchema.parse((await dues(m, '2026-12-31')).json());
      const packed = paymentSchema.parse((await pack(m, 10)).json());
      expect(await membership(m)).toMatchObject({ cuotaHasta: '2026-12-31', bonoClases: 10 });
      t.clock.set(new Date('2025-06-02T09:00:00Z'));
      const voided = await api().post(`/api/admin/payments/${newer.id}/void/`, { reason: 'Cobrada dos veces' }, otherStaff.token);
      expect(voided.statusCode).toBe(200);
      expect(paymentSchema.parse(voided.json())).toMatchObject({
        id: newer.id,
        voidedAt: '2025-06-02T09:00:00.000Z',
        voidedBy: otherStaff.user.uuid,
        voidReason: 'Cobrada dos veces',
      });
      expect((await api().post(`/api/admin/payments/${packed.id}/void/`, { reason: 'Error' }, staff.token)).statusCode).toBe(200);
      const after = await membership(m);
      expect(after).toMatchObject({ cuotaHasta: '2025-12-31', bonoClases: 0 });
      // Still there, marked voided.
      expect(after.payments.map((p) => [p.id, p.voidedAt !== null])).toEqual(
        expect.arrayContaining([
          [older.id, false],
          [newer.id, true],
          [packed.id, true],
        ]),
      );
      const again = await api().post(`/api/admin/payments/${newer.id}/void/`, { reason: 'Otra vez' }, staff.token);
      expect(again.statusCode).toBe(409);
      expect(again.json().errorCode).toBe('ALREADY_VOIDED');
      expect((await api().post(`/api/admin/payments/${newer.id}/void/`, {}, staff.token)).json().fields).toEqual({ reason: ['required'] });
      expect((await api().post('/api/admin/payments/nope/void/', { reason: 'x' }, staff.token)).statusCode).toBe(404);
      t.clock.set(TEST_NOW);
    });

    it('lists the ledger by period and concept, and totals by month and concept without voids', async () => {
      const t = get();
      const m = await createTestMember(t, ALL_FLAGS);
      await dues(m, '2026-03-31', { paidAt: '2024-03-03', amountCents: 5000 });
      await pack(m, 3, { paidAt: '2024-03-20', amountCents: 2500 });
      const voidMe = paymentSchema.parse((await pack(m, 3, { paidAt: '2024-03-21', amountCents: 999 })).json());
      await api().post(`/api/admin/payments/${voidMe.id}/void/`, { reason: 'Error' }, staff.token);
      await pay({ personUuid: m.user.uuid, concept: 'otro', amountCents: 150, method: 'tarjeta', paidAt: '2024-04-01' });
      const list = async (query: string) => {
        const res = await api().get(`/api/admin/payments/?${query}`, staff.token);
        expect(res.statusCode).toBe(200);
        return paymentListSchema.parse(res.json());
      };
      const march = await list('from=2024-03-01&to=2024-03-31');
      expect(march.map((p) => p.paidAt)).toEqual(['2024-03-21', '2024-03-20', '2024-03-03']);
      expect(march[0].personName).toBe(m.user.fullName);
      expect((await list('from=2024-03-01&to=2024-04-30&concept=bono')).map((p) => p.amountCents)).toEqual([999, 2500]);
      expect((await list('from=2024-03-01&to=2024-04-30&voided=exclude')).map((p) => p.amountCents)).toEqual([150, 2500, 5000]);
      expect((await api().get('/api/admin/payments/?from=2024-05-01&to=2024-04-01', staff.token)).statusCode).toBe(400);
      expect((await api().get('/api/admin/payments/?concept=regalo', staff.token)).statusCode).toBe(400);
      // A payment recorded now shows at once in a period already listed (the kept answer moves).
      await pay({ personUuid: m.user.uuid, concept: 'otro', amountCents: 1, method: 'tarjeta', paidAt: '2024-03-31' });
      expect((await list('from=2024-03-01&to=2024-03-31')).map((p) => p.amountCents)).toEqual([1, 999, 2500, 5000]);
      const attention = needsAttentionSchema.parse(
        (await api().get('/api/admin/membership/?from=2024-03-01&to=2024-04-30', staff.token)).json(),
      );
      expect(attention.totals).toEqual([
        { month: '2024-03', concept: 'bono', amountCents: 2500 },
        { month: '2024-03', concept: 'cuota', amountCents: 5000 },
        { month: '2024-03', concept: 'otro', amountCents: 1 },
        { month: '2024-04', concept: 'otro', amountCents: 150 },
      ]);
    });

    it('sends the period as CSV that Python’s csv module reads: UTF-8, header, euros with two decimals, club times', async () => {
      const t = get();
      t.clock.set(new Date('2024-01-15T23:30:00Z'));
      const m = await createTestMember(t, { ...ALL_FLAGS, nombre: 'Núria', apellidos: 'Puig, "la Tiradora"' });
      await pay({
        personUuid: m.user.uuid,
        concept: 'otro',
        amountCents: 123456,
        method: 'transferencia',
        paidAt: '2024-01-15',
        reference: '=HYPERLINK("x")',
      });
      await pay({ personUuid: m.user.uuid, concept: 'bono', amountCents: 5, method: 'efectivo', paidAt: '2024-01-16', classes: 2 });
      const res = await get().app.inject({
        method: 'GET',
        url: '/api/admin/payments/?from=2024-01-01&to=2024-01-31',
        headers: { authorization: `Token ${staff.token}`, accept: 'text/csv' },
      });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toBe('attachment; filename="pagos-2024-01-01-2024-01-31.csv"');
      const script = [
        'import csv, io, json, sys',
        "data = sys.stdin.buffer.read().decode('utf-8-sig')",
        "rows = list(csv.DictReader(io.StringIO(data, newline='')))",
        'print(json.dumps(rows))',
      ].join('\n');
      const python = spawnSync('python3', ['-c', script], { input: res.rawPayload });
      expect(python.status).toBe(0);
      const rows = JSON.parse(python.stdout.toString('utf8')) as Array<Record<string, string>>;
      expect(rows).toHaveLength(2);
      expect(Object.keys(rows[0])).toEqual([
        'fecha', 'socio', 'nombre', 'concepto', 'importe_eur', 'forma_pago', 'referencia', 'cuota_hasta', 'clases',
        'actividad', 'registrado_por', 'registrado_el', 'anulado_el', 'anulado_por', 'motivo_anulacion', 'id',
      ]);
      expect(rows[0]).toMatchObject({ fecha: '2024-01-16', importe_eur: '0.05', clases: '2', concepto: 'bono' });
      expect(rows[1]).toMatchObject({
        fecha: '2024-01-15',
        nombre: 'Puig, "la Tiradora", Núria',
        importe_eur: '1234.56',
        forma_pago: 'transferencia',
        // A cell a spreadsheet would run as a formula arrives as text.
        referencia: `'=HYPERLINK("x")`,
        registrado_por: 'Contable, Tesorera',
        // 23:30 UTC on 15 January is 00:30 on the 16th in Madrid.
        registrado_el: '2024-01-16 00:30:00',
        anulado_el: '',
      });
      t.clock.set(TEST_NOW);
    });

    it('keeps the club’s rules with a version, refusing an old copy and bad values', async () => {
      expect(await settings()).toMatchObject({ duesRequired: false, packRequiredFor: [] });
      const { version } = await settings();
      const put = (body: Record<string, unknown>) => api().put('/api/admin/settings/', body, staff.token);
      const ok = await put({ duesRequired: false, packRequiredFor: [EventType.masterClass, EventType.regularIpscClass], version });
      expect(clubSettingsSchema.parse(ok.json())).toEqual({
        duesRequired: false,
        packRequiredFor: [EventType.regularIpscClass, EventType.masterClass],
        version: version + 1,
        // The club's measured target sizes: none yet (test/payments/target-dimensions.test.ts).
        targetDimensions: null,
      });
      const stale = await put({ duesRequired: true, packRequiredFor: [], version });
      expect(stale.statusCode).toBe(409);
      expect(stale.json().errorCode).toBe('VERSION_CONFLICT');
      expect((await put({ duesRequired: 'yes', packRequiredFor: [99], version: version + 1 })).json().fields).toEqual({
        duesRequired: ['type'],
        'packRequiredFor.0': ['enum'],
      });
      await setRules({ duesRequired: false, packRequiredFor: [] });
    });

    it('refuses registration for lapsed dues and empty packs only when the club switched the rules on', async () => {
      const t = get();
      t.clock.set(TEST_NOW);
      const m = await createTestMember(t, ALL_FLAGS);
      const classId = await insertEvent(t, { type: EventType.regularIpscClass, plazas: 5 });
      const practiceId = await insertEvent(t, { type: EventType.clubPractices, plazas: 5 });
      // Off: nothing changes for a club that does not want the rules.
      expect((await register(practiceId, m)).statusCode).toBe(200);
      await api().put(`/api/events/${practiceId}/subscribe/`, subscribeBody(m.user.uuid, 2), m.token);

      await setRules({ duesRequired: true, packRequiredFor: [EventType.regularIpscClass] });
      const lapsed = await register(practiceId, m);
      expect(lapsed.statusCode).toBe(403);
      expect(lapsed.json().errorCode).toBe('MEMBERSHIP_LAPSED');
      // Dues that end before the event's day do not cover it.
      await dues(m, '2025-07-09');
      expect((await register(practiceId, m)).json().errorCode).toBe('MEMBERSHIP_LAPSED');
      await dues(m, '2025-07-10');
      expect((await register(practiceId, m)).statusCode).toBe(200);
      const empty = await register(classId, m);
      expect(empty.statusCode).toBe(409);
      expect(empty.json().errorCode).toBe('PACK_EMPTY');
      await pack(m, 1);
      expect((await register(classId, m)).statusCode).toBe(200);
      await setRules({ duesRequired: false, packRequiredFor: [] });
    });

    it('applies the rules to joining a waiting list and to promotion from it', async () => {
      const t = get();
      t.clock.set(TEST_NOW);
      const id = await insertEvent(t, { type: EventType.clubPractices, plazas: 1 });
      const [holder, lapsedOne, paidOne] = await Promise.all([1, 2, 3].map(() => createTestMember(t, ALL_FLAGS)));
      expect((await register(id, holder)).statusCode).toBe(200);
      // Both join while the rule is off; then the club turns it on.
      expect((await api().put(`/api/events/${id}/waitlist/`, { uuid: lapsedOne.user.uuid }, lapsedOne.token)).statusCode).toBe(200);
      expect((await api().put(`/api/events/${id}/waitlist/`, { uuid: paidOne.user.uuid }, paidOne.token)).statusCode).toBe(200);
      await setRules({ duesRequired: true, packRequiredFor: [] });
      const late = await createTestMember(t, ALL_FLAGS);
      const refused = await api().put(`/api/events/${id}/waitlist/`, { uuid: late.user.uuid }, late.token);
      expect(refused.json().errorCode).toBe('MEMBERSHIP_LAPSED');
      await dues(paidOne, '2025-12-31');
      // The seat freed goes past the lapsed member to the first who may take it.
      await api().put(`/api/events/${id}/subscribe/`, subscribeBody(holder.user.uuid, 2), holder.token);
      const event = (await api().get(`/api/events/${id}/`, staff.token)).json() as {
        participantes: Array<{ uuid: string; roles: Array<{ status: number }> }>;
      };
      const statusOf = (m: TestMember) => event.participantes.find((p) => p.uuid === m.user.uuid)?.roles[0].status;
      expect(statusOf(paidOne)).toBe(RoleStatus.reservado);
      expect(statusOf(lapsedOne)).toBe(5);
      await setRules({ duesRequired: false, packRequiredFor: [] });
    });

    it('refuses a licence that expires before the event, with its date, and only when one is recorded', async () => {
      const t = get();
      t.clock.set(TEST_NOW);
      const m = await createTestMember(t, ALL_FLAGS);
      const id = await insertEvent(t, { type: EventType.precisionTraining, plazas: 5 });
      const dry = await insertEvent(t, { type: EventType.functionalTraining, plazas: 5 });
      const setExpiry = (date: string | null) =>
        api().put(`/api/admin/users/${m.user.uuid}/`, { licenciaCaduca: date }, staff.token);
      const set = await setExpiry('2025-07-09');
      expect(set.statusCode).toBe(200);
      expect(set.json().licenciaCaduca).toBe('2025-07-09');
      const refused = await register(id, m);
      expect(refused.statusCode).toBe(403);
      expect(refused.json()).toMatchObject({ errorCode: 'LICENCE_EXPIRED' });
      expect(refused.json().message).toContain('2025-07-09');
      // An event that needs no licence takes the member.
      expect((await register(dry, m)).statusCode).toBe(200);
      expect((await setExpiry('2025-07-10')).statusCode).toBe(200);
      expect((await register(id, m)).statusCode).toBe(200);
      expect((await setExpiry('2025-02-30')).json().fields).toEqual({ licenciaCaduca: ['date'] });
      expect((await setExpiry(null)).json().licenciaCaduca).toBeNull();
    });

    it('takes one class per finalised class, gives it back when undone, never twice even from two staff at once', async () => {
      const t = get();
      t.clock.set(TEST_NOW);
      const m = await createTestMember(t, ALL_FLAGS);
      await pack(m, 2);
      const ids = await Promise.all([1, 2].map(() => insertEvent(t, { type: EventType.masterClass, plazas: 5 })));
      const practice = await insertEvent(t, { type: EventType.clubPractices, plazas: 5 });
      for (const id of [...ids, practice]) expect((await register(id, m)).statusCode).toBe(200);
      // Two staff finalise the same registration at the same moment.
      const both = await Promise.all([
        setStatus(ids[0], m, RoleStatus.finalizado, staff.token),
        setStatus(ids[0], m, RoleStatus.finalizado, otherStaff.token),
      ]);
      expect(both.map((r) => r.statusCode)).toEqual([200, 200]);
      expect((await membership(m)).bonoClases).toBe(1);
      expect((await setStatus(ids[0], m, RoleStatus.finalizado)).statusCode).toBe(200);
      expect((await membership(m)).bonoClases).toBe(1);
      // What is not a class takes nothing.
      await setStatus(practice, m, RoleStatus.finalizado);
      expect((await membership(m)).bonoClases).toBe(1);
      await setStatus(ids[1], m, RoleStatus.finalizado);
      expect((await membership(m)).bonoClases).toBe(0);
      // Undone: the class comes back; finalised again: taken again, once.
      await setStatus(ids[0], m, RoleStatus.confirmado);
      expect((await membership(m)).bonoClases).toBe(1);
      await setStatus(ids[0], m, RoleStatus.finalizado);
      await setStatus(ids[0], m, RoleStatus.finalizado);
      expect((await membership(m)).bonoClases).toBe(0);
      const uses = await t.db.kysely.selectFrom('pack_uses').select('registration_id').where('member_id', '=', m.user.uuid).execute();
      expect(uses).toHaveLength(2);
      // With no class left, a finalised class takes nothing and records nothing.
      const third = await insertEvent(t, { type: EventType.masterClass, plazas: 5 });
      await register(third, m);
      await setStatus(third, m, RoleStatus.finalizado);
      expect((await membership(m)).bonoClases).toBe(0);
    });

    it('lists lapsed dues, licences expiring within 60 days and empty packs for staff', async () => {
      const t = get();
      t.clock.set(TEST_NOW);
      const [lapsed, current, expiring, later, emptied, neverBought] = await Promise.all(
        [1, 2, 3, 4, 5, 6].map(() => createTestMember(t, ALL_FLAGS)),
      );
      await dues(lapsed, '2025-05-31');
      await dues(current, '2025-06-01');
      await api().put(`/api/admin/users/${expiring.user.uuid}/`, { licenciaCaduca: '2025-07-31' }, staff.token);
      await api().put(`/api/admin/users/${later.user.uuid}/`, { licenciaCaduca: '2025-08-01' }, staff.token);
      await pack(emptied, 1);
      const cls = await insertEvent(t, { type: EventType.privateClass, plazas: 2 });
      await register(cls, emptied);
      await setStatus(cls, emptied, RoleStatus.finalizado);
      const res = await api().get('/api/admin/membership/', staff.token);
      expect(res.statusCode).toBe(200);
      expect(res.headers['cache-control']).toContain('no-store');
      const attention = needsAttentionSchema.parse(res.json());
      const uuids = (list: Array<{ uuid: string }>) => list.map((u) => u.uuid);
      expect(uuids(attention.lapsed)).toContain(lapsed.user.uuid);
      expect(uuids(attention.lapsed)).not.toContain(current.user.uuid);
      expect(uuids(attention.lapsed)).not.toContain(neverBought.user.uuid);
      expect(uuids(attention.licencesExpiring)).toContain(expiring.user.uuid);
      expect(uuids(attention.licencesExpiring)).not.toContain(later.user.uuid);
      expect(uuids(attention.packsEmpty)).toContain(emptied.user.uuid);
      expect(uuids(attention.packsEmpty)).not.toContain(neverBought.user.uuid);
      // A new payment moves the kept answer at once.
      await pack(emptied, 4);
      const again = needsAttentionSchema.parse((await api().get('/api/admin/membership/', staff.token)).json());
      expect(uuids(again.packsEmpty)).not.toContain(emptied.user.uuid);
    });

    it('puts the payments in the member’s export and keeps them, anonymised, when the account goes', async () => {
      const t = get();
      t.clock.set(TEST_NOW);
      const m = await createTestMember(t, ALL_FLAGS);
      const payment = paymentSchema.parse((await dues(m, '2025-12-31')).json());
      const exported = (await api().get(`/api/registro/${m.user.uuid}/export/`, m.token)).json() as {
        payments: unknown[];
        user: { cuotaHasta: string };
      };
      expect(paymentListSchema.parse(exported.payments).map((p) => p.id)).toEqual([payment.id]);
      expect(exported.user.cuotaHasta).toBe('2025-12-31');
      const gone = await api().delete(`/api/registro/${m.user.uuid}/`, { password: PASSWORD }, m.token);
      expect(gone.statusCode).toBe(204);
      const kept = paymentListSchema.parse(
        (await api().get('/api/admin/payments/?from=2025-06-01&to=2025-06-01', staff.token)).json(),
      ).find((p) => p.id === payment.id);
      expect(kept).toMatchObject({ personUuid: null, personName: null, amountCents: 12000, recordedBy: staff.user.uuid });
    });
  },
  { now: TEST_NOW, env: { RATE_LIMITS: 'off', JOBS_POLL_MS: '0' } },
);

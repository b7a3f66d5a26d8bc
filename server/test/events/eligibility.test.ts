import { randomBytes } from 'node:crypto';
import { beforeAll, expect, it } from 'vitest';
import { EVENT_TYPES, EventType } from '@club/contract/enums';
import { apiClient, describeEachDatabase } from '../support/test-app.ts';
import { createTestMember } from '../support/auth.ts';
import type { MemberFlags, TestMember } from '../support/auth.ts';
import { TEST_NOW, insertEvent, subscribeBody } from './fixtures.ts';

// SPEC §5, written out here on its own (not read from the contract) so the server is checked
// against the specification rather than against itself.
type Need = 'socio' | 'licencia' | 'curso' | 'habilitado' | 'autorizacionClub' | 'refereeOrCoach';
const NEEDS: Record<number, Need[] | 'closed'> = {
  [EventType.regularIpscClass]: ['socio', 'licencia'],
  [EventType.privateClass]: ['socio', 'licencia'],
  [EventType.ipscSocialShoot]: ['socio', 'licencia', 'curso'],
  [EventType.precisionSocialShoot]: ['socio', 'licencia'],
  [EventType.ipscTraining]: [
    'socio',
    'licencia',
    'curso',
    'habilitado',
    'autorizacionClub',
    'refereeOrCoach',
  ],
  [EventType.precisionTraining]: ['socio', 'licencia'],
  [EventType.functionalTraining]: ['socio'],
  [EventType.masterClass]: ['socio', 'licencia'],
  [EventType.reserved]: 'closed',
  [EventType.clubPractices]: ['socio'],
  [EventType.ipscGroup]: 'closed',
};

const FULL: MemberFlags = {
  // Member numbers are unique: each member made from these flags gets its own.
  get socio() {
    return `E-${randomBytes(4).toString('hex')}`;
  },
  licencia: 'B-77',
  curso: true,
  habilitado: true,
  autorizacionClub: true,
  arbitroIpsc: true,
  entrenadorNacional: false,
};

// Each profile lacks exactly one thing (or nothing); the referee-or-coach rule is met either way.
const PROFILES: Array<{ name: string; flags: MemberFlags; lacks: Need | null }> = [
  { name: 'everything (IPSC referee)', flags: FULL, lacks: null },
  {
    name: 'everything (national coach)',
    flags: { ...FULL, arbitroIpsc: false, entrenadorNacional: true },
    lacks: null,
  },
  { name: 'no member number', flags: { ...FULL, socio: null }, lacks: 'socio' },
  { name: 'blank member number', flags: { ...FULL, socio: '   ' }, lacks: 'socio' },
  { name: 'no licence', flags: { ...FULL, licencia: null }, lacks: 'licencia' },
  { name: 'no course', flags: { ...FULL, curso: false }, lacks: 'curso' },
  { name: 'not club-enabled', flags: { ...FULL, habilitado: false }, lacks: 'habilitado' },
  { name: 'no club authorisation', flags: { ...FULL, autorizacionClub: false }, lacks: 'autorizacionClub' },
  {
    name: 'neither referee nor coach',
    flags: { ...FULL, arbitroIpsc: false, entrenadorNacional: false },
    lacks: 'refereeOrCoach',
  },
];

describeEachDatabase(
  'eligibility through the subscribe call',
  (get) => {
    const members = new Map<string, TestMember>();
    const events = new Map<number, string>();

    beforeAll(async () => {
      const t = get();
      const created = await Promise.all(PROFILES.map((p) => createTestMember(t, p.flags)));
      PROFILES.forEach((p, i) => members.set(p.name, created[i]));
      for (const type of EVENT_TYPES.filter((t) => String(t) in NEEDS)) {
        events.set(type, await insertEvent(t, { type, plazas: 20 }));
      }
    });

    for (const [typeText, needs] of Object.entries(NEEDS)) {
      const type = Number(typeText);
      it(`event type ${type}: every profile gets the answer SPEC §5 gives`, async () => {
        const api = apiClient(get().app);
        for (const profile of PROFILES) {
          const member = members.get(profile.name)!;
          const res = await api.put(
            `/api/events/${events.get(type)}/subscribe/`,
            subscribeBody(member.user.uuid, 1),
            member.token,
          );
          if (needs === 'closed') {
            expect(res.statusCode, profile.name).toBe(409);
            expect(res.json().errorCode).toBe('NOT_REGISTRABLE');
          } else if (profile.lacks !== null && needs.includes(profile.lacks)) {
            expect(res.statusCode, profile.name).toBe(403);
            expect(res.json().errorCode).toBe('NOT_ELIGIBLE');
          } else {
            expect(res.statusCode, profile.name).toBe(200);
            expect(res.json().participantes.map((p: { uuid: string }) => p.uuid)).toEqual([member.user.uuid]);
          }
        }
      });
    }
  },
  { now: TEST_NOW },
);

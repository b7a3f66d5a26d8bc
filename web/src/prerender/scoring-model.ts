// A range officer and a small match, only for the build: the scoring screen drawn with them shows
// every part the server's drawing for a real officer shows (decision 0068), so the style rules
// inlined in the scoring page cover that drawing too.
import type { SignedInDrawing } from '@club/contract/content-view';
import { Division, Factor, Sexo } from '@club/contract/enums';
import type { Competitor, IpscScore } from '@club/contract/match';
import { DRAWN_FRAMES } from '@club/contract/routes';

// The id of the path the frame is drawn at (its `drawnAt`), so the screen drawn there takes the model.
const scoringFrame = DRAWN_FRAMES.find((frame) => frame.name === 'match-score')!;
const EVENT = scoringFrame.pattern.exec(scoringFrame.drawnAt)![1]!;

const competitor = (id: string, nombre: string, apellidos: string, dq = false): Competitor => ({
  id,
  personUuid: null,
  nombre,
  apellidos,
  fullName: `${nombre} ${apellidos}`,
  division: Division.produccion,
  factor: Factor.minor,
  category: null,
  squad: 1,
  dq,
  dqRule: null,
  dqReason: null,
});

const scored: IpscScore = {
  stage: 1,
  competitorId: 'model-1',
  dnf: false,
  clientId: 'model-score',
  basedOn: null,
  revision: 1,
  scoredBy: 'Model Officer',
  scoredAt: '2026-01-01T10:00:00.000Z',
  a: 10,
  c: 2,
  d: 0,
  m: 0,
  ns: 0,
  procedurals: 0,
  time: 12.5,
};

export const SCORING_MODEL: SignedInDrawing = {
  user: {
    uuid: 'model-officer',
    login: 'model',
    nombre: 'Model',
    apellidos: 'Officer',
    fullName: 'Model Officer',
    email: 'model@example.invalid',
    nacimiento: '1990-01-01',
    mobil: '',
    sexo: Sexo.mujer,
    socio: null,
    division: null,
    factor: null,
    licencia: null,
    curso: false,
    habilitado: true,
    arbitroIpsc: true,
    arbitroPrecision: false,
    entrenadorNacional: false,
    instructorMisia: false,
    autorizacionClub: false,
    staff: false,
  },
  scoring: {
    eventUuid: EVENT,
    match: {
      eventUuid: EVENT,
      name: 'Model match',
      scoring: 'ipsc',
      published: false,
      stages: [
        {
          number: 1,
          name: 'Model stage',
          libraryStageId: null,
          minRounds: 12,
          maxPoints: 60,
          scoringType: 'comstock',
          series: null,
          shotsPerSeries: null,
        },
      ],
      squads: [{ number: 1, name: null, capacity: null }],
      version: 1,
    },
    competitors: [
      competitor('model-1', 'Ana', 'Model'),
      competitor('model-2', 'Joan', 'Model'),
      competitor('model-3', 'Eva', 'Model', true),
    ],
    scores: [scored],
    officerUuid: 'model-officer',
    savedAt: '2026-01-01T10:00:00.000Z',
  },
};

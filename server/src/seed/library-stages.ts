// The demo club's library: classic dry-fire drills, described in the club's three languages.
// Positions are the engine's stage units (centre 0, edges ±5000); a card is 40 % of the stage
// height at scale 1, so three cards at scale 0.8 stand a card's width apart across the stage.
import { AnimationType, StageElementType, TargetType } from '@club/contract/stage';
import type { StageElementWireInput } from '@club/contract/stage';
import type { LibraryTranslations } from '@club/contract/library';

export interface LibrarySeed {
  /** The stage's key in the demo seed (events pick their briefing by it). */
  key: string;
  rounds: number;
  tags: string[];
  elements: StageElementWireInput[];
  text: Required<LibraryTranslations>;
}

const card = (id: string, positionX: number, positionY: number, scale: number, ipscTagetType: TargetType = TargetType.fullShootable, extra: Partial<StageElementWireInput> = {}): StageElementWireInput => ({
  id,
  name: id,
  type: StageElementType.tarjetaIpsc,
  positionX,
  positionY,
  scale,
  ipscTagetType,
  randomType: false,
  ...extra,
});

const popper = (id: string, positionX: number, positionY: number, scale: number): StageElementWireInput => ({
  id,
  name: id,
  type: StageElementType.popperIpsc,
  positionX,
  positionY,
  scale,
});

export const LIBRARY_SEEDS: LibrarySeed[] = [
  {
    key: 'el-presidente',
    rounds: 12,
    tags: ['classic', 'reload', 'transitions'],
    elements: [card('T1', -3000, 0, 0.8), card('T2', 0, 0, 0.8), card('T3', 3000, 0, 0.8)],
    text: {
      es: {
        name: 'El Presidente',
        description:
          'De espaldas a los blancos, manos por encima de los hombros. A la señal, gírate, desenfunda y haz dos impactos en cada blanco, recarga y repite dos impactos en cada uno. 12 disparos; par de referencia 10 s.',
      },
      ca: {
        name: 'El Presidente',
        description:
          "D'esquena als blancs, mans per sobre de les espatlles. Al senyal, gira't, desenfunda i fes dos impactes a cada blanc, recarrega i repeteix dos impactes a cadascun. 12 trets; par de referència 10 s.",
      },
      en: {
        name: 'El Presidente',
        description:
          'Back to the targets, hands above the shoulders. At the signal turn, draw and fire two hits on each target, reload, and two hits on each again. 12 rounds; reference par 10 s.',
      },
    },
  },
  {
    key: 'bill-drill',
    rounds: 6,
    tags: ['classic', 'speed'],
    elements: [card('T1', 0, 0, 1)],
    text: {
      es: {
        name: 'Bill drill',
        description:
          'Un blanco de frente. Desde la funda, seis disparos a la zona A tan rápido como mantengas el control del arma. Mide el primer disparo y los parciales.',
      },
      ca: {
        name: 'Bill drill',
        description:
          "Un blanc de cara. Des de la funda, sis trets a la zona A tan ràpid com mantinguis el control de l'arma. Mesura el primer tret i els parcials.",
      },
      en: {
        name: 'Bill drill',
        description:
          'One target straight ahead. From the holster, six shots into the A zone as fast as you keep control of the gun. Watch the first shot and the splits.',
      },
    },
  },
  {
    key: 'poppers-no-shoots',
    rounds: 6,
    tags: ['steel', 'no-shoot', 'accuracy'],
    elements: [
      popper('P1', -3800, 1200, 0.9),
      card('T1', -1400, 0, 0.8, TargetType.halfNonshootRight),
      card('NS', 0, 200, 0.7, TargetType.fullNonshoot),
      card('T2', 1400, 0, 0.8, TargetType.halfNonshootLeft),
      popper('P2', 3800, 1200, 0.9),
    ],
    text: {
      es: {
        name: 'Poppers y no-shoots',
        description:
          'Dos poppers en los extremos y dos blancos medio tapados por no-shoots. Un impacto en cada popper y dos en cada blanco, sin tocar las zonas blancas. 6 disparos como mínimo.',
      },
      ca: {
        name: 'Poppers i no-shoots',
        description:
          'Dos poppers als extrems i dos blancs mig tapats per no-shoots. Un impacte a cada popper i dos a cada blanc, sense tocar les zones blanques. 6 trets com a mínim.',
      },
      en: {
        name: 'Poppers and no-shoots',
        description:
          'Two poppers on the wings and two targets half covered by no-shoots. One hit on each popper and two on each target, without touching the white zones. 6 rounds minimum.',
      },
    },
  },
  {
    key: 'swinger',
    rounds: 6,
    tags: ['moving', 'transitions'],
    elements: [
      card('T1', -3200, 0, 0.75),
      card('SW', 0, -300, 0.75, TargetType.fullShootable, { animationType: AnimationType.swinger }),
      card('T2', 3200, 0, 0.75),
    ],
    text: {
      es: {
        name: 'Swinger',
        description:
          'Dos blancos fijos y un swinger en el centro. Dos impactos en cada uno; espera al swinger sin perseguirlo: dispara cuando entre en tu mira.',
      },
      ca: {
        name: 'Swinger',
        description:
          "Dos blancs fixos i un swinger al centre. Dos impactes a cadascun; espera el swinger sense perseguir-lo: dispara quan entri a la teva mira.",
      },
      en: {
        name: 'Swinger',
        description:
          'Two static targets and a swinger in the middle. Two hits on each; wait for the swinger rather than chase it: break the shot as it comes into your sights.',
      },
    },
  },
  {
    key: 'mozambique',
    rounds: 3,
    tags: ['classic', 'accuracy'],
    elements: [card('T1', 0, 0, 1.1)],
    text: {
      es: {
        name: 'Mozambique',
        description: 'Un blanco. Dos disparos rápidos al cuerpo y uno preciso a la cabeza. Repite diez veces desde la posición de preparado.',
      },
      ca: {
        name: 'Mozambique',
        description: 'Un blanc. Dos trets ràpids al cos i un de precís al cap. Repeteix-ho deu vegades des de la posició de preparat.',
      },
      en: {
        name: 'Mozambique',
        description: 'One target. Two quick shots to the body and one careful shot to the head. Ten repetitions from the low ready.',
      },
    },
  },
  {
    key: 'hard-cover-doors',
    rounds: 8,
    tags: ['accuracy', 'transitions'],
    elements: [
      card('T1', -3600, 0, 0.7, TargetType.halfHardcoverBottom),
      card('T2', -1200, 0, 0.7, TargetType.halfHardcoverLeft),
      card('T3', 1200, 0, 0.7, TargetType.halfHardcoverRight),
      card('T4', 3600, 0, 0.7, TargetType.halfHardcoverTop, { animationType: AnimationType.door }),
    ],
    text: {
      es: {
        name: 'Cobertura dura y puerta',
        description:
          'Cuatro blancos con media cobertura dura, el último detrás de una puerta que se abre. Dos impactos en cada uno en la parte visible. Los impactos en la cobertura no cuentan.',
      },
      ca: {
        name: 'Coberta dura i porta',
        description:
          "Quatre blancs amb mitja coberta dura, l'últim darrere d'una porta que s'obre. Dos impactes a cadascun a la part visible. Els impactes a la coberta no compten.",
      },
      en: {
        name: 'Hard cover and door',
        description:
          'Four targets half behind hard cover, the last behind an opening door. Two hits on the visible part of each. Hits into the hard cover do not count.',
      },
    },
  },
  {
    key: 'blake-drill',
    rounds: 6,
    tags: ['speed', 'transitions'],
    elements: [card('T1', -3000, 0, 0.8), card('T2', 0, 0, 0.8), card('T3', 3000, 0, 0.8)],
    text: {
      es: {
        name: 'Blake drill',
        description: 'Tres blancos. Un disparo en cada uno de izquierda a derecha y otra pasada igual: seis disparos, cinco transiciones.',
      },
      ca: {
        name: 'Blake drill',
        description: "Tres blancs. Un tret a cadascun d'esquerra a dreta i una altra passada igual: sis trets, cinc transicions.",
      },
      en: {
        name: 'Blake drill',
        description: 'Three targets. One shot on each from left to right, then the same pass again: six shots, five transitions.',
      },
    },
  },
];

/** A library body as the designer's publish dialog sends it (loosely typed for the refusals). */
export const libraryBody = (extra: Record<string, unknown> = {}): Record<string, unknown> => ({
  name: 'El Presidente',
  description: 'Three targets, turn and draw.\nTwo hits each, reload, two hits each.',
  rounds: 12,
  tags: ['Classic', 'reload', 'classic'],
  designWidth: 1280,
  designHeigth: 720,
  randomElements: false,
  maxRandomElements: 2,
  elements: [
    { id: 't1', type: 1, positionX: -300, positionY: 0, ipscTagetType: 1 },
    { id: 't2', type: 1, positionX: 0, positionY: 0, ipscTagetType: 1 },
    { id: 't3', type: 1, positionX: 300, positionY: 0, ipscTagetType: 1 },
  ],
  ...extra,
});

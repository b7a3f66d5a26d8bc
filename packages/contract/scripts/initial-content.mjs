// Writes packages/contract/initial-content.json: the club's content as site-settings.json and the
// translation files held it before staff could edit it (fees, team, gallery, partners), so the
// migration that moves content into the database starts every club from what it had.
// Run once when that migration was written: `node packages/contract/scripts/initial-content.mjs`.
import { readFileSync, writeFileSync } from 'node:fs';

const root = new URL('../../../', import.meta.url);
const read = (path) => JSON.parse(readFileSync(new URL(path, root), 'utf8'));
const settings = read('packages/contract/site-settings.json');
const LANGS = ['es', 'ca', 'en'];
const area = (name) => Object.fromEntries(LANGS.map((l) => [l, read(`web/public/assets/i18n/${name}/${l}.json`)]));
const each = (make) => Object.fromEntries(LANGS.map((l) => [l, make(l)]));
const empty = { es: '', ca: '', en: '' };

const fees = area('home/fees');
const f = settings.fees;
const cards = [
  ['master-class', 'MASTER_CLASS', [['one-student', 'ONE_STUDENT', f.masterClass.oneStudent], ['two-students', 'TWO_STUDENTS', f.masterClass.twoStudents], ['more-students', 'MORE_STUDENTS', f.masterClass.moreStudents]]],
  ['regular-class', 'REGULAR_CLASS', [['single', 'SINGLE', f.regularClass.single], ['pack', 'PACK', f.regularClass.pack]]],
  ['functional', 'FUNCTIONAL', [['personal', 'PERSONAL', f.functionalSession.personal], ['group', 'GROUP', f.functionalSession.group], ['facilities', 'FACILITIES', f.functionalSession.facilities]]],
  ['group-session', 'GROUP_SESSION', [['price', 'PRICE', f.groupSession.price]]],
];
const fill = (text) => text.replace('{{classes}}', String(f.regularClass.packClasses));
const feeList = cards.flatMap(([card, key, rows]) =>
  rows.map(([row, rowKey, amount], index) => ({
    id: `${card}-${row}`,
    group: each((l) => fees[l][key].TITLE),
    name: each((l) => fill(fees[l][key][rowKey])),
    priceCents: amount * 100,
    period: { ...empty },
    // The card's description goes with its first price, its closing note with its last.
    note: each((l) => {
      const notes = [];
      if (index === 0) notes.push(fees[l][key].DESCRIPTION);
      if (index === rows.length - 1) {
        if (key === 'FUNCTIONAL') notes.push(fees[l][key].SCHEDULE);
        notes.push(fees[l][key].NOTE);
      }
      return notes.join(' ');
    }),
  })),
);

const teamCards = area('home/team');
const team = settings.team.map(({ slug }, order) => {
  const page = area(`team/${slug}`);
  return {
    slug,
    name: page.es.NAME,
    role: each((l) => page[l].SUBTITLE),
    // The chips under each card on the home page, one line of comma-separated words per language.
    specialities: each((l) => teamCards[l].MEMBERS[slug].CATEGORIES.join(', ')),
    bio: each((l) =>
      [
        page[l].INTRO,
        page[l].SPECIALITY_LIST.map((item) => `- ${item}`).join('\n'),
        `## ${page[l].CAREER_TITLE}`,
        page[l].CAREER.map((item) => `- ${item}`).join('\n'),
      ].join('\n\n'),
    ),
    photoId: `team-${slug}`,
    order,
  };
});

const trainings = area('home/trainings');
const gallery = settings.gallery.map((id, order) => ({
  photoId: `gallery-${id}`,
  caption: each((l) => trainings[l].GALLERY.ITEMS[id]),
  order,
}));

const about = area('home/about');
const partners = settings.partners.map(({ id, url }, order) => ({
  id,
  name: about[settings.language].PARTNERS[id],
  url,
  logoId: `partner-${id}`,
  order,
}));

// The club's own drawings, already in the sizes the pages use (web/build/generate-images.mjs).
const photos = [
  ...settings.team.map(({ slug }) => ({ id: `team-${slug}`, base: `/images/team/${slug}`, width: 640, height: 800, widths: [320, 640], formats: ['webp'] })),
  ...settings.gallery.map((id) => ({ id: `gallery-${id}`, base: `/images/gallery/gallery-${id}`, width: 960, height: 640, widths: [480, 960], formats: ['webp'] })),
  ...settings.partners.map(({ id }) => ({ id: `partner-${id}`, base: `/images/partners/${id}`, width: 96, height: 96, widths: [], formats: ['svg'] })),
];

writeFileSync(
  new URL('packages/contract/initial-content.json', root),
  `${JSON.stringify({ fees: feeList, team, gallery, partners, news: [], photos }, null, 2)}\n`,
);

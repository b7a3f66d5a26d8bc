// The club's own content (API.md "Calls of the third round", The club's own content): fees, team,
// gallery, partners and news, every text in the three languages, edited by staff and read by the
// public pages. What is not text (photos) travels as ids; `photos` says what each id holds.
import { z } from 'zod';
import { LANGUAGES } from './languages.ts';
import type { Language } from './languages.ts';
import { isCleanMultiLine, isSingleLine } from './text.ts';
import { lazySchema } from './lazy-schema.ts';

export const CONTENT_SECTIONS = ['fees', 'team', 'gallery', 'partners', 'news'] as const;
export type ContentSection = (typeof CONTENT_SECTIONS)[number];
export const isContentSection = (value: unknown): value is ContentSection =>
  CONTENT_SECTIONS.includes(value as ContentSection);

/** Bounds of the content's fields. */
export const CONTENT_LIMITS = {
  shortText: 120,
  longText: 600,
  markdown: 8000,
  itemsMax: 60,
  priceCentsMax: 10_000_000,
  urlMax: 300,
  photoBytesMax: 15 * 1024 * 1024,
} as const;

/** A text in each language; '' where a language is still missing (the page then falls back). */
const localized = (max: number, multiLine: boolean) =>
  z
    .object(
      Object.fromEntries(
        LANGUAGES.map((language) => [
          language,
          z
            .string()
            .normalize('NFC')
            .trim()
            .overwrite((text) => text.replace(/\r\n?/g, '\n'))
            .max(max, { error: 'maxlength' })
            .refine(multiLine ? isCleanMultiLine : isSingleLine, {
              error: multiLine ? 'unknown' : 'singleLine',
            })
            .default(''),
        ]),
      ) as Record<Language, z.ZodDefault<z.ZodString>>,
    )
    .strict();

/** A text that must be written in at least one language (so a page never shows an empty box). */
const required = <T extends z.ZodType<Record<Language, string>>>(schema: T) =>
  schema.refine((text) => LANGUAGES.some((language) => text[language] !== ''), { error: 'required' });

const shortText = () => localized(CONTENT_LIMITS.shortText, false);
const longText = () => localized(CONTENT_LIMITS.longText, true);
const markdownText = () => localized(CONTENT_LIMITS.markdown, true);

export const localizedTextSchema = lazySchema(() => localized(CONTENT_LIMITS.markdown, true));

const ID_PATTERN = /^[a-z0-9][a-z0-9-]{0,63}$/;
const idField = lazySchema(() => z.string().regex(ID_PATTERN, { error: 'pattern' }));
/** A photo's id: what POST /api/admin/photos/ answered, or one of the club's own drawings. */
export const photoIdField = lazySchema(() =>
  z.string().regex(/^[A-Za-z0-9][A-Za-z0-9-]{0,63}$/, { error: 'pattern' }),
);
const nameField = lazySchema(() =>
  z
    .string()
    .normalize('NFC')
    .trim()
    .min(1, { error: 'required' })
    .max(CONTENT_LIMITS.shortText, { error: 'maxlength' })
    .refine(isSingleLine, { error: 'singleLine' }),
);
/** Only web addresses: a `javascript:` or `data:` link is refused, not stored. */
const urlField = lazySchema(() =>
  z
    .string()
    .trim()
    .max(CONTENT_LIMITS.urlMax, { error: 'maxlength' })
    .refine((text) => /^https?:\/\/[A-Za-z0-9.-]+(:\d{1,5})?([/?#][^\s<>"'`]*)?$/i.test(text), {
      error: 'pattern',
    }),
);
const orderField = lazySchema(() => z.int().min(0).max(1000));

export const feeSchema = lazySchema(() =>
  z.object({
    id: idField,
    /** The card a fee is shown in (fees of one group share a card); empty for a card of its own. */
    group: shortText().default({ es: '', ca: '', en: '' }),
    name: required(shortText()),
    priceCents: z.int().min(0).max(CONTENT_LIMITS.priceCentsMax),
    period: shortText(),
    note: longText(),
  }),
);
export type Fee = z.infer<typeof feeSchema>;

export const teamMemberSchema = lazySchema(() =>
  z.object({
    slug: idField,
    name: nameField,
    role: required(shortText()),
    /** What the instructor teaches, comma-separated, shown as chips on the home page's card. */
    specialities: shortText().default({ es: '', ca: '', en: '' }),
    /** Markdown, no raw HTML. */
    bio: required(markdownText()),
    photoId: photoIdField.nullable(),
    order: orderField,
  }),
);
export type TeamMember = z.infer<typeof teamMemberSchema>;

export const galleryItemSchema = lazySchema(() =>
  z.object({
    photoId: photoIdField,
    caption: required(shortText()),
    order: orderField,
  }),
);
export type GalleryItem = z.infer<typeof galleryItemSchema>;

export const partnerSchema = lazySchema(() =>
  z.object({
    id: idField,
    name: nameField,
    url: urlField,
    logoId: photoIdField.nullable(),
    order: orderField,
  }),
);
export type Partner = z.infer<typeof partnerSchema>;

export const newsItemSchema = lazySchema(() =>
  z.object({
    id: idField,
    title: required(shortText()),
    /** Markdown, no raw HTML. */
    body: required(markdownText()),
    /** An instant (ISO 8601 with its offset): the item is public from then on. */
    publishAt: z.iso.datetime({ offset: true, error: 'date' }),
    pinned: z.boolean(),
  }),
);
export type NewsItem = z.infer<typeof newsItemSchema>;

/** What a photo id holds: its size and where its copies are (`{base}-{width}.{format}`). */
export const photoInfoSchema = lazySchema(() =>
  z.object({
    width: z.int(),
    height: z.int(),
    widths: z.array(z.int()),
    formats: z.array(z.enum(['avif', 'webp', 'jpg', 'svg'])),
    base: z.string(),
  }),
);
export type PhotoInfo = z.infer<typeof photoInfoSchema>;

const unique =
  <T>(key: (item: T) => string) =>
  (items: T[]) =>
    new Set(items.map(key)).size === items.length;
const list = <T extends z.ZodType>(item: T, key: (value: z.infer<T>) => string) =>
  z
    .array(item)
    .max(CONTENT_LIMITS.itemsMax, { error: 'maxlength' })
    .refine(unique(key), { error: 'unknown' });

export const SECTION_SCHEMAS = {
  fees: lazySchema(() => list(feeSchema, (fee) => fee.id)),
  team: lazySchema(() => list(teamMemberSchema, (member) => member.slug)),
  gallery: lazySchema(() => list(galleryItemSchema, (item) => item.photoId)),
  partners: lazySchema(() => list(partnerSchema, (partner) => partner.id)),
  news: lazySchema(() => list(newsItemSchema, (item) => item.id)),
} as const;

export const contentSchema = lazySchema(() =>
  z.object({
    fees: z.array(feeSchema),
    team: z.array(teamMemberSchema),
    gallery: z.array(galleryItemSchema),
    partners: z.array(partnerSchema),
    news: z.array(newsItemSchema),
    /** Every photo the lists name (ours, beyond API.md: pages need the sizes to draw `srcset`). */
    photos: z.record(z.string(), photoInfoSchema),
    version: z.int(),
  }),
);
export type Content = z.infer<typeof contentSchema>;
export type SectionItems = { [S in ContentSection]: Content[S] };

/** Body of PUT /api/admin/content/{section}/: the section's whole list and the version it was read at. */
export const sectionBodySchema = <S extends ContentSection>(section: S) =>
  z.object({ items: SECTION_SCHEMAS[section], version: z.int().min(0) });

/** One kept version of a section (GET /api/admin/content/{section}/history/). */
export const contentRevisionSchema = lazySchema(() =>
  z.object({
    id: z.string(),
    section: z.enum(CONTENT_SECTIONS),
    version: z.int(),
    changedAt: z.string(),
    /** The staff member's name; null for the first version (1) and, after it, once their account was deleted. */
    changedBy: z.string().nullable(),
    items: z.array(z.unknown()),
  }),
);
export type ContentRevision = z.infer<typeof contentRevisionSchema>;

/** The staff's copy: every news item (also those not yet public) and each section's last change. */
export const staffContentSchema = lazySchema(() =>
  contentSchema.extend({
    changes: z.record(
      z.string(),
      z.object({ version: z.int(), changedAt: z.string().nullable(), changedBy: z.string().nullable() }),
    ),
  }),
);
export type StaffContent = z.infer<typeof staffContentSchema>;

/** Body of a 409 CONTENT_CONFLICT: what the server holds now, and who changed it. */
export const contentConflictSchema = lazySchema(() =>
  z.object({
    errorCode: z.literal('CONTENT_CONFLICT'),
    message: z.string(),
    section: z.enum(CONTENT_SECTIONS),
    version: z.int(),
    changedAt: z.string().nullable(),
    changedBy: z.string().nullable(),
    theirs: z.array(z.unknown()),
  }),
);
export type ContentConflict = z.infer<typeof contentConflictSchema>;

export const photoUploadAnswerSchema = lazySchema(() =>
  z.object({ photoId: z.string(), width: z.int(), height: z.int() }),
);

const htmlTextSchema = lazySchema(() => z.object({ es: z.string(), ca: z.string(), en: z.string() }));

/** GET /api/content/ as pages use it: biographies and news bodies also as sanitised HTML. */
export const renderedContentSchema = lazySchema(() =>
  contentSchema.extend({
    team: z.array(teamMemberSchema.extend({ bioHtml: htmlTextSchema })),
    news: z.array(newsItemSchema.extend({ bodyHtml: htmlTextSchema })),
  }),
);
export type RenderedContent = z.infer<typeof renderedContentSchema>;

/** GET /api/admin/content/: the rendered content, every news item, and each section's last change. */
export const renderedStaffContentSchema = lazySchema(() =>
  renderedContentSchema.extend({ changes: staffContentSchema.shape.changes }),
);
export type RenderedStaffContent = z.infer<typeof renderedStaffContentSchema>;

import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useForm } from 'react-hook-form';
import type { FieldErrors, Resolver } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import type { TFunction } from 'i18next';
import { CONTENT_SECTIONS, SECTION_SCHEMAS } from '@club/contract/content';
import type { ContentConflict, ContentSection, PhotoInfo, RenderedStaffContent } from '@club/contract/content';
import { missingLanguages, textIn } from '@club/contract/content-view';
import type { LocalizedText } from '@club/contract/content-view';
import { LANGUAGES } from '@club/contract/languages';
import { isHeic } from '@club/contract/photo-kind';
import type { Language } from '@club/contract/languages';
import { ApiCallError } from '../../../lib/http.ts';
import { FormAlert } from '../../../lib/forms/form-alert.tsx';
import { CONTENT_KEY } from '../../../lib/content/content.ts';
import { ContentPicture } from '../../../lib/content/picture.tsx';
import { useContentText } from '../../../lib/content/text.ts';
import { historyQuery, previewMarkdown, restoreRevision, saveSection, uploadPhoto, useStaffContent } from './content-api.ts';
import './content-editor.css';

/** `localized`: one line in each language; `localizedLines`: a few lines (a fee's note); `markdown`: a page's text. */
type Kind = 'id' | 'text' | 'url' | 'localized' | 'localizedLines' | 'markdown' | 'cents' | 'photo' | 'datetime' | 'checkbox';
interface Field {
  key: string;
  kind: Kind;
  /** Must be written in at least one language (the contract's `required`). */
  required?: true;
}
type Item = Record<string, unknown>;

const FIELDS: Record<ContentSection, Field[]> = {
  fees: [
    { key: 'group', kind: 'localized' },
    { key: 'name', kind: 'localized', required: true },
    { key: 'priceCents', kind: 'cents' },
    { key: 'period', kind: 'localized' },
    { key: 'note', kind: 'localizedLines' },
    { key: 'id', kind: 'id' },
  ],
  team: [
    { key: 'name', kind: 'text' },
    { key: 'role', kind: 'localized', required: true },
    { key: 'specialities', kind: 'localized' },
    { key: 'bio', kind: 'markdown', required: true },
    { key: 'photoId', kind: 'photo' },
    { key: 'slug', kind: 'id' },
  ],
  gallery: [
    { key: 'photoId', kind: 'photo' },
    { key: 'caption', kind: 'localized', required: true },
  ],
  partners: [
    { key: 'name', kind: 'text' },
    { key: 'url', kind: 'url' },
    { key: 'logoId', kind: 'photo' },
    { key: 'id', kind: 'id' },
  ],
  news: [
    { key: 'title', kind: 'localized', required: true },
    { key: 'body', kind: 'markdown', required: true },
    { key: 'publishAt', kind: 'datetime' },
    { key: 'pinned', kind: 'checkbox' },
    { key: 'id', kind: 'id' },
  ],
};

const EMPTY: LocalizedText = { es: '', ca: '', en: '' };
const ORDERED = new Set<ContentSection>(['team', 'gallery', 'partners']);

function newItem(section: ContentSection, count: number): Item {
  const id = `${section}-${Date.now().toString(36)}`;
  switch (section) {
    case 'fees':
      return { id, group: { ...EMPTY }, name: { ...EMPTY }, priceCents: 0, period: { ...EMPTY }, note: { ...EMPTY } };
    case 'team':
      return { slug: id, name: '', role: { ...EMPTY }, specialities: { ...EMPTY }, bio: { ...EMPTY }, photoId: null, order: count };
    case 'gallery':
      return { photoId: '', caption: { ...EMPTY }, order: count };
    case 'partners':
      return { id, name: '', url: 'https://', logoId: null, order: count };
    case 'news':
      return { id, title: { ...EMPTY }, body: { ...EMPTY }, publishAt: new Date().toISOString(), pinned: false };
  }
}

/** Local date-time text for an ISO instant (the field shows the staff member's own clock). */
const localInput = (iso: string) => {
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}T${pad(date.getHours())}:${pad(date.getMinutes())}`;
};

/**
 * The content editor (staff): fees, team, gallery, partners and news, every text in es, ca and en
 * side by side with a mark where a language is missing, a preview as visitors will see it, the
 * history with restore, and a clear view when someone else saved the same section first.
 */
export function ContentScreen() {
  const { t } = useTranslation('admin-content');
  const content = useStaffContent();
  const [section, setSection] = useState<ContentSection>('fees');
  if (content.isPending) return <p aria-busy="true">{t('LOADING')}</p>;
  if (content.isError) return <FormAlert>{t('LOAD_FAILED')}</FormAlert>;
  return (
    <div className="content-editor">
      <h2 className="h4">{t('TITLE')}</h2>
      <p className="text-body-secondary">{t('INTRO')}</p>
      <div className="content-tabs" role="group" aria-label={t('SECTIONS_LABEL')}>
        {CONTENT_SECTIONS.map((name) => (
          <button
            key={name}
            type="button"
            className={`btn ${name === section ? 'btn-primary' : 'btn-outline-primary'}`}
            aria-pressed={name === section}
            onClick={() => setSection(name)}
          >
            {t(`SECTIONS.${name}`)}
          </button>
        ))}
      </div>
      <SectionEditor key={section} section={section} content={content.data} />
    </div>
  );
}

interface SectionForm {
  items: Item[];
}

/** Whether the form's errors refuse one of the fields drawn for each item (else the form's alert says it). */
function refusesAField(errors: FieldErrors<SectionForm>, fields: readonly Field[]): boolean {
  const items = errors.items as unknown as Record<string, Record<string, unknown> | undefined> | undefined;
  return Object.values(items ?? {}).some((item) => fields.some((field) => firstCode(item?.[field.key]) !== undefined));
}

/** The first error code held anywhere under one field's error (a localized text has one per language). */
function firstCode(node: unknown): string | undefined {
  if (!node || typeof node !== 'object') return undefined;
  const { message } = node as { message?: unknown };
  if (typeof message === 'string' && message !== '') return message;
  for (const [key, child] of Object.entries(node)) {
    if (key === 'ref' || key === 'message' || key === 'type') continue;
    const code = firstCode(child);
    if (code) return code;
  }
  return undefined;
}

/**
 * One section's list as a form (react-hook-form, checked by the contract's schema of the section,
 * the server's own check): messages appear by their field after the first save, then follow
 * each change; a refusal the server gives for a field shows there too; nothing typed is lost.
 */
function SectionEditor({ section, content }: { section: ContentSection; content: RenderedStaffContent }) {
  const { t, i18n } = useTranslation('admin-content');
  const shown = useContentText();
  const queryClient = useQueryClient();
  const schema = useMemo(() => z.object({ items: SECTION_SCHEMAS[section] }), [section]);
  const form = useForm<SectionForm, unknown, { items: unknown[] }>({
    defaultValues: { items: structuredClone(content[section] as unknown as Item[]) },
    resolver: zodResolver(schema) as unknown as Resolver<SectionForm, unknown, { items: unknown[] }>,
  });
  const items = form.watch('items');
  const errors: FieldErrors<SectionForm> = form.formState.errors;
  const sectionRef = useRef<HTMLElement>(null);
  const [version, setVersion] = useState(content.version);
  const [photos, setPhotos] = useState<Record<string, PhotoInfo>>(content.photos);
  const [error, setError] = useState<string | null>(null);
  const [conflict, setConflict] = useState<ContentConflict | null>(null);
  const [saved, setSaved] = useState(false);
  const [busy, setBusy] = useState(false);
  const [preview, setPreview] = useState(false);
  const [showHistory, setShowHistory] = useState(false);
  const change = content.changes[section];

  const setItems = (next: (current: Item[]) => Item[]) => {
    setSaved(false);
    // Checked again at every change once a save was tried, so a message goes when it is fixed.
    form.setValue('items', next(form.getValues('items')), { shouldDirty: true, shouldValidate: form.formState.isSubmitted });
  };
  const update = (index: number, key: string, value: unknown) =>
    setItems((current) => current.map((item, i) => (i === index ? { ...item, [key]: value } : item)));
  const move = (index: number, by: number) =>
    setItems((current) => {
      const next = [...current];
      const [item] = next.splice(index, 1);
      next.splice(index + by, 0, item!);
      return next;
    });
  const errorOf = (index: number, key: string): string | undefined => {
    const item = (errors.items as unknown as Record<number, Record<string, unknown>> | undefined)?.[index];
    return firstCode(item?.[key]);
  };

  // The first field with a message takes the focus (it scrolls into view); when no field of the
  // list is refused, the form's alert says it. The form library draws its messages in a render of
  // its own, after the one that asks, so the focus waits for a render with a refused field drawn.
  const focusPending = useRef(false);
  const [, askFocus] = useState(0);
  const focusFirstInvalid = (fieldsRefused: boolean) => {
    if (!fieldsRefused) {
      setError(t('INVALID'));
      return;
    }
    focusPending.current = true;
    askFocus((asked) => asked + 1);
  };
  useEffect(() => {
    if (!focusPending.current) return;
    const field = sectionRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]');
    if (!field) return;
    focusPending.current = false;
    field.focus();
  });

  const afterSave = (fresh: RenderedStaffContent) => {
    queryClient.setQueryData(['admin', 'content'], fresh);
    void queryClient.invalidateQueries({ queryKey: CONTENT_KEY });
    void queryClient.invalidateQueries({ queryKey: ['admin', 'content', 'history', section] });
  };

  const send = async (checked: { items: unknown[] }, basedOn: number) => {
    setBusy(true);
    setError(null);
    try {
      const body = ORDERED.has(section) ? checked.items.map((item, order) => ({ ...(item as Item), order })) : checked.items;
      const fresh = await saveSection(section, body, basedOn);
      setConflict(null);
      setSaved(true);
      setVersion(fresh.version);
      afterSave(fresh);
    } catch (err) {
      if (err instanceof ApiCallError && err.errorCode === 'CONTENT_CONFLICT') setConflict(err.body as ContentConflict);
      else if (err instanceof ApiCallError && err.fields) {
        // The server's refusals go on the fields they name (an unknown photo, say); the list stays as typed.
        let fieldsRefused = false;
        for (const [path, codes] of Object.entries(err.fields)) {
          if (!path.startsWith('items.') || !codes[0]) continue;
          form.setError(path as `items.${number}`, { type: 'server', message: codes[0] });
          fieldsRefused ||= FIELDS[section].some((field) => path.split('.')[2] === field.key);
        }
        focusFirstInvalid(fieldsRefused);
      } else setError(t('SAVE_FAILED'));
    } finally {
      setBusy(false);
    }
  };

  const save = (basedOn = version) => {
    setError(null);
    void form.handleSubmit(
      (checked) => send(checked, basedOn),
      (refused) => focusFirstInvalid(refusesAField(refused, FIELDS[section])),
    )();
  };

  return (
    <section ref={sectionRef} className="content-section" aria-labelledby="content-section-title">
      <h3 className="h5 mt-3" id="content-section-title">
        {t(`SECTIONS.${section}`)}
      </h3>
      <p className="small text-body-secondary" data-testid="last-change">
        {change?.changedAt
          ? t('LAST_CHANGE', { name: change.changedBy ?? t('FORMER_STAFF'), date: new Date(change.changedAt).toLocaleString(i18n.language) })
          : t('NEVER_CHANGED')}
      </p>
      {conflict ? (
        <ConflictView
          conflict={conflict}
          section={section}
          onTakeTheirs={() => {
            setItems(() => structuredClone(conflict.theirs as Item[]));
            setVersion(conflict.version);
            setConflict(null);
          }}
          onKeepMine={() => save(conflict.version)}
        />
      ) : null}
      <ol className="list-unstyled content-items">
        {items.map((item, index) => (
          <li key={index} className="content-item" data-testid={`content-item-${index}`}>
            <fieldset>
              <legend className="h6">{itemTitle(section, item, index, t, shown)}</legend>
              {FIELDS[section].map((field) => (
                <FieldEditor
                  key={field.key}
                  field={field}
                  section={section}
                  value={item[field.key]}
                  error={errorOf(index, field.key)}
                  photos={photos}
                  onPhoto={(id, info) => setPhotos((current) => ({ ...current, [id]: info }))}
                  onChange={(value) => update(index, field.key, value)}
                />
              ))}
              <div className="d-flex flex-wrap gap-2 mt-2">
                <button type="button" className="btn btn-sm btn-outline-secondary" disabled={index === 0} onClick={() => move(index, -1)}>
                  {t('MOVE_UP')}
                  <span className="visually-hidden">: {itemTitle(section, item, index, t, shown)}</span>
                </button>
                <button
                  type="button"
                  className="btn btn-sm btn-outline-secondary"
                  disabled={index === items.length - 1}
                  onClick={() => move(index, 1)}
                >
                  {t('MOVE_DOWN')}
                  <span className="visually-hidden">: {itemTitle(section, item, index, t, shown)}</span>
                </button>
                <button type="button" className="btn btn-sm btn-outline-danger" onClick={() => setItems((current) => current.filter((_, i) => i !== index))}>
                  {t('REMOVE')}
                  <span className="visually-hidden">: {itemTitle(section, item, index, t, shown)}</span>
                </button>
              </div>
            </fieldset>
          </li>
        ))}
      </ol>
      <button type="button" className="btn btn-outline-primary" onClick={() => setItems((current) => [...current, newItem(section, current.length)])}>
        {t(`ADD.${section}`)}
      </button>
      <div className="content-actions">
        <button type="button" className="btn btn-accent" disabled={busy} onClick={() => save()}>
          {t('SAVE')}
        </button>
        <button type="button" className="btn btn-outline-secondary" aria-expanded={preview} onClick={() => setPreview(!preview)}>
          {preview ? t('HIDE_PREVIEW') : t('PREVIEW')}
        </button>
        <button type="button" className="btn btn-outline-secondary" aria-expanded={showHistory} onClick={() => setShowHistory(!showHistory)}>
          {t('HISTORY')}
        </button>
        {saved ? (
          <p className="text-success mb-0" role="status">
            {t('SAVED')}
          </p>
        ) : null}
        {error ? <FormAlert>{error}</FormAlert> : null}
      </div>
      {preview ? <Preview section={section} items={items} photos={photos} /> : null}
      {showHistory ? (
        <History
          section={section}
          version={version}
          onRestored={(fresh) => {
            setVersion(fresh.version);
            afterSave(fresh);
          }}
          onConflict={setConflict}
        />
      ) : null}
    </section>
  );
}

/** An item's name as the editor heads it: in the staff member's language where written, else as the page falls back. */
function itemTitle(section: ContentSection, item: Item, index: number, t: TFunction<'admin-content'>, shown: (text: LocalizedText) => string): string {
  const main = section === 'fees' ? item.name : section === 'news' ? item.title : section === 'gallery' ? item.caption : item.name;
  const text = typeof main === 'string' ? main : main ? shown(main as LocalizedText) : '';
  return text || t('ITEM', { number: index + 1 });
}

function FieldEditor({
  field,
  section,
  value,
  error,
  photos,
  onPhoto,
  onChange,
}: {
  field: Field;
  section: ContentSection;
  value: unknown;
  /** The field's error code (the contract's), once a save was tried. */
  error?: string;
  photos: Record<string, PhotoInfo>;
  onPhoto: (id: string, info: PhotoInfo) => void;
  onChange: (value: unknown) => void;
}) {
  const { t } = useTranslation('admin-content');
  const id = useId();
  const label = t(`FIELDS.${section}.${field.key}`);
  const invalid = error !== undefined;
  // A name or a photo is one thing to fill in, not a text in three languages.
  const inLanguages = field.kind === 'localized' || field.kind === 'localizedLines' || field.kind === 'markdown';
  const code = inLanguages ? error : error === 'required' || (field.kind === 'photo' && !value) ? 'filled' : error;
  const errorText = invalid ? (
    <p className="invalid-feedback d-block" id={`${id}-error`} data-field-error={code}>
      {t(`ERRORS.${code}`, { defaultValue: t('ERRORS.unknown') })}
    </p>
  ) : null;
  const common = { 'aria-invalid': invalid || undefined, 'aria-describedby': invalid ? `${id}-error` : undefined };
  if (inLanguages) {
    const text = (value as LocalizedText | undefined) ?? EMPTY;
    // A text the page needs is missing wherever it is not written; an optional one (a fee's
    // period or note) only where another language is written, as the page then shows that one.
    const missing = field.required || missingLanguages(text).length < LANGUAGES.length ? missingLanguages(text) : [];
    return (
      <div className="content-field" role="group" aria-labelledby={`${id}-label`}>
        <p className="form-label mb-1" id={`${id}-label`}>
          {label}
          {field.kind === 'markdown' ? <span className="small text-body-secondary"> · {t('MARKDOWN_HINT')}</span> : null}
        </p>
        <div className="row g-2">
          {LANGUAGES.map((language) => (
            <div className="col-md-4" key={language}>
              <label className="form-label small mb-0" htmlFor={`${id}-${language}`}>
                {t(`LANGUAGES.${language}`)}
                {missing.includes(language) ? <span className="content-missing">{t('MISSING')}</span> : null}
              </label>
              {field.kind !== 'localized' ? (
                <textarea
                  id={`${id}-${language}`}
                  className={field.kind === 'markdown' ? 'form-control content-markdown' : 'form-control'}
                  rows={field.kind === 'markdown' ? 6 : 3}
                  lang={language}
                  value={text[language]}
                  {...common}
                  onChange={(event) => onChange({ ...text, [language]: event.target.value })}
                />
              ) : (
                <input
                  id={`${id}-${language}`}
                  className="form-control"
                  lang={language}
                  value={text[language]}
                  {...common}
                  onChange={(event) => onChange({ ...text, [language]: event.target.value })}
                />
              )}
            </div>
          ))}
        </div>
        {errorText}
      </div>
    );
  }
  if (field.kind === 'photo')
    return <PhotoField id={id} label={label} value={value as string | null} photos={photos} onPhoto={onPhoto} onChange={onChange} errorText={errorText} invalid={common} />;
  if (field.kind === 'checkbox') {
    return (
      <div className="form-check content-field">
        <input id={id} type="checkbox" className="form-check-input" checked={Boolean(value)} onChange={(event) => onChange(event.target.checked)} />
        <label className="form-check-label" htmlFor={id}>
          {label}
        </label>
      </div>
    );
  }
  const inputValue =
    field.kind === 'cents' ? ((value as number) / 100).toFixed(2) : field.kind === 'datetime' ? localInput(value as string) : String(value ?? '');
  return (
    <div className="content-field">
      <label className="form-label mb-1" htmlFor={id}>
        {label}
      </label>
      <input
        id={id}
        className="form-control content-short"
        type={field.kind === 'cents' ? 'number' : field.kind === 'datetime' ? 'datetime-local' : field.kind === 'url' ? 'url' : 'text'}
        step={field.kind === 'cents' ? '0.01' : undefined}
        min={field.kind === 'cents' ? 0 : undefined}
        inputMode={field.kind === 'cents' ? 'decimal' : undefined}
        defaultValue={field.kind === 'cents' ? inputValue : undefined}
        value={field.kind === 'cents' ? undefined : inputValue}
        name={field.key}
        {...common}
        onChange={(event) => {
          const text = event.target.value;
          if (field.kind === 'cents') onChange(Math.round(Number(text.replace(',', '.')) * 100) || 0);
          else if (field.kind === 'datetime') onChange(text ? new Date(text).toISOString() : '');
          else onChange(text);
        }}
      />
      {field.kind === 'id' ? <p className="form-text mb-0">{t('ID_HINT')}</p> : null}
      {errorText}
    </div>
  );
}

function PhotoField({
  id,
  label,
  value,
  photos,
  onPhoto,
  onChange,
  errorText,
  invalid,
}: {
  id: string;
  label: string;
  value: string | null;
  photos: Record<string, PhotoInfo>;
  onPhoto: (id: string, info: PhotoInfo) => void;
  onChange: (value: unknown) => void;
  errorText: React.ReactNode;
  invalid: { 'aria-invalid'?: boolean; 'aria-describedby'?: string };
}) {
  const { t } = useTranslation('admin-content');
  const [state, setState] = useState<'idle' | 'sending' | string>('idle');
  return (
    <div className="content-field">
      <label className="form-label mb-1" htmlFor={id}>
        {label}
      </label>
      <div className="d-flex align-items-center gap-3 flex-wrap">
        {value && photos[value] ? <ContentPicture className="content-thumb" info={photos[value]} sizes="96px" alt="" /> : null}
        <input
          id={id}
          type="file"
          className="form-control content-short"
          accept="image/jpeg,image/png,image/webp"
          {...invalid}
          onChange={async (event) => {
            const file = event.target.files?.[0];
            if (!file) return;
            // A HEIC is refused here, in the editor's language, before megabytes travel (the
            // server refuses it too).
            if (isHeic(new Uint8Array(await file.slice(0, 64).arrayBuffer()))) {
              setState(t('HEIC_REFUSED'));
              return;
            }
            setState('sending');
            try {
              const answer = await uploadPhoto(file);
              const widths = [320, 640, 960, 1280, 1920].filter((w) => w <= answer.width);
              if (answer.width < 1920 && !widths.includes(answer.width)) widths.push(answer.width);
              onPhoto(answer.photoId, { width: answer.width, height: answer.height, widths, formats: ['avif', 'webp', 'jpg'], base: `/photos/${answer.photoId}` });
              onChange(answer.photoId);
              setState('idle');
            } catch (err) {
              setState(err instanceof ApiCallError ? err.message : t('UPLOAD_FAILED'));
            }
          }}
        />
        {value ? (
          <button type="button" className="btn btn-sm btn-outline-secondary" onClick={() => onChange(null)}>
            {t('NO_PHOTO')}
          </button>
        ) : null}
      </div>
      {state === 'sending' ? <p role="status">{t('UPLOADING')}</p> : null}
      {state !== 'idle' && state !== 'sending' ? (
        <p className="text-danger" role="alert">
          {state}
        </p>
      ) : null}
      {errorText}
    </div>
  );
}

/** The section as visitors will see it in one language (missing texts fall back, as on the site). */
function Preview({ section, items, photos }: { section: ContentSection; items: Item[]; photos: Record<string, PhotoInfo> }) {
  const { t } = useTranslation('admin-content');
  const [language, setLanguage] = useState<Language>('es');
  const [html, setHtml] = useState<Record<number, LocalizedText>>({});
  const markdownKey = section === 'team' ? 'bio' : section === 'news' ? 'body' : null;
  useEffect(() => {
    if (!markdownKey) return;
    let live = true;
    void Promise.all(items.map((item) => previewMarkdown(item[markdownKey] as LocalizedText).catch(() => EMPTY))).then((all) => {
      if (live) setHtml(Object.fromEntries(all.map((value, index) => [index, value])));
    });
    return () => {
      live = false;
    };
  }, [items, markdownKey]);
  const text = (value: unknown) => (typeof value === 'string' ? value : value ? textIn(value as LocalizedText, language) : '');
  return (
    <div className="content-preview" aria-labelledby="content-preview-title">
      <h4 className="h6" id="content-preview-title">
        {t('PREVIEW_TITLE')}
      </h4>
      <div className="content-tabs" role="group" aria-label={t('PREVIEW_LANGUAGE')}>
        {LANGUAGES.map((l) => (
          <button key={l} type="button" className={`btn btn-sm ${l === language ? 'btn-dark' : 'btn-outline-dark'}`} aria-pressed={l === language} onClick={() => setLanguage(l)}>
            {t(`LANGUAGES.${l}`)}
          </button>
        ))}
      </div>
      <ul className="list-unstyled content-preview-list" lang={language}>
        {items.map((item, index) => {
          const photoId = (item.photoId ?? item.logoId) as string | null | undefined;
          return (
            <li key={index} className="content-preview-item">
              {photoId && photos[photoId] ? <ContentPicture className="content-thumb" info={photos[photoId]} sizes="96px" alt="" /> : null}
              <div>
                <p className="fw-bold mb-1">{text(item.title ?? item.name ?? item.caption)}</p>
                {item.group ? <p className="mb-1">{text(item.group)}</p> : null}
                {item.role ? <p className="mb-1">{text(item.role)}</p> : null}
                {item.specialities && text(item.specialities) ? <p className="small mb-1">{text(item.specialities)}</p> : null}
                {typeof item.priceCents === 'number' ? <p className="mb-1">{(item.priceCents / 100).toFixed(2)} € {text(item.period)}</p> : null}
                {item.note ? <p className="small mb-1">{text(item.note)}</p> : null}
                {markdownKey && html[index] ? <div className="content-preview-body" dangerouslySetInnerHTML={{ __html: textIn(html[index]!, language) }} /> : null}
              </div>
            </li>
          );
        })}
      </ul>
    </div>
  );
}

function History({
  section,
  version,
  onRestored,
  onConflict,
}: {
  section: ContentSection;
  version: number;
  onRestored: (fresh: RenderedStaffContent) => void;
  onConflict: (conflict: ContentConflict) => void;
}) {
  const { t, i18n } = useTranslation('admin-content');
  const history = useQuery(historyQuery(section));
  if (history.isPending) return <p aria-busy="true">{t('LOADING')}</p>;
  if (history.isError) return <FormAlert>{t('LOAD_FAILED')}</FormAlert>;
  return (
    <div className="content-history">
      <h4 className="h6">{t('HISTORY')}</h4>
      <ol className="list-group">
        {history.data.map((revision, index) => (
          <li key={revision.id} className="list-group-item d-flex flex-wrap justify-content-between align-items-center gap-2">
            <span>
              {new Date(revision.changedAt).toLocaleString(i18n.language)} · {revision.changedBy ?? (revision.version <= 1 ? t('FIRST_VERSION') : t('FORMER_STAFF'))}
              {index === 0 ? <strong> · {t('CURRENT')}</strong> : null}
            </span>
            {index > 0 ? (
              <button
                type="button"
                className="btn btn-sm btn-outline-primary"
                onClick={async () => {
                  try {
                    onRestored(await restoreRevision(section, revision.id, version));
                  } catch (err) {
                    if (err instanceof ApiCallError && err.errorCode === 'CONTENT_CONFLICT') onConflict(err.body as ContentConflict);
                  }
                }}
              >
                {t('RESTORE')}
                <span className="visually-hidden"> {new Date(revision.changedAt).toLocaleString(i18n.language)}</span>
              </button>
            ) : null}
          </li>
        ))}
      </ol>
    </div>
  );
}

function ConflictView({
  conflict,
  section,
  onTakeTheirs,
  onKeepMine,
}: {
  conflict: ContentConflict;
  section: ContentSection;
  onTakeTheirs: () => void;
  onKeepMine: () => void;
}) {
  const { t, i18n } = useTranslation('admin-content');
  const shown = useContentText();
  const theirs = conflict.theirs as Item[];
  return (
    <div className="alert alert-warning content-conflict" role="alert" data-testid="content-conflict">
      <p className="fw-bold mb-1">{t('CONFLICT.TITLE')}</p>
      <p className="mb-2">
        {t('CONFLICT.BODY', { name: conflict.changedBy ?? t('FORMER_STAFF'), date: conflict.changedAt ? new Date(conflict.changedAt).toLocaleString(i18n.language) : '—' })}
      </p>
      <p className="mb-1">{t('CONFLICT.THEIRS')}</p>
      <ul className="small">
        {theirs.map((item, index) => (
          <li key={index}>
            {itemTitle(section, item, index, t, shown)}
            {typeof item.priceCents === 'number' ? ` · ${(item.priceCents / 100).toFixed(2)} €` : ''}
          </li>
        ))}
      </ul>
      <div className="d-flex flex-wrap gap-2">
        <button type="button" className="btn btn-sm btn-dark" onClick={onTakeTheirs}>
          {t('CONFLICT.TAKE_THEIRS')}
        </button>
        <button type="button" className="btn btn-sm btn-outline-dark" onClick={onKeepMine}>
          {t('CONFLICT.KEEP_MINE')}
        </button>
      </div>
    </div>
  );
}

import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ELEMENT_KINDS } from '@club/stage-engine/model';
import type { ElementKind, Stage } from '@club/stage-engine/model';
import { downloadStage } from '../stage-file.ts';
import { BarButton } from './bar-button.tsx';
import { ElementThumbnail } from './element-thumbnail.tsx';
import { StageIcon } from './stage-icons.tsx';

export interface DesignerToolbarProps {
  stage: Stage;
  open: boolean;
  canUndo: boolean;
  canRedo: boolean;
  onToggleOpen(): void;
  onAdd(kind: ElementKind): void;
  onUndo(): void;
  onRedo(): void;
  onImport(file: File): void;
  onOpenServer(): void;
  onClear(): void;
  onSave(): void;
  /** Staff only: opens the dialog that publishes the stage to the club library. */
  onPublish?: () => void;
}

/** The designer's top bar: the gallery of elements to add, history, files, server, clear and save. */
export function DesignerToolbar({
  stage,
  open,
  canUndo,
  canRedo,
  onToggleOpen,
  onAdd,
  onUndo,
  onRedo,
  onImport,
  onOpenServer,
  onClear,
  onSave,
  onPublish,
}: DesignerToolbarProps) {
  const { t } = useTranslation('stage-designer');
  const fileRef = useRef<HTMLInputElement>(null);
  const gallery = useGalleryScroll(open);
  return (
    <div className={`designer-bar${open ? '' : ' is-collapsed'}`}>
      <div id="designer-bar-content" className="designer-bar-content" hidden={!open}>
        <div
          className={`add-gallery-frame${gallery.more.left ? ' has-more-left' : ''}${gallery.more.right ? ' has-more-right' : ''}`}
        >
          {/* Both arrows keep their place while idle (hidden), so the strip never moves under a
              pointer when one appears as it scrolls. */}
          <GalleryArrow
            side="left"
            shown={gallery.more.left}
            label={t('GALLERY_BACK')}
            onClick={() => gallery.scroll(-1)}
          />
          <div
            className="add-gallery"
            role="group"
            aria-label={t('GALLERY')}
            ref={gallery.ref}
            data-testid="add-gallery"
          >
            <span className="add-gallery-label" aria-hidden="true">
              <StageIcon name="plus" size={16} />
              {t('ADD')}
            </span>
            {ELEMENT_KINDS.map((kind) => (
              <button
                key={kind}
                type="button"
                className="btn gallery-item"
                data-kind={kind}
                aria-label={t('ADD_KIND', { kind: t(`KINDS.${kind}`) })}
                title={t(`KINDS.${kind}`)}
                onClick={() => onAdd(kind)}
              >
                <ElementThumbnail kind={kind} height={34} />
              </button>
            ))}
          </div>
          <GalleryArrow
            side="right"
            shown={gallery.more.right}
            label={t('GALLERY_MORE')}
            onClick={() => gallery.scroll(1)}
          />
        </div>
        <div className="designer-actions">
          <div className="btn-group" role="group" aria-label={t('HISTORY')}>
            <BarButton
              icon="undo"
              label={t('UNDO')}
              title={`${t('UNDO')} (Ctrl+Z)`}
              disabled={!canUndo}
              onClick={onUndo}
            />
            <BarButton
              icon="redo"
              label={t('REDO')}
              title={`${t('REDO')} (Shift+Ctrl+Z)`}
              disabled={!canRedo}
              onClick={onRedo}
            />
          </div>
          <div className="btn-group" role="group" aria-label={t('FILE')}>
            <BarButton icon="upload" label={t('IMPORT')} onClick={() => fileRef.current?.click()} />
            <BarButton icon="download" label={t('EXPORT')} onClick={() => downloadStage(stage)} />
          </div>
          <input
            ref={fileRef}
            type="file"
            accept="application/json,.json"
            className="visually-hidden"
            tabIndex={-1}
            aria-label={t('IMPORT_FILE')}
            onChange={(event) => {
              const file = event.target.files?.[0];
              event.target.value = '';
              if (file) onImport(file);
            }}
          />
          <BarButton
            icon="clear"
            label={t('DELETE_ALL')}
            danger
            disabled={stage.elements.length === 0}
            onClick={onClear}
          />
          <div className="designer-save" role="group" aria-label={t('SAVE_WHERE')}>
            <button type="button" className="btn btn-save" onClick={onSave}>
              <StageIcon name="save" size={18} />
              <span>{t('SAVE_DEVICE')}</span>
            </button>
            <button type="button" className="btn btn-save-elsewhere" onClick={onOpenServer}>
              <StageIcon name="cloud" size={18} />
              <span>{t('SAVE_ACCOUNT')}</span>
            </button>
            {onPublish ? (
              <button type="button" className="btn btn-save-elsewhere" onClick={onPublish}>
                <StageIcon name="library" size={18} />
                <span>{t('PUBLISH_LIBRARY')}</span>
              </button>
            ) : null}
          </div>
        </div>
      </div>
      <button
        type="button"
        className="designer-bar-tab"
        aria-expanded={open}
        aria-controls="designer-bar-content"
        aria-label={open ? t('COLLAPSE_BAR') : t('EXPAND_BAR')}
        title={open ? t('COLLAPSE_BAR') : t('EXPAND_BAR')}
        onClick={onToggleOpen}
      >
        <StageIcon name={open ? 'chevronUp' : 'chevronDown'} size={16} />
      </button>
    </div>
  );
}

/**
 * The element strip scrolls sideways where it does not fit (a phone shows three of twelve): which
 * sides hold more, kept up to date as it scrolls and resizes, and a step of most of its width.
 */
function useGalleryScroll(open: boolean) {
  const ref = useRef<HTMLDivElement>(null);
  const [more, setMore] = useState({ left: false, right: false });
  const measure = useCallback(() => {
    const strip = ref.current;
    if (!strip) return;
    const left = strip.scrollLeft > 1;
    const right = strip.scrollLeft + strip.clientWidth < strip.scrollWidth - 1;
    setMore((was) => (was.left === left && was.right === right ? was : { left, right }));
  }, []);
  useEffect(() => {
    const strip = ref.current;
    if (!strip || !open) return;
    strip.addEventListener('scroll', measure, { passive: true });
    // The observer's first report, after the browser has laid the strip out, is the first
    // measure: measured here, in the commit that mounts the designer, the strip's sizes made the
    // browser lay out the whole new screen inside that commit's task (its longest part).
    const observer = new ResizeObserver(measure);
    observer.observe(strip);
    return () => {
      strip.removeEventListener('scroll', measure);
      observer.disconnect();
    };
  }, [measure, open]);
  const scroll = (direction: 1 | -1) => {
    const strip = ref.current;
    if (strip) strip.scrollBy({ left: direction * strip.clientWidth * 0.8, behavior: 'smooth' });
  };
  return { ref, more, scroll };
}

/** One of the add strip's arrows; idle, it keeps its place hidden, so the strip does not move. */
function GalleryArrow({
  side,
  shown,
  label,
  onClick,
}: {
  side: 'left' | 'right';
  shown: boolean;
  label: string;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      className={`btn gallery-more gallery-more-${side}${shown ? '' : ' is-idle'}`}
      aria-label={label}
      title={label}
      disabled={!shown}
      aria-hidden={!shown || undefined}
      onClick={onClick}
    >
      <StageIcon name={side === 'left' ? 'chevronLeft' : 'chevronRight'} size={18} />
    </button>
  );
}

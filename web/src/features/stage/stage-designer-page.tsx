import { useCallback, useEffect, useMemo, useReducer, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ToastType } from '@club/contract/enums';
import type { PanelPosition } from '@club/contract/stage';
import { PANEL_POSITIONS } from '@club/contract/stage';
import {
  ELEMENT_KINDS,
  addElement,
  applyKind,
  clearElements,
  createElement,
  patchElement,
  removeElement,
  stageToWire,
  updateElement,
} from '@club/stage-engine/model';
import type { ElementKind, ElementPatch, Stage } from '@club/stage-engine/model';
import { StageRenderer } from '@club/stage-engine/renderer';
import { usePageTitle } from '../../lib/page-title.tsx';
import { showToast } from '../../lib/toasts.ts';
import { ConfirmDialog } from './components/confirm-dialog.tsx';
import { ElementThumbnail } from './components/element-thumbnail.tsx';
import { ServerStagesDialog } from './components/server-stages-dialog.tsx';
import { SettingsPanel } from './components/settings-panel.tsx';
import { StageIcon } from './components/stage-icons.tsx';
import { commit, redo, startHistory, undo } from './hooks/stage-history.ts';
import type { StageHistory } from './hooks/stage-history.ts';
import { downloadStage, readStageFile } from './stage-file.ts';
import { writeCustomStage } from './stage-storage.ts';
import { StageLoading, useRouteStage } from './hooks/use-route-stage.tsx';
import './stage.css';

const PANEL_KEY = 'ipsc-club.designer-panel';

type HistoryAction =
  | { type: 'commit'; stage: Stage; key?: string | null }
  | { type: 'reset'; stage: Stage }
  | { type: 'undo' }
  | { type: 'redo' };

function historyReducer(history: StageHistory, action: HistoryAction): StageHistory {
  switch (action.type) {
    case 'commit':
      return commit(history, action.stage, action.key ?? null);
    case 'reset':
      return startHistory(action.stage);
    case 'undo':
      return undo(history);
    case 'redo':
      return redo(history);
  }
}

function readPanelPosition(): PanelPosition {
  try {
    const stored = localStorage.getItem(PANEL_KEY);
    return PANEL_POSITIONS.find((position) => position === stored) ?? 'top-right';
  } catch {
    return 'top-right';
  }
}

/** Where a new element goes: the centre, or beside it when an element already sits there. */
function freeSpot(stage: Stage): { positionX: number; positionY: number } {
  // A card at scale 1 is about 1800 position units wide: 2000 apart they stand side by side.
  for (let step = 0; step < 5; step += 1) {
    const offset = step === 0 ? 0 : Math.ceil(step / 2) * 2000 * (step % 2 === 1 ? 1 : -1);
    const taken = stage.elements.some((element) => element.positionX === offset && element.positionY === 0);
    if (!taken) return { positionX: offset, positionY: 0 };
  }
  return { positionX: 0, positionY: 0 };
}

const isTyping = (target: EventTarget | null): boolean =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'SELECT', 'TEXTAREA'].includes(target.tagName) || target.closest('.modal') !== null);

/** The stage designer (SPEC §2, §4, §5): loads the route's stage, the stored one, or an empty one. */
export function StageDesignerPage() {
  const { id } = useParams();
  const { t } = useTranslation('stage-designer');
  usePageTitle(t('TITLE'));
  const initial = useRouteStage(id, 'stage-designer');
  if (initial === null) return <StageLoading label={t('LOADING')} />;
  return <Designer key={id ?? 'local'} initial={initial} />;
}

function Designer({ initial }: { initial: Stage }) {
  const { t } = useTranslation('stage-designer');
  const [history, dispatch] = useReducer(historyReducer, initial, startHistory);
  const stage = history.present;
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [playingId, setPlayingId] = useState<string | null>(null);
  const [panelPosition, setPanelPosition] = useState<PanelPosition>(readPanelPosition);
  const [panelOpen, setPanelOpen] = useState(true);
  const [barOpen, setBarOpen] = useState(true);
  const [confirm, setConfirm] = useState<'delete' | 'clear' | null>(null);
  const [serverOpen, setServerOpen] = useState(false);
  const canvasRef = useRef<HTMLDivElement>(null);
  const rendererRef = useRef<StageRenderer | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const selected = stage.elements.find((element) => element.id === selectedId) ?? null;

  // The renderer's callbacks read the latest state through this ref.
  const latest = useRef({ selectedId, stage });
  latest.current = { selectedId, stage };

  const select = useCallback((next: string | null) => {
    const renderer = rendererRef.current;
    const previous = latest.current.selectedId;
    // Deselecting (or picking another element) stops the animation (SPEC §4).
    if (previous !== null && previous !== next) renderer?.stop(previous);
    setPlayingId((playing) => (playing !== null && playing !== next ? null : playing));
    setSelectedId(next);
  }, []);

  useEffect(() => {
    const container = canvasRef.current;
    if (container === null) return;
    const renderer = new StageRenderer(container, {
      mode: 'design',
      onSelect: (next) => select(next),
      onMove: (elementId, position) =>
        dispatch({
          type: 'commit',
          stage: updateElement(latest.current.stage, elementId, (element) => patchElement(element, position)),
        }),
    });
    rendererRef.current = renderer;
    return () => {
      renderer.destroy();
      rendererRef.current = null;
    };
  }, [select]);

  useEffect(() => {
    rendererRef.current?.setStage(stage);
  }, [stage]);

  useEffect(() => {
    rendererRef.current?.setSelected(selectedId);
  }, [selectedId, stage]);

  // An undo can remove the selected element: drop the selection with it.
  useEffect(() => {
    if (selectedId !== null && selected === null) select(null);
  }, [selected, selectedId, select]);

  useEffect(() => {
    try {
      localStorage.setItem(PANEL_KEY, panelPosition);
    } catch {
      // Only a preference.
    }
  }, [panelPosition]);

  const change = useCallback((next: Stage, key?: string) => dispatch({ type: 'commit', stage: next, key }), []);

  const patchSelected = (patch: ElementPatch, mergeKey?: string) => {
    if (selected === null) return;
    if (patch.animation !== undefined && patch.animation !== selected.animation && playingId !== null) {
      rendererRef.current?.stop(selected.id);
      setPlayingId(null);
    }
    change(
      updateElement(stage, selected.id, (element) => patchElement(element, patch)),
      mergeKey === undefined ? undefined : `${selected.id}:${mergeKey}`,
    );
  };

  const addKind = (kind: ElementKind) => {
    const element = patchElement(createElement(kind, { name: t(`KINDS.${kind}`) }), freeSpot(stage));
    const next = addElement(stage, element);
    if (next === stage) {
      showToast({ title: t('TITLE'), message: t('TOO_MANY'), type: ToastType.warning });
      return;
    }
    change(next);
    select(element.id);
  };

  const save = () => {
    if (writeCustomStage(stage)) {
      showToast({ title: t('SAVED_TITLE'), message: t('SAVED') });
    } else {
      showToast({ title: t('SAVED_TITLE'), message: t('SAVE_ERROR'), type: ToastType.error });
    }
  };

  const play = () => {
    if (selected === null) return;
    rendererRef.current?.play(selected.id);
    setPlayingId(selected.id);
  };
  const stop = () => {
    if (selected === null) return;
    rendererRef.current?.stop(selected.id);
    setPlayingId(null);
  };

  const importFile = async (file: File) => {
    try {
      const imported = await readStageFile(file);
      select(null);
      change(imported);
      showToast({ title: t('IMPORT'), message: t('IMPORTED', { count: imported.elements.length }) });
    } catch {
      showToast({ title: t('IMPORT'), message: t('IMPORT_ERROR'), type: ToastType.error });
    }
  };

  // Keyboard: Delete, arrows (10, with Shift 50), Escape, Ctrl/Cmd+Z and Shift+Ctrl/Cmd+Z (or Ctrl+Y).
  const keyState = useRef({ selected, stage, confirm, serverOpen });
  keyState.current = { selected, stage, confirm, serverOpen };
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const current = keyState.current;
      if (current.confirm !== null || current.serverOpen || isTyping(event.target)) return;
      const mod = event.ctrlKey || event.metaKey;
      if (mod && event.key.toLowerCase() === 'z') {
        event.preventDefault();
        dispatch({ type: event.shiftKey ? 'redo' : 'undo' });
        return;
      }
      if (mod && event.key.toLowerCase() === 'y') {
        event.preventDefault();
        dispatch({ type: 'redo' });
        return;
      }
      if (event.key === 'Escape') {
        select(null);
        return;
      }
      const element = current.selected;
      if (element === null) return;
      if (event.key === 'Delete' || event.key === 'Backspace') {
        event.preventDefault();
        setConfirm('delete');
        return;
      }
      const distance = event.shiftKey ? 50 : 10;
      const moves: Record<string, [number, number]> = {
        ArrowLeft: [-distance, 0],
        ArrowRight: [distance, 0],
        ArrowUp: [0, -distance],
        ArrowDown: [0, distance],
      };
      const move = moves[event.key];
      if (move === undefined || element.randomPosition) return;
      event.preventDefault();
      dispatch({
        type: 'commit',
        stage: updateElement(current.stage, element.id, (item) =>
          patchElement(item, { positionX: item.positionX + move[0], positionY: item.positionY + move[1] }),
        ),
        key: `${element.id}:keyboard`,
      });
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [select]);

  const wire = useMemo(() => JSON.stringify(stageToWire(stage)), [stage]);

  return (
    <div className="stage-screen stage-designer">
      <h1 className="visually-hidden">{t('TITLE')}</h1>
      <div className={`designer-bar${barOpen ? '' : ' is-collapsed'}`}>
        <div id="designer-bar-content" className="designer-bar-content" hidden={!barOpen}>
          <div className="add-gallery" role="group" aria-label={t('GALLERY')}>
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
                onClick={() => addKind(kind)}
              >
                <ElementThumbnail kind={kind} height={34} />
              </button>
            ))}
          </div>
          <div className="designer-actions">
            <div className="btn-group" role="group" aria-label={t('HISTORY')}>
              <button
                type="button"
                className="btn btn-bar"
                disabled={history.past.length === 0}
                aria-label={t('UNDO')}
                title={`${t('UNDO')} (Ctrl+Z)`}
                onClick={() => dispatch({ type: 'undo' })}
              >
                <StageIcon name="undo" />
              </button>
              <button
                type="button"
                className="btn btn-bar"
                disabled={history.future.length === 0}
                aria-label={t('REDO')}
                title={`${t('REDO')} (Shift+Ctrl+Z)`}
                onClick={() => dispatch({ type: 'redo' })}
              >
                <StageIcon name="redo" />
              </button>
            </div>
            <div className="btn-group" role="group" aria-label={t('FILE')}>
              <button
                type="button"
                className="btn btn-bar"
                aria-label={t('IMPORT')}
                title={t('IMPORT')}
                onClick={() => fileRef.current?.click()}
              >
                <StageIcon name="upload" />
              </button>
              <button
                type="button"
                className="btn btn-bar"
                aria-label={t('EXPORT')}
                title={t('EXPORT')}
                onClick={() => downloadStage(stage)}
              >
                <StageIcon name="download" />
              </button>
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
                if (file) void importFile(file);
              }}
            />
            <button
              type="button"
              className="btn btn-bar"
              aria-label={t('SERVER.OPEN_DIALOG')}
              title={t('SERVER.OPEN_DIALOG')}
              onClick={() => setServerOpen(true)}
            >
              <StageIcon name="cloud" />
            </button>
            <button
              type="button"
              className="btn btn-bar btn-bar-danger"
              disabled={stage.elements.length === 0}
              aria-label={t('DELETE_ALL')}
              title={t('DELETE_ALL')}
              onClick={() => setConfirm('clear')}
            >
              <StageIcon name="clear" />
            </button>
            <button type="button" className="btn btn-save" onClick={save}>
              <StageIcon name="save" size={18} />
              <span>{t('SAVE')}</span>
            </button>
          </div>
        </div>
        <button
          type="button"
          className="designer-bar-tab"
          aria-expanded={barOpen}
          aria-controls="designer-bar-content"
          aria-label={barOpen ? t('COLLAPSE_BAR') : t('EXPAND_BAR')}
          title={barOpen ? t('COLLAPSE_BAR') : t('EXPAND_BAR')}
          onClick={() => setBarOpen((open) => !open)}
        >
          <StageIcon name={barOpen ? 'chevronUp' : 'chevronDown'} size={16} />
        </button>
      </div>
      <div className={`designer-workspace${barOpen ? '' : ' is-bar-collapsed'}`}>
        <div
          ref={canvasRef}
          className="stage-canvas"
          data-testid="designer-canvas"
          data-stage={wire}
          data-selected-id={selectedId ?? ''}
          data-playing-id={playingId ?? ''}
          role="application"
          aria-label={t('CANVAS', { count: stage.elements.length })}
        />
        <SettingsPanel
          element={selected}
          playing={selected !== null && playingId === selected.id}
          position={panelPosition}
          open={panelOpen}
          onToggleOpen={() => setPanelOpen((open) => !open)}
          onMove={setPanelPosition}
          onPatch={patchSelected}
          onKind={(kind) => selected !== null && change(updateElement(stage, selected.id, (element) => applyKind(element, kind)))}
          onDelete={() => setConfirm('delete')}
          onPlay={play}
          onStop={stop}
        />
        {stage.elements.length === 0 ? <p className="designer-empty-hint">{t('EMPTY_HINT')}</p> : null}
      </div>
      <ConfirmDialog
        show={confirm === 'delete'}
        title={t('CONFIRM_DELETE_TITLE')}
        message={t('CONFIRM_DELETE')}
        confirmLabel={t('PANEL.DELETE')}
        onCancel={() => setConfirm(null)}
        onConfirm={() => {
          setConfirm(null);
          if (selected === null) return;
          const removed = selected.id;
          select(null);
          change(removeElement(stage, removed));
        }}
      />
      <ConfirmDialog
        show={confirm === 'clear'}
        title={t('CONFIRM_CLEAR_TITLE')}
        message={t('CONFIRM_CLEAR', { count: stage.elements.length })}
        confirmLabel={t('DELETE_ALL')}
        onCancel={() => setConfirm(null)}
        onConfirm={() => {
          setConfirm(null);
          select(null);
          change(clearElements(stage));
        }}
      />
      <ServerStagesDialog
        show={serverOpen}
        stage={stage}
        onHide={() => setServerOpen(false)}
        onSaved={(saved) => {
          change({ ...stage, id: saved.id, name: saved.name, isPublic: saved.isPublic });
          window.history.replaceState(window.history.state, '', `/stage-designer/${saved.id}`);
        }}
      />
    </div>
  );
}

// The designer's state: the stage with its undo history, the selection, the animation being
// played, and the renderer that draws them. The page and its toolbar only call these actions.
import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ToastType } from '@club/contract/enums';
import {
  addElement,
  applyKind,
  clearElements,
  createElement,
  patchElement,
  removeElement,
  updateElement,
} from '@club/stage-engine/model';
import type { ElementKind, ElementPatch, Stage } from '@club/stage-engine/model';
import { StageRenderer } from '@club/stage-engine/renderer';
import { showToast, toastMessage } from '../../../lib/toasts.ts';
import { readStageFile } from '../stage-file.ts';
import { writeCustomStage } from '../stage-storage.ts';
import { useTargetShapes } from '../../../lib/target-dimensions.ts';
import { visibleSpot } from '../placement.ts';
import type { Box } from '../placement.ts';
import { commit, redo, startHistory, undo } from './stage-history.ts';
import type { StageHistory } from './stage-history.ts';

type HistoryAction =
  | { type: 'commit'; stage: Stage; key?: string | null }
  | { type: 'undo' }
  | { type: 'redo' };

function historyReducer(history: StageHistory, action: HistoryAction): StageHistory {
  switch (action.type) {
    case 'commit':
      return commit(history, action.stage, action.key ?? null);
    case 'undo':
      return undo(history);
    case 'redo':
      return redo(history);
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

/** The state and actions of the stage designer (SPEC §2, §4, §5) for a stage loaded once. */
export function useDesigner(initial: Stage) {
  const { t } = useTranslation('stage-designer');
  const [history, dispatch] = useReducer(historyReducer, initial, startHistory);
  const stage = history.present;
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [playingId, setPlayingId] = useState<string | null>(null);
  const canvasRef = useRef<HTMLDivElement>(null);
  const rendererRef = useRef<StageRenderer | null>(null);
  const selected = stage.elements.find((element) => element.id === selectedId) ?? null;

  // The renderer's callbacks and the keyboard read the latest state through this ref.
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

  const change = useCallback((next: Stage, key?: string) => dispatch({ type: 'commit', stage: next, key }), []);
  const undoChange = useCallback(() => dispatch({ type: 'undo' }), []);
  const redoChange = useCallback(() => dispatch({ type: 'redo' }), []);

  /** Moves an element by a distance; a run of moves of one element undoes as one step. */
  const nudge = useCallback((elementId: string, dx: number, dy: number) => {
    dispatch({
      type: 'commit',
      stage: updateElement(latest.current.stage, elementId, (item) =>
        patchElement(item, { positionX: item.positionX + dx, positionY: item.positionY + dy }),
      ),
      key: `${elementId}:keyboard`,
    });
  }, []);

  // The renderer measures its box and draws the stage: made in a task of its own after the
  // commit that mounts the designer, not inside it, the commit and the drawing are two tasks
  // rather than one long one a tap has to wait out.
  const [renderer, setRenderer] = useState<StageRenderer | null>(null);
  useEffect(() => {
    const container = canvasRef.current;
    if (container === null) return;
    let made: StageRenderer | null = null;
    const timer = window.setTimeout(() => {
      made = new StageRenderer(container, {
        mode: 'design',
        onSelect: (next) => select(next),
        onMove: (elementId, position) =>
          change(updateElement(latest.current.stage, elementId, (element) => patchElement(element, position))),
      });
      rendererRef.current = made;
      setRenderer(made);
    }, 0);
    return () => {
      window.clearTimeout(timer);
      if (made === null) return;
      made.destroy();
      const gone = made;
      if (rendererRef.current === gone) rendererRef.current = null;
      setRenderer((current) => (current === gone ? null : current));
    };
  }, [select, change]);

  useEffect(() => {
    renderer?.setStage(stage);
  }, [renderer, stage]);

  // The targets drawn at the club's sizes, as the viewer draws and scores them.
  const { shapes } = useTargetShapes();
  useEffect(() => {
    renderer?.setTargetShapes(shapes);
  }, [renderer, shapes]);

  useEffect(() => {
    renderer?.setSelected(selectedId);
  }, [renderer, selectedId, stage]);

  // An undo can remove the selected element: drop the selection with it.
  useEffect(() => {
    if (selectedId !== null && selected === null) select(null);
  }, [selected, selectedId, select]);

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

  const changeKind = (kind: ElementKind) => {
    if (selected !== null) change(updateElement(stage, selected.id, (element) => applyKind(element, kind)));
  };

  /** Adds an element where the member sees it: `obstacle` is what covers the canvas (canvas pixels). */
  const addKind = (kind: ElementKind, obstacle: Box | null = null) => {
    const created = createElement(kind, { name: t(`KINDS.${kind}`) });
    const viewport = rendererRef.current?.getViewport();
    const spot = (viewport === undefined ? null : visibleSpot(stage, viewport, obstacle, created)) ?? freeSpot(stage);
    const element = patchElement(created, spot);
    const next = addElement(stage, element);
    if (next === stage) {
      showToast({ title: t('TITLE'), message: t('TOO_MANY'), type: ToastType.warning });
      return;
    }
    change(next);
    select(element.id);
  };

  const removeSelected = () => {
    if (selected === null) return;
    select(null);
    change(removeElement(stage, selected.id));
  };

  const clearAll = () => {
    select(null);
    change(clearElements(stage));
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
      showToast({ title: t('IMPORT'), message: toastMessage(t, 'IMPORTED', { count: imported.elements.length }) });
    } catch {
      showToast({ title: t('IMPORT'), message: t('IMPORT_ERROR'), type: ToastType.error });
    }
  };

  return {
    stage,
    canUndo: history.past.length > 0,
    canRedo: history.future.length > 0,
    selected,
    selectedId,
    playingId,
    canvasRef,
    select,
    change,
    undo: undoChange,
    redo: redoChange,
    nudge,
    patchSelected,
    changeKind,
    addKind,
    removeSelected,
    clearAll,
    save,
    play,
    stop,
    importFile,
  };
}

export type Designer = ReturnType<typeof useDesigner>;

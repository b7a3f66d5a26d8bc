import { useEffect, useMemo, useRef, useState } from 'react';
import { useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { stageToWire } from '@club/stage-engine/model';
import type { Stage } from '@club/stage-engine/model';
import { ConfirmDialog } from '../../components/ui/confirm-dialog.tsx';
import { usePageTitle } from '../../lib/page-title.tsx';
import { TEST_HOOKS } from '../../lib/test-hooks.ts';
import { DesignerToolbar } from './components/designer-toolbar.tsx';
import { ServerStagesDialog } from './components/server-stages-dialog.tsx';
import { PublishLibraryDialog } from './components/publish-library-dialog.tsx';
import { useSession } from '../../lib/session.tsx';
import { SettingsPanel } from './components/settings-panel.tsx';
import { useDesigner } from './hooks/use-designer.ts';
import type { Box } from './placement.ts';
import { useDesignerKeyboard } from './hooks/use-designer-keyboard.ts';
import { usePanelPosition } from './hooks/use-panel-position.ts';
import { StageLoading, useRouteStage } from './hooks/use-route-stage.tsx';
import './stage.css';

/** The phone layout of stage.css, where the settings panel is a sheet below the stage. */
const PHONE_QUERY = '(max-width: 575.98px)';

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
  const designer = useDesigner(initial);
  const { stage, selected, selectedId, playingId } = designer;
  const [panelPosition, setPanelPosition] = usePanelPosition();
  const [panelOpen, setPanelOpen] = useState(true);
  const [barOpen, setBarOpen] = useState(true);
  const [confirm, setConfirm] = useState<'delete' | 'clear' | null>(null);
  const [serverOpen, setServerOpen] = useState(false);
  const [publishOpen, setPublishOpen] = useState(false);
  const staff = useSession().user?.staff === true;
  const screenRef = useRef<HTMLDivElement>(null);
  const panelRef = useRef<HTMLElement>(null);
  const { canvasRef } = designer;

  /** What the settings panel covers of the canvas (with a small margin), in canvas pixels. */
  const panelCover = (): Box | null => {
    const canvas = canvasRef.current;
    const panel = panelRef.current;
    if (canvas === null || panel === null) return null;
    const canvasBox = canvas.getBoundingClientRect();
    const panelBox = panel.getBoundingClientRect();
    const apart =
      panelBox.right <= canvasBox.left ||
      panelBox.left >= canvasBox.right ||
      panelBox.bottom <= canvasBox.top ||
      panelBox.top >= canvasBox.bottom;
    if (apart) return null;
    const margin = 8;
    return {
      x: panelBox.left - canvasBox.left - margin,
      y: panelBox.top - canvasBox.top - margin,
      width: panelBox.width + 2 * margin,
      height: panelBox.height + 2 * margin,
    };
  };

  // On a phone the panel is a sheet below the stage: a selection brings the whole stage back
  // into view between the site header and the sheet when the page was scrolled away from it.
  useEffect(() => {
    const screen = screenRef.current;
    const canvas = canvasRef.current;
    const panel = panelRef.current;
    if (selectedId === null || screen === null || canvas === null || panel === null) return;
    if (!window.matchMedia(PHONE_QUERY).matches) return;
    const header = parseFloat(getComputedStyle(document.documentElement).getPropertyValue('--header-height')) || 64;
    const canvasBox = canvas.getBoundingClientRect();
    if (canvasBox.top < header || canvasBox.bottom > panel.getBoundingClientRect().top) {
      window.scrollBy({ top: screen.getBoundingClientRect().top - header, behavior: 'instant' });
    }
  }, [selectedId, canvasRef]);

  useDesignerKeyboard({
    enabled: confirm === null && !serverOpen && !publishOpen,
    selected,
    undo: designer.undo,
    redo: designer.redo,
    deselect: () => designer.select(null),
    askDelete: () => setConfirm('delete'),
    nudge: designer.nudge,
  });

  // The browser tests read the stage, the selection and the animation from the canvas.
  const wire = useMemo(() => (TEST_HOOKS ? JSON.stringify(stageToWire(stage)) : undefined), [stage]);
  const testAttributes = TEST_HOOKS
    ? { 'data-stage': wire, 'data-selected-id': selectedId ?? '', 'data-playing-id': playingId ?? '' }
    : {};

  return (
    <div ref={screenRef} className="stage-screen stage-designer">
      <h1 className="visually-hidden">{t('TITLE')}</h1>
      <DesignerToolbar
        stage={stage}
        open={barOpen}
        canUndo={designer.canUndo}
        canRedo={designer.canRedo}
        onToggleOpen={() => setBarOpen((open) => !open)}
        onAdd={(kind) => designer.addKind(kind, panelCover())}
        onUndo={designer.undo}
        onRedo={designer.redo}
        onImport={(file) => void designer.importFile(file)}
        onOpenServer={() => setServerOpen(true)}
        onClear={() => setConfirm('clear')}
        onSave={designer.save}
        onPublish={staff ? () => setPublishOpen(true) : undefined}
      />
      <div className={`designer-workspace${barOpen ? '' : ' is-bar-collapsed'}`}>
        <div
          ref={designer.canvasRef}
          className="stage-canvas"
          data-testid="designer-canvas"
          {...testAttributes}
          role="application"
          aria-label={t('CANVAS', { count: stage.elements.length })}
        />
        <SettingsPanel
          panelRef={panelRef}
          element={selected}
          playing={selected !== null && playingId === selected.id}
          position={panelPosition}
          open={panelOpen}
          onToggleOpen={() => setPanelOpen((open) => !open)}
          onMove={setPanelPosition}
          onPatch={designer.patchSelected}
          onKind={designer.changeKind}
          onDelete={() => setConfirm('delete')}
          onPlay={designer.play}
          onStop={designer.stop}
        />
        {stage.elements.length === 0 ? <p className="designer-empty-hint">{t('EMPTY_HINT')}</p> : null}
      </div>
      <ConfirmDialog
        show={confirm === 'delete'}
        size="sm"
        title={t('CONFIRM_DELETE_TITLE')}
        confirmLabel={t('PANEL.DELETE')}
        onCancel={() => setConfirm(null)}
        onConfirm={() => {
          setConfirm(null);
          designer.removeSelected();
        }}
      >
        {t('CONFIRM_DELETE')}
      </ConfirmDialog>
      <ConfirmDialog
        show={confirm === 'clear'}
        size="sm"
        title={t('CONFIRM_CLEAR_TITLE')}
        confirmLabel={t('DELETE_ALL')}
        onCancel={() => setConfirm(null)}
        onConfirm={() => {
          setConfirm(null);
          designer.clearAll();
        }}
      >
        {t('CONFIRM_CLEAR', { count: stage.elements.length })}
      </ConfirmDialog>
      <PublishLibraryDialog show={publishOpen} stage={stage} onHide={() => setPublishOpen(false)} />
      <ServerStagesDialog
        show={serverOpen}
        stage={stage}
        onHide={() => setServerOpen(false)}
        onSaved={(saved) => {
          designer.change({ ...stage, id: saved.id, name: saved.name, isPublic: saved.isPublic });
          window.history.replaceState(window.history.state, '', `/stage-designer/${saved.id}`);
        }}
      />
    </div>
  );
}

import { useEffect, useId, useState } from 'react';
import { Button, Modal } from 'react-bootstrap';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { STAGE_LIMITS } from '@club/contract/stage';
import type { Stage } from '@club/stage-engine/model';
import { ToastType } from '@club/contract/enums';
import { useSession } from '../../../lib/session.tsx';
import { escapeHtml, showToast, toastMessage } from '../../../lib/toasts.ts';
import { ApiCallError } from '../../../lib/http.ts';
import { useStages } from '../api/list-stages.ts';
import { useSaveStage } from '../api/save-stage.ts';
import { useDeleteStage } from '../api/delete-stage.ts';
import { StageIcon } from './stage-icons.tsx';

/** The public link of a stage on the viewer. */
export function shareLinkOf(id: string): string {
  return `${window.location.origin}/dry-training/${encodeURIComponent(id)}`;
}

/**
 * "My stages": save the current stage on the club server (new or replacing the member's own
 * copy), choose whether it is public, list and reopen saved stages, share one by link.
 */
export function ServerStagesDialog({
  show,
  stage,
  onHide,
  onSaved,
}: {
  show: boolean;
  stage: Stage;
  onHide: () => void;
  /** The stage as the server keeps it (its id, name and public flag). */
  onSaved: (stage: Stage) => void;
}) {
  const { t, i18n } = useTranslation('stage-designer');
  const session = useSession();
  const signedIn = session.status === 'authenticated';
  const navigate = useNavigate();
  const stages = useStages(show && signedIn);
  const save = useSaveStage();
  const remove = useDeleteStage();
  const nameId = useId();
  const publicId = useId();
  const [name, setName] = useState(stage.name);
  const [isPublic, setIsPublic] = useState(stage.isPublic ?? false);
  const [submitted, setSubmitted] = useState(false);
  const [deleting, setDeleting] = useState<string | null>(null);

  useEffect(() => {
    if (!show) return;
    setName(stage.name);
    setIsPublic(stage.isPublic ?? false);
    setSubmitted(false);
  }, [show, stage.name, stage.isPublic]);

  const own = stages.data?.some((row) => row.id === stage.id) ?? false;
  const trimmed = name.trim();
  const nameError = trimmed.length === 0 ? t('SERVER.NAME_REQUIRED') : null;

  const submit = async (asNew: boolean) => {
    setSubmitted(true);
    if (nameError !== null) return;
    try {
      const saved = await save.mutateAsync({ stage, name: trimmed, isPublic, id: own && !asNew ? stage.id : null });
      onSaved(saved);
      showToast({ title: t('SERVER.SAVED_TITLE'), message: toastMessage(t, 'SERVER.SAVED', { name: saved.name }) });
    } catch (error) {
      const code = error instanceof ApiCallError ? error.errorCode : 'ERROR';
      showToast({ title: t('SERVER.ERROR_TITLE'), message: toastMessage(t, 'SERVER.SAVE_ERROR', { code }), type: ToastType.error });
    }
  };

  const copyLink = async (id: string) => {
    try {
      await navigator.clipboard.writeText(shareLinkOf(id));
      showToast({ title: t('SERVER.LINK_TITLE'), message: t('SERVER.LINK_COPIED') });
    } catch {
      showToast({ title: t('SERVER.LINK_TITLE'), message: escapeHtml(shareLinkOf(id)), type: ToastType.warning });
    }
  };

  const confirmDelete = async (id: string) => {
    setDeleting(null);
    try {
      await remove.mutateAsync(id);
    } catch {
      showToast({ title: t('SERVER.ERROR_TITLE'), message: t('SERVER.DELETE_ERROR'), type: ToastType.error });
    }
  };

  // Made for the first saved stage listed, not while the dialog is closed: a page's first date
  // format loads the browser's locale data, which the designer does not need to open.
  let dateFormat: Intl.DateTimeFormat | undefined;
  const dateOf = (iso: string) =>
    (dateFormat ??= new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' })).format(new Date(iso));

  return (
    <Modal show={show} onHide={onHide} size="lg" centered aria-labelledby="server-stages-title" className="server-stages">
      <Modal.Header closeButton closeLabel={t('CLOSE')}>
        <Modal.Title id="server-stages-title" as="h2" className="h5">
          {t('SERVER.TITLE')}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {!signedIn ? (
          <p className="mb-0">
            {t('SERVER.SIGN_IN_FIRST')}{' '}
            <Link to="/login" onClick={onHide}>
              {t('SERVER.SIGN_IN')}
            </Link>
          </p>
        ) : (
          <>
            <form
              className="server-save-form"
              noValidate
              onSubmit={(event) => {
                event.preventDefault();
                void submit(false);
              }}
            >
              <div className="server-save-name">
                <label htmlFor={nameId} className="form-label">
                  {t('SERVER.NAME')}
                </label>
                <input
                  id={nameId}
                  name="name"
                  className={`form-control${submitted && nameError ? ' is-invalid' : ''}`}
                  maxLength={STAGE_LIMITS.nameMax}
                  value={name}
                  onChange={(event) => setName(event.target.value)}
                  aria-invalid={submitted && nameError ? true : undefined}
                  aria-describedby={submitted && nameError ? `${nameId}-error` : undefined}
                />
                {submitted && nameError ? (
                  <div id={`${nameId}-error`} className="invalid-feedback">
                    {nameError}
                  </div>
                ) : null}
              </div>
              <div className="form-check form-switch">
                <input
                  id={publicId}
                  name="public"
                  type="checkbox"
                  role="switch"
                  className="form-check-input"
                  checked={isPublic}
                  onChange={(event) => setIsPublic(event.target.checked)}
                />
                <label htmlFor={publicId} className="form-check-label">
                  {t('SERVER.PUBLIC')}
                </label>
                <div className="form-text">{t('SERVER.PUBLIC_HELP')}</div>
              </div>
              <div className="server-save-actions">
                <Button type="submit" disabled={save.isPending}>
                  <StageIcon name="cloud" size={18} /> {own ? t('SERVER.UPDATE') : t('SERVER.SAVE')}
                </Button>
                {own ? (
                  <Button variant="outline-primary" disabled={save.isPending} onClick={() => void submit(true)}>
                    {t('SERVER.SAVE_COPY')}
                  </Button>
                ) : null}
              </div>
            </form>
            <h3 className="h6 mt-4">{t('SERVER.LIST')}</h3>
            {stages.isPending ? <p className="text-secondary">{t('SERVER.LOADING')}</p> : null}
            {stages.isError ? <p className="text-danger">{t('SERVER.LIST_ERROR')}</p> : null}
            {stages.data?.length === 0 ? <p className="text-secondary">{t('SERVER.EMPTY')}</p> : null}
            {stages.data && stages.data.length > 0 ? (
              <ul className="server-stage-list list-unstyled">
                {stages.data.map((row) => (
                  <li key={row.id} className={row.id === stage.id ? 'is-current' : undefined}>
                    <div className="server-stage-name">
                      <strong>{row.name}</strong>
                      <span className={`badge ${row.public ? 'text-bg-success' : 'text-bg-secondary'}`}>
                        {row.public ? t('SERVER.IS_PUBLIC') : t('SERVER.IS_PRIVATE')}
                      </span>
                      <small className="text-secondary">{dateOf(row.updated)}</small>
                    </div>
                    {deleting === row.id ? (
                      <div className="server-stage-actions">
                        <span>{t('SERVER.DELETE_CONFIRM')}</span>
                        <Button size="sm" variant="danger" onClick={() => void confirmDelete(row.id)}>
                          {t('SERVER.DELETE')}
                        </Button>
                        <Button size="sm" variant="outline-secondary" onClick={() => setDeleting(null)}>
                          {t('CANCEL')}
                        </Button>
                      </div>
                    ) : (
                      <div className="server-stage-actions">
                        <Button
                          size="sm"
                          variant="outline-primary"
                          aria-label={t('SERVER.OPEN_NAMED', { name: row.name })}
                          onClick={() => {
                            onHide();
                            void navigate(`/stage-designer/${row.id}`);
                          }}
                        >
                          <StageIcon name="edit" size={16} /> {t('SERVER.OPEN')}
                        </Button>
                        <Link
                          className="btn btn-sm btn-outline-secondary"
                          to={`/dry-training/${row.id}`}
                          aria-label={t('SERVER.VIEW_NAMED', { name: row.name })}
                          title={t('SERVER.VIEW')}
                        >
                          <StageIcon name="eye" size={16} />
                        </Link>
                        <Button
                          size="sm"
                          variant="outline-secondary"
                          disabled={!row.public}
                          aria-label={t('SERVER.COPY_LINK_NAMED', { name: row.name })}
                          title={row.public ? t('SERVER.COPY_LINK') : t('SERVER.LINK_NEEDS_PUBLIC')}
                          onClick={() => void copyLink(row.id)}
                        >
                          <StageIcon name="link" size={16} />
                        </Button>
                        <Button
                          size="sm"
                          variant="outline-danger"
                          aria-label={t('SERVER.DELETE_NAMED', { name: row.name })}
                          title={t('SERVER.DELETE')}
                          onClick={() => setDeleting(row.id)}
                        >
                          <StageIcon name="trash" size={16} />
                        </Button>
                      </div>
                    )}
                    {row.public ? (
                      <input
                        className="form-control form-control-sm share-link"
                        readOnly
                        value={shareLinkOf(row.id)}
                        aria-label={t('SERVER.SHARE_LINK_NAMED', { name: row.name })}
                        onFocus={(event) => event.target.select()}
                      />
                    ) : null}
                  </li>
                ))}
              </ul>
            ) : null}
          </>
        )}
      </Modal.Body>
    </Modal>
  );
}

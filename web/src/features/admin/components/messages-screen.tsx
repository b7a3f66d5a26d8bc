import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { ToastType } from '@club/contract/enums';
import type { ContactMessage } from '@club/contract/schemas';
import { Icon } from '../../../lib/icons.tsx';
import { showToast } from '../../../lib/toasts.ts';
import { useMessages } from '../api/messages.ts';
import { useSetMessageArchived, useSetMessageRead } from '../api/update-message.ts';
import { errorMessageKey } from '../errors.ts';
import { formatInstant } from '../format.ts';
import { QueryState } from './query-state.tsx';

/**
 * The contact messages, newest first; opening one marks it read, and it can be marked unread
 * again, archived out of the list, and brought back from the archived ones.
 */
export function MessagesScreen() {
  const { t, i18n } = useTranslation(['admin', 'common']);
  const language = i18n.resolvedLanguage ?? 'es';
  const switchId = useId();
  const [archivedShown, setArchivedShown] = useState(false);
  const messages = useMessages(archivedShown);
  const setRead = useSetMessageRead();
  const setArchived = useSetMessageArchived();
  const [open, setOpen] = useState<ContactMessage['id'] | null>(null);

  const mark = (message: ContactMessage, read: boolean) => {
    setRead.mutate(
      { id: message.id, read },
      {
        onError: (error) =>
          showToast({
            title: t('common:ERRORS.GENERIC_TITLE'),
            message: t(errorMessageKey(error)),
            type: ToastType.error,
          }),
      },
    );
  };

  const archive = (message: ContactMessage, archived: boolean) => {
    setArchived.mutate(
      { id: message.id, archived },
      {
        onSuccess: () =>
          showToast({
            title: message.subject,
            message: t(archived ? 'admin:MESSAGES.ARCHIVED_DONE' : 'admin:MESSAGES.UNARCHIVED_DONE'),
          }),
        onError: (error) =>
          showToast({
            title: t('common:ERRORS.GENERIC_TITLE'),
            message: t(errorMessageKey(error)),
            type: ToastType.error,
          }),
      },
    );
  };

  const toggleOpen = (message: ContactMessage) => {
    if (open === message.id) {
      setOpen(null);
      return;
    }
    setOpen(message.id);
    if (!message.read) mark(message, true);
  };

  const list = messages.data ?? [];
  const unread = list.filter((m) => !m.read).length;
  return (
    <section aria-labelledby="admin-messages-title">
      <div className="admin-messages-toolbar mb-3">
        <div className="d-flex align-items-baseline gap-2">
          <h2 id="admin-messages-title" className="h4 mb-0">
            {archivedShown ? t('admin:MESSAGES.ARCHIVED_TITLE') : t('admin:NAV.MESSAGES')}
          </h2>
          {messages.isSuccess && !archivedShown ? (
            <span className="text-body-secondary small">
              {t('admin:MESSAGES.UNREAD_COUNT', { count: unread })}
            </span>
          ) : null}
        </div>
        <Form.Check
          type="switch"
          id={switchId}
          checked={archivedShown}
          onChange={(e) => {
            setArchivedShown(e.target.checked);
            setOpen(null);
          }}
          label={t('admin:MESSAGES.SHOW_ARCHIVED')}
        />
      </div>
      <QueryState
        loading={messages.isPending}
        error={messages.error}
        onRetry={() => void messages.refetch()}
      />
      {messages.isSuccess && list.length === 0 ? (
        <p className="text-body-secondary">
          {archivedShown ? t('admin:MESSAGES.ARCHIVED_EMPTY') : t('admin:MESSAGES.EMPTY')}
        </p>
      ) : null}
      {list.length > 0 ? (
        <ul className="list-unstyled admin-messages">
          {list.map((message) => {
            const isOpen = open === message.id;
            const bodyId = `message-${String(message.id)}`;
            return (
              <li
                key={String(message.id)}
                className={`admin-message ${message.read ? 'is-read' : 'is-unread'}`}
                data-testid="admin-message"
              >
                <button
                  type="button"
                  className="admin-message-head"
                  aria-expanded={isOpen}
                  aria-controls={bodyId}
                  onClick={() => toggleOpen(message)}
                >
                  <span className="admin-message-dot" aria-hidden="true" />
                  <span className="admin-message-summary">
                    <span className="admin-message-subject">{message.subject}</span>
                    <span className="admin-message-from">
                      {message.name} · {formatInstant(message.createdAt, language)}
                    </span>
                  </span>
                  {!message.read ? (
                    <Badge bg="primary" className="fw-normal">
                      {t('admin:MESSAGES.UNREAD')}
                    </Badge>
                  ) : null}
                  <Icon name={isOpen ? 'chevronUp' : 'chevronDown'} size={18} />
                </button>
                {isOpen ? (
                  <div id={bodyId} className="admin-message-body">
                    <p className="small mb-2">
                      <a
                        href={`mailto:${message.email}?subject=${encodeURIComponent(`Re: ${message.subject}`)}`}
                      >
                        <Icon name="mail" size={16} className="me-1" />
                        {message.email}
                      </a>
                    </p>
                    {/* Text from a visitor: shown as text, line breaks kept, never as HTML. */}
                    <p className="admin-message-text">{message.message}</p>
                    <div className="d-flex flex-wrap gap-2">
                      <Button
                        size="sm"
                        variant="outline-secondary"
                        onClick={() => mark(message, !message.read)}
                      >
                        {message.read ? t('admin:MESSAGES.MARK_UNREAD') : t('admin:MESSAGES.MARK_READ')}
                      </Button>
                      <Button
                        size="sm"
                        variant="outline-secondary"
                        disabled={setArchived.isPending}
                        onClick={() => archive(message, !archivedShown)}
                      >
                        {archivedShown ? t('admin:MESSAGES.UNARCHIVE') : t('admin:MESSAGES.ARCHIVE')}
                      </Button>
                    </div>
                  </div>
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : null}
    </section>
  );
}

import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import { ToastType } from '@club/contract/enums';
import type { ContactMessage } from '@club/contract/schemas';
import { Icon } from '../../../lib/icons.tsx';
import { showToast } from '../../../lib/toasts.ts';
import { useMessages } from '../api/messages.ts';
import { useSetMessageRead } from '../api/update-message.ts';
import { errorMessageKey } from '../errors.ts';
import { formatInstant } from '../format.ts';
import { QueryState } from './query-state.tsx';

/** The contact messages, newest first; opening one marks it read, and it can be marked unread again. */
export function MessagesScreen() {
  const { t, i18n } = useTranslation(['admin', 'common']);
  const language = i18n.resolvedLanguage ?? 'es';
  const messages = useMessages();
  const setRead = useSetMessageRead();
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
      <div className="d-flex align-items-baseline gap-2 mb-3">
        <h2 id="admin-messages-title" className="h4 mb-0">
          {t('admin:NAV.MESSAGES')}
        </h2>
        {messages.isSuccess ? (
          <span className="text-body-secondary small">
            {t('admin:MESSAGES.UNREAD_COUNT', { count: unread })}
          </span>
        ) : null}
      </div>
      <QueryState
        loading={messages.isPending}
        error={messages.error}
        onRetry={() => void messages.refetch()}
      />
      {messages.isSuccess && list.length === 0 ? (
        <p className="text-body-secondary">{t('admin:MESSAGES.EMPTY')}</p>
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
                    <Button
                      size="sm"
                      variant="outline-secondary"
                      onClick={() => mark(message, !message.read)}
                    >
                      {message.read ? t('admin:MESSAGES.MARK_UNREAD') : t('admin:MESSAGES.MARK_READ')}
                    </Button>
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

import { useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import Badge from 'react-bootstrap/Badge';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import type { User } from '@club/contract/schemas';
import { useUserSearch } from '../api/search-users.ts';
import { useDebouncedValue } from '../hooks/use-debounced-value.ts';
import { MemberEditor } from './member-editor.tsx';
import { QueryState } from './query-state.tsx';
import { MEMBER_FLAGS } from '@club/contract/member-flags';
import { ClaimsPanel } from './claims-panel.tsx';

function hasFlags(user: User): boolean {
  return user.staff || MEMBER_FLAGS.some((flag) => user[flag]);
}

/** Finds members by login, name, e-mail or member number, and opens one to edit. */
export function MembersScreen() {
  const { t } = useTranslation(['admin', 'common']);
  const searchId = useId();
  const [params, setParams] = useSearchParams();
  const [text, setText] = useState(params.get('q') ?? '');
  const q = useDebouncedValue(text.trim(), 300);
  const users = useUserSearch(q);
  const [editing, setEditing] = useState<User | null>(null);

  const onChange = (value: string) => {
    setText(value);
    // Kept in the address so a reload or the back button shows the same search.
    setParams(value.trim() ? { q: value.trim() } : {}, { replace: true });
  };

  const list = users.data ?? [];
  return (
    <section aria-labelledby={`${searchId}-title`}>
      <h2 id={`${searchId}-title`} className="visually-hidden">
        {t('admin:NAV.MEMBERS')}
      </h2>
      <ClaimsPanel />
      <Form role="search" onSubmit={(e) => e.preventDefault()} className="admin-search mb-3">
        <Form.Label htmlFor={searchId}>{t('admin:MEMBERS.SEARCH')}</Form.Label>
        <Form.Control
          id={searchId}
          type="search"
          value={text}
          onChange={(e) => onChange(e.target.value)}
          placeholder={t('admin:MEMBERS.SEARCH_PLACEHOLDER')}
          autoComplete="off"
          maxLength={100}
          aria-describedby={`${searchId}-count`}
        />
        <Form.Text id={`${searchId}-count`} aria-live="polite">
          {users.isSuccess ? t('admin:MEMBERS.RESULTS', { count: list.length }) : '\u00a0'}
        </Form.Text>
      </Form>

      <QueryState loading={users.isPending} error={users.error} onRetry={() => void users.refetch()} />
      {users.isSuccess && list.length === 0 ? (
        <p className="text-body-secondary">{q ? t('admin:MEMBERS.EMPTY', { q }) : t('admin:MEMBERS.NONE')}</p>
      ) : null}

      {list.length > 0 ? (
        <div
          className="admin-table-scroll admin-members"
          role="region"
          aria-label={t('admin:MEMBERS.TABLE')}
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a region that scrolls sideways must be reachable by keyboard
          tabIndex={0}
        >
          <table className="table align-middle admin-table admin-cards-sm mb-0">
            <thead>
              <tr>
                <th scope="col">{t('admin:MEMBERS.COLUMNS.NAME')}</th>
                <th scope="col">{t('admin:MEMBERS.COLUMNS.LOGIN')}</th>
                <th scope="col">{t('admin:MEMBERS.COLUMNS.EMAIL')}</th>
                <th scope="col">{t('admin:MEMBERS.COLUMNS.SOCIO')}</th>
                <th scope="col">{t('admin:MEMBERS.COLUMNS.LICENCIA')}</th>
                <th scope="col">{t('admin:MEMBERS.COLUMNS.FLAGS')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('admin:MEMBERS.COLUMNS.ACTIONS')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.map((user) => (
                <tr key={user.uuid} data-testid="member-row">
                  <th scope="row">{user.fullName}</th>
                  <td data-label={t('admin:MEMBERS.COLUMNS.LOGIN')}>{user.login}</td>
                  <td data-label={t('admin:MEMBERS.COLUMNS.EMAIL')} className="text-break">
                    {user.email}
                  </td>
                  <td data-label={t('admin:MEMBERS.COLUMNS.SOCIO')}>{user.socio ?? '—'}</td>
                  <td data-label={t('admin:MEMBERS.COLUMNS.LICENCIA')}>{user.licencia ?? '—'}</td>
                  <td
                    data-label={t('admin:MEMBERS.COLUMNS.FLAGS')}
                    className={hasFlags(user) ? undefined : 'admin-no-flags'}
                  >
                    {hasFlags(user) ? (
                      <span className="admin-flags">
                        {MEMBER_FLAGS.filter((flag) => user[flag]).map((flag) => (
                          <Badge key={flag} bg="light" text="dark" className="border fw-normal">
                            {t(`admin:MEMBERS.FLAGS.${flag}`)}
                          </Badge>
                        ))}
                        {user.staff ? (
                          <Badge bg="primary" className="fw-normal">
                            {t('admin:MEMBERS.FLAGS.staff')}
                          </Badge>
                        ) : null}
                      </span>
                    ) : null}
                  </td>
                  <td className="text-end">
                    <Button
                      size="sm"
                      variant="outline-primary"
                      onClick={() => setEditing(user)}
                      aria-label={t('admin:MEMBERS.EDIT_NAMED', { name: user.fullName })}
                    >
                      {t('admin:MEMBERS.EDIT')}
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}

      {editing ? <MemberEditor user={editing} onClose={() => setEditing(null)} /> : null}
    </section>
  );
}

import { useTranslation } from 'react-i18next';
import { RoleStatus } from '@club/contract/enums';
import { useUserRegistrations } from '../api/user-registrations.ts';
import { formatEventWhen } from '../format.ts';
import { QueryState } from './query-state.tsx';

const STATUS_COLOUR: Record<RoleStatus, string> = {
  [RoleStatus.reservado]: 'info',
  [RoleStatus.anulado]: 'secondary',
  [RoleStatus.confirmado]: 'success',
  [RoleStatus.finalizado]: 'dark',
};

/** A member's registrations, newest event first. */
export function MemberRegistrations({ uuid }: { uuid: string }) {
  const { t, i18n } = useTranslation(['admin', 'common']);
  const registrations = useUserRegistrations(uuid);
  const language = i18n.resolvedLanguage ?? 'es';
  const list = registrations.data ?? [];
  return (
    <section className="mt-4" aria-labelledby={`registrations-${uuid}`}>
      <h3 id={`registrations-${uuid}`} className="h6 fw-semibold">
        {t('admin:MEMBERS.REGISTRATIONS')}
      </h3>
      <QueryState
        loading={registrations.isPending}
        error={registrations.error}
        onRetry={() => void registrations.refetch()}
      />
      {registrations.isSuccess && list.length === 0 ? (
        <p className="text-body-secondary small mb-0">{t('admin:MEMBERS.NO_REGISTRATIONS')}</p>
      ) : null}
      {list.length > 0 ? (
        <ul className="list-group admin-registrations">
          {list.map((r) => (
            <li
              key={`${r.eventUuid}-${r.roleId}`}
              className="list-group-item d-flex flex-wrap gap-2 align-items-center"
            >
              <span className="me-auto">
                <span className="d-block fw-semibold">{r.evento}</span>
                <span className="small text-body-secondary">
                  {formatEventWhen(r.start, r.end, language, true)} · {t(`common:ENUMS.EVENT_TYPE.${r.type}`)}{' '}
                  · {t(`common:ENUMS.ROLE.${r.roleId}`)}
                </span>
              </span>
              {/* text-bg-* picks a text colour that reads on each background (white on info is 2:1). */}
              <span className={`badge fw-normal text-bg-${STATUS_COLOUR[r.status]}`}>
                {t(`common:ENUMS.ROLE_STATUS.${r.status}`)}
              </span>
            </li>
          ))}
        </ul>
      ) : null}
    </section>
  );
}

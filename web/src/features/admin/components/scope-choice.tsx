import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import Form from 'react-bootstrap/Form';
import type { EventScope } from '@club/contract/schemas';

/**
 * For an event of a weekly series: whether a change or a deletion is for it alone or also for
 * the later events of the series.
 */
export function ScopeChoice({
  purpose,
  value,
  onChange,
}: {
  purpose: 'edit' | 'delete';
  value: EventScope;
  onChange(scope: EventScope): void;
}) {
  const { t } = useTranslation('admin');
  const id = useId();
  const helpId = `${id}-help`;
  return (
    <fieldset className="admin-scope border rounded p-3 mb-3" aria-describedby={helpId}>
      <legend className="float-none w-auto px-2 fs-6 mb-0">
        {t(purpose === 'edit' ? 'EVENTS.SCOPE.EDIT_LEGEND' : 'EVENTS.SCOPE.DELETE_LEGEND')}
      </legend>
      {(['this', 'following'] as const).map((scope) => (
        <Form.Check
          key={scope}
          type="radio"
          id={`${id}-${scope}`}
          name={`${id}-scope`}
          value={scope}
          checked={value === scope}
          onChange={() => onChange(scope)}
          label={t(scope === 'this' ? 'EVENTS.SCOPE.THIS' : 'EVENTS.SCOPE.FOLLOWING')}
        />
      ))}
      <Form.Text id={helpId}>
        {t(purpose === 'edit' ? 'EVENTS.SCOPE.EDIT_HELP' : 'EVENTS.SCOPE.DELETE_HELP')}
      </Form.Text>
    </fieldset>
  );
}

import { useEffect } from 'react';
import { Button, Modal } from 'react-bootstrap';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { ToastType } from '@club/contract/enums';
import { LIBRARY_LIMITS, libraryStageBodySchema } from '@club/contract/library';
import { stageToWire } from '@club/stage-engine/model';
import type { Stage } from '@club/stage-engine/model';
import { FormField, fieldIds, invalidProps } from '../../../lib/forms/form-field.tsx';
import { applyServerFieldErrors } from '../../../lib/forms/server-errors.ts';
import { showToast, toastMessage } from '../../../lib/toasts.ts';
import { withSpinner } from '../../../lib/spinner.ts';
import { usePublishLibraryStage } from '../api/publish-library-stage.ts';
import { lazySchema } from '@club/contract/lazy-schema';

const FORM_ID = 'publish-library';

// The dialog's fields are the contract's; tags are typed as one comma-separated line.
const formSchema = lazySchema(() => libraryStageBodySchema.pick({ name: true, description: true }).extend({
  rounds: z.string().regex(/^\d{1,3}$/, { error: 'unknown' }).refine((v) => Number(v) >= LIBRARY_LIMITS.roundsMin && Number(v) <= LIBRARY_LIMITS.roundsMax, { error: 'unknown' }),
  tags: z.string().refine((v) => splitTags(v).length <= LIBRARY_LIMITS.tagsMax, { error: 'maxlength' }),
}));
type PublishForm = z.input<typeof formSchema>;

function splitTags(text: string): string[] {
  return text
    .split(',')
    .map((tag) => tag.trim())
    .filter(Boolean);
}

/** Staff publish the designer's stage to the club library with a description, rounds and tags. */
export function PublishLibraryDialog({ show, stage, onHide }: { show: boolean; stage: Stage; onHide: () => void }) {
  const { t } = useTranslation('library');
  const publish = usePublishLibraryStage();
  const form = useForm<PublishForm>({
    resolver: zodResolver(formSchema),
    defaultValues: { name: stage.name, description: '', rounds: '', tags: '' },
  });
  const { register, handleSubmit, formState, reset, setError } = form;
  useEffect(() => {
    if (show) reset({ name: stage.name, description: '', rounds: '', tags: '' });
  }, [show, stage.name, reset]);
  const errors = formState.errors;

  const onSubmit = handleSubmit(async (values) => {
    const { designWidth, designHeigth, randomElements, maxRandomElements, elements } = stageToWire(stage);
    try {
      const published = await withSpinner(
        publish.mutateAsync({
          name: values.name,
          description: values.description,
          rounds: Number(values.rounds),
          tags: splitTags(values.tags),
          designWidth,
          designHeigth,
          randomElements,
          maxRandomElements,
          elements,
        }),
      );
      showToast({ title: t('PUBLISH.TITLE'), message: toastMessage(t, 'PUBLISH.DONE', { name: published.name }), type: ToastType.success });
      onHide();
    } catch (error) {
      if (!applyServerFieldErrors(error, setError, ['name', 'description', 'rounds', 'tags'])) {
        showToast({ title: t('PUBLISH.TITLE'), message: t('PUBLISH.ERROR'), type: ToastType.error });
      }
    }
  });

  return (
    <Modal show={show} onHide={onHide} centered aria-labelledby="publish-library-title">
      <form id={FORM_ID} noValidate onSubmit={(e) => void onSubmit(e)}>
        <Modal.Header closeButton closeLabel={t('CANCEL')}>
          <Modal.Title id="publish-library-title" as="h2" className="h5">
            {t('PUBLISH.TITLE')}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          {stage.elements.length === 0 ? <div className="alert alert-warning">{t('PUBLISH.EMPTY_STAGE')}</div> : null}
          <FormField formId={FORM_ID} name="name" label={t('PUBLISH.NAME')} error={errors.name} limits={{ max: 100 }} required>
            <input className={`form-control${errors.name ? ' is-invalid' : ''}`} {...invalidProps(FORM_ID, 'name', errors.name)} {...register('name')} />
          </FormField>
          <FormField
            formId={FORM_ID}
            name="description"
            label={t('PUBLISH.DESCRIPTION')}
            error={errors.description}
            limits={{ max: LIBRARY_LIMITS.descriptionMax }}
            required
          >
            <textarea
              rows={4}
              className={`form-control${errors.description ? ' is-invalid' : ''}`}
              {...invalidProps(FORM_ID, 'description', errors.description)}
              {...register('description')}
            />
          </FormField>
          <div className="row g-2">
            <FormField
              formId={FORM_ID}
              name="rounds"
              label={t('PUBLISH.ROUNDS')}
              hint={t('PUBLISH.ROUNDS_HINT')}
              className="col-5"
              required
            >
              <input
                inputMode="numeric"
                className={`form-control${errors.rounds ? ' is-invalid' : ''}`}
                {...invalidProps(FORM_ID, 'rounds', errors.rounds)}
                {...register('rounds')}
              />
              {/* The contract's generic "not valid" says too little here: the range is the point. */}
              {errors.rounds ? (
                <div id={fieldIds(FORM_ID, 'rounds').error} className="invalid-feedback d-block">
                  {t('PUBLISH.ROUNDS_INVALID')}
                </div>
              ) : null}
            </FormField>
            <FormField formId={FORM_ID} name="tags" label={t('PUBLISH.TAGS')} hint={t('PUBLISH.TAGS_HINT')} error={errors.tags} limits={{ max: LIBRARY_LIMITS.tagsMax }} className="col-7">
              <input className={`form-control${errors.tags ? ' is-invalid' : ''}`} {...invalidProps(FORM_ID, 'tags', errors.tags)} {...register('tags')} />
            </FormField>
          </div>
        </Modal.Body>
        <Modal.Footer>
          <Button variant="outline-secondary" onClick={onHide}>
            {t('CANCEL')}
          </Button>
          <Button type="submit" variant="primary" disabled={stage.elements.length === 0 || publish.isPending}>
            {t('PUBLISH.SUBMIT')}
          </Button>
        </Modal.Footer>
      </form>
    </Modal>
  );
}

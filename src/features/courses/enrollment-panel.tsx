import { Alert, Button, Card, HStack, Heading } from '@chakra-ui/react';
import { useEffect, useId, useMemo, useState } from 'react';
import type { Course } from '../../../db/entities.ts';
import { notify } from '../../components/ui/toaster.tsx';
import { MESSAGES } from '../../../db/messages.ts';
import type { ClassDurationItem } from './data.ts';
import { EnrollmentForm } from './enrollment-form.tsx';
import { useI18n } from '../../lib/i18n/index.ts';
import { emptyForm, errorText, formFromEnrollment, sameAsStored, toPayload, validateEnrollment, type EnrollmentFormState, type FormField } from './enrollment-rules.ts';
import { canResubmit, startsEditable, type EnrollmentStage } from './enrollment-stage.ts';
import type { useEnrollmentActions } from './use-enrollment-actions.ts';

/**
 * The form and its buttons: Enroll Now for a new enrolment; for a stored one the form is
 * read-only until Edit (editable at once when the admin asks for changes), and Save Changes
 * re-submits it only when it differs from what is stored.
 */
export function EnrollmentPanel({ course, stage, durations, timezone, form, onFormChange, actions }: {
  course: Course;
  stage: EnrollmentStage;
  durations: readonly ClassDurationItem[];
  timezone: string;
  form: EnrollmentFormState;
  onFormChange: (f: EnrollmentFormState) => void;
  actions: ReturnType<typeof useEnrollmentActions>;
}) {
  const stored = course.enrollment;
  const { t } = useI18n();
  const [editing, setEditing] = useState(false);
  const [tried, setTried] = useState(false);
  const [busy, setBusy] = useState(false);
  // Two course pages may be kept mounted at once (kept-screens.tsx): ids of their own, so the
  // submit button outside the form submits this page's form.
  const formId = useId();
  const titleId = `${formId}-title`;
  const editable = startsEditable(stage) || editing;

  // While not editing, the form shows what is stored (also after a save or an admin's change).
  // The form is the parent's state, so it is set from an effect (a component may not set another's
  // state while rendering); this component's own `tried` is reset at the same moments while rendering.
  const storedKey = JSON.stringify(stored ?? null);
  useEffect(() => {
    if (!editing) onFormChange(stored ? formFromEnrollment(stored) : emptyForm());
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [storedKey, editing]);
  const [synced, setSynced] = useState({ storedKey, editing });
  if (synced.storedKey !== storedKey || synced.editing !== editing) {
    setSynced({ storedKey, editing });
    if (!editing) setTried(false);
  }

  const errors = useMemo(() => validateEnrollment(form, timezone), [form, timezone]);
  // A rule about one schedule row marks that row (schedule-rows.tsx), not every row of the schedule.
  const invalid = useMemo(() => new Set<FormField>(tried ? errors.filter((e) => e.row === undefined).map((e) => e.field) : []), [tried, errors]);
  const shownError = tried ? errors[0]?.message : undefined;

  const submit = async () => {
    if (stored && sameAsStored(form, stored)) {
      notify('warning', MESSAGES.updateEnrollmentToResubmit);
      return;
    }
    setTried(true);
    if (errors.length) return;
    setBusy(true);
    const r = stored ? await actions.update(toPayload(form)) : await actions.enroll(toPayload(form));
    setBusy(false);
    if (r.ok) {
      setEditing(false);
      setTried(false);
    }
  };
  const cancelEdit = () => {
    setEditing(false);
    onFormChange(stored ? formFromEnrollment(stored) : emptyForm());
  };

  return (
    <Card.Root as="section" aria-labelledby={titleId}>
      <Card.Header>
        <HStack justify="space-between">
          <Heading as="h2" size="lg" id={titleId}>{stored ? t('courses.yourEnrollment') : t('courses.enrollmentFormTitle')}</Heading>
          {stored && !editable && canResubmit(stored) && (
            <Button size="sm" variant="outline" onClick={() => setEditing(true)}>{t('courses.edit')}</Button>
          )}
        </HStack>
      </Card.Header>
      <Card.Body>
        <form
          id={formId}
          noValidate
          onSubmit={(e) => {
            e.preventDefault();
            void submit();
          }}
        >
          <EnrollmentForm form={form} onChange={onFormChange} durations={durations} timezone={timezone} readOnly={!editable} invalid={invalid} />
        </form>
        {shownError && (
          <Alert.Root status="error" mt="5" role="alert">
            <Alert.Indicator />
            <Alert.Title>{errorText(shownError)}</Alert.Title>
          </Alert.Root>
        )}
      </Card.Body>
      {editable && (
        <Card.Footer justifyContent="flex-end" gap="3">
          {editing && <Button variant="outline" onClick={cancelEdit} disabled={busy}>{t('shell.cancel')}</Button>}
          <Button type="submit" form={formId} colorPalette="brand" loading={busy}>
            {stored ? t('courses.saveChanges') : t('courses.enrollNow')}
          </Button>
        </Card.Footer>
      )}
    </Card.Root>
  );
}

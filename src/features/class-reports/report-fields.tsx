import { Field, HStack, RatingGroup, Stack, Text, Textarea } from '@chakra-ui/react';
import { useI18n } from '../../lib/i18n/index.ts';
import { MAX_RATING, clampRating, ratingText, type ReportDraft } from './report-rules.ts';

/**
 * The fields of a class report, one form for adding (class dialog) and editing (Class Reports):
 * the rating (Assesment, 0 to 5 in half stars, Chakra's rating control: arrows move half a star,
 * Home and End go to the ends), Class Activity and Homework required, Teacher Notes optional.
 * After a submit (`tried`) an empty required field says "Input is required".
 */
export function ReportFields({ draft, onChange, tried }: {
  draft: ReportDraft;
  onChange: (patch: Partial<ReportDraft>) => void;
  tried: boolean;
}) {
  const { t } = useI18n();
  const activityMissing = tried && !draft.class_activity.trim();
  const homeworkMissing = tried && !draft.homework.trim();
  return (
    <Stack gap="4">
      <RatingGroup.Root
        count={MAX_RATING}
        allowHalf
        value={draft.rating}
        onValueChange={(d) => onChange({ rating: clampRating(d.value) })}
        colorPalette="orange"
        size="lg"
        // The label above the stars, as the other fields' labels are.
        display="flex"
        flexDirection="column"
        alignItems="flex-start"
        gap="1.5"
      >
        <RatingGroup.Label>{t('msg.assessment')}</RatingGroup.Label>
        <RatingGroup.HiddenInput />
        <HStack gap="3">
          <RatingGroup.Control>
            <RatingGroup.Items />
          </RatingGroup.Control>
          {/* The stars are read one by one ("4 stars"); this says the half too. */}
          <Text textStyle="sm" color="fg.muted" minW="10" aria-live="polite">{ratingText(draft.rating)}</Text>
        </HStack>
      </RatingGroup.Root>
      <Field.Root required invalid={activityMissing}>
        <Field.Label>{t('classReports.classActivity')} <Field.RequiredIndicator /></Field.Label>
        <Textarea value={draft.class_activity} onChange={(e) => onChange({ class_activity: e.target.value })} rows={3} dir="auto" />
        <Field.ErrorText>{t('msg.inputRequired')}</Field.ErrorText>
      </Field.Root>
      <Field.Root required invalid={homeworkMissing}>
        <Field.Label>{t('classReports.homework')} <Field.RequiredIndicator /></Field.Label>
        <Textarea value={draft.homework} onChange={(e) => onChange({ homework: e.target.value })} rows={3} dir="auto" />
        <Field.ErrorText>{t('msg.inputRequired')}</Field.ErrorText>
      </Field.Root>
      <Field.Root>
        <Field.Label>{t('classReports.teacherNotes')}</Field.Label>
        <Textarea value={draft.teacher_notes} onChange={(e) => onChange({ teacher_notes: e.target.value })} rows={3} dir="auto" />
      </Field.Root>
    </Stack>
  );
}

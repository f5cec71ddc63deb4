import { Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { memo } from 'react';
import type { ClassReport } from '../../../db/entities.ts';
import { formatDate } from '../../lib/format.ts';
import { StarRating } from './star-rating.tsx';
import { useI18n } from '../../lib/i18n/index.ts';
import { otherParty, reportCourseName, type Role } from './report-rules.ts';

/**
 * One report in the list: course and the other party, the rating out of 5 and the class date.
 * Memoised: it renders again only when its report (the mirror's row) or the language changes.
 */
export const ReportRow = memo(function ReportRow({ report, role, timezone, onOpen, onEdit }: {
  report: ClassReport;
  role: Role;
  timezone: string;
  onOpen: (r: ClassReport) => void;
  onEdit?: (r: ClassReport) => void;
}) {
  const { t } = useI18n();
  const party = otherParty(report, role);
  return (
    <HStack as="li" borderWidth="1px" borderRadius="l2" bg="bg.panel" gap="0" _hover={{ bg: 'bg.subtle' }}>
      <Box
        as="button"
        flex="1"
        minW="0"
        textAlign="start"
        px="4"
        py="3"
        borderRadius="l2"
        cursor="pointer"
        focusVisibleRing="inside"
        onClick={() => onOpen(report)}
        aria-label={t('classReports.rowLabel', { course: reportCourseName(report), name: party?.name ?? '', date: formatDate(report.class.start_datetime, timezone) })}
      >
        <HStack justify="space-between" gap="4" flexWrap="wrap">
          <Stack gap="0.5" minW="0">
            <Text fontWeight="medium" truncate dir="auto">{reportCourseName(report)}</Text>
            <Text textStyle="sm" color="fg.muted" truncate dir="auto">{party?.name}</Text>
          </Stack>
          <Stack gap="0.5" align={{ base: 'start', sm: 'end' }}>
            <StarRating value={report.rating} />
            <Text textStyle="xs" color="fg.muted">{formatDate(report.class.start_datetime, timezone)}</Text>
          </Stack>
        </HStack>
      </Box>
      {onEdit && (
        <Button variant="ghost" size="sm" me="2" onClick={() => onEdit(report)} aria-label={t('classReports.editLabel', { date: formatDate(report.class.start_datetime, timezone) })}>
          {t('classReports.edit')}
        </Button>
      )}
    </HStack>
  );
});

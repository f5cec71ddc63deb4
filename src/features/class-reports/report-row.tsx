import { Box, Button, HStack, Stack, Text } from '@chakra-ui/react';
import type { ClassReport } from '../../../db/entities.ts';
import { formatDate } from '../../lib/format.ts';
import { StarRating } from './star-rating.tsx';
import { otherParty, type Role } from './report-rules.ts';

/** One report in the list: course and the other party, the rating out of 5 and the class date. */
export function ReportRow({ report, role, timezone, onOpen, onEdit }: {
  report: ClassReport;
  role: Role;
  timezone: string;
  onOpen: (r: ClassReport) => void;
  onEdit?: (r: ClassReport) => void;
}) {
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
        aria-label={`Class report: ${report.course.name}, ${party?.name ?? ''}, ${formatDate(report.class.start_datetime, timezone)}`}
      >
        <HStack justify="space-between" gap="4" flexWrap="wrap">
          <Stack gap="0.5" minW="0">
            <Text fontWeight="medium" truncate>{report.course.name}</Text>
            <Text textStyle="sm" color="fg.muted" truncate>{party?.name}</Text>
          </Stack>
          <Stack gap="0.5" align={{ base: 'start', sm: 'end' }}>
            <StarRating value={report.rating} />
            <Text textStyle="xs" color="fg.muted">{formatDate(report.class.start_datetime, timezone)}</Text>
          </Stack>
        </HStack>
      </Box>
      {onEdit && (
        <Button variant="ghost" size="sm" me="2" onClick={() => onEdit(report)} aria-label={`Edit class report of ${formatDate(report.class.start_datetime, timezone)}`}>
          Edit
        </Button>
      )}
    </HStack>
  );
}

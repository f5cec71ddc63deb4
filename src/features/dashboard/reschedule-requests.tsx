import { Badge, Card, Heading, Stack, Table, Text } from '@chakra-ui/react';
import type { RescheduleRequest } from '../../../db/entities.ts';
import { RequestDecision, requestStart } from '../classes/index.ts';
import { useUser } from '../../app/session-context.tsx';
import type { Role } from '../classes/index.ts';
import { useI18n } from '../../lib/i18n/index.ts';

/**
 * Pending reschedule requests sent by the other party, with Approve and Reject. A table on wide
 * screens, one card per request on phones. An approval moves the class in the mirror at once.
 */
export function RescheduleRequests({ requests, role }: { requests: RescheduleRequest[]; role: Role }) {
  const { t } = useI18n();
  const tz = useUser()?.timezone ?? 'UTC';
  const from = (r: RescheduleRequest) => requestStart(r, 'old', tz);
  const to = (r: RescheduleRequest) => requestStart(r, 'new', tz);
  const who = (r: RescheduleRequest) => (role === 'teacher' ? r.enrollment.student.name : r.sender.name);
  return (
    <Card.Root bg="surface" as="section" aria-labelledby="reschedule-requests-title">
      <Card.Header>
        <Heading id="reschedule-requests-title" as="h2" size="md">{t('dashboard.requestsTitle')}</Heading>
      </Card.Header>
      <Card.Body>
        {requests.length === 0 ? (
          <Text color="fg.muted">{t('dashboard.noRequests')}</Text>
        ) : (
          <>
            <Table.Root size="sm" display={{ base: 'none', md: 'table' }} aria-label={t('dashboard.requestsTable')}>
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader>{role === 'teacher' ? t('dashboard.student') : t('dashboard.teacher')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('dashboard.course')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('dashboard.from')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('dashboard.to')}</Table.ColumnHeader>
                  <Table.ColumnHeader>{t('dashboard.reason')}</Table.ColumnHeader>
                  <Table.ColumnHeader textAlign="end">{t('dashboard.action')}</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {requests.map((r) => (
                  <Table.Row key={r.id}>
                    <Table.Cell><bdi>{who(r)}</bdi></Table.Cell>
                    <Table.Cell><bdi>{r.enrollment.course.name}</bdi></Table.Cell>
                    <Table.Cell whiteSpace="nowrap">{from(r)}</Table.Cell>
                    <Table.Cell whiteSpace="nowrap">
                      {to(r)} {r.permanent && <Badge colorPalette="purple" size="sm">{t('dashboard.permanent')}</Badge>}
                    </Table.Cell>
                    <Table.Cell><bdi>{r.reason ?? '—'}</bdi></Table.Cell>
                    <Table.Cell textAlign="end"><RequestDecision request={r} size="xs" /></Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
            <Stack gap="3" display={{ base: 'flex', md: 'none' }}>
              {requests.map((r) => (
                <Stack key={r.id} gap="1" borderWidth="1px" borderRadius="l2" p="3" role="group" aria-label={t('dashboard.requestFrom', { name: r.sender.name })}>
                  <Text fontWeight="semibold">{t('dashboard.whoCourse', { name: who(r), course: r.enrollment.course.name })}</Text>
                  <Text fontSize="sm">{t('dashboard.fromTo', { from: from(r), to: to(r) })}</Text>
                  {r.permanent && <Badge colorPalette="purple" size="sm" alignSelf="flex-start">{t('dashboard.permanent')}</Badge>}
                  {r.reason && <Text fontSize="sm" color="fg.muted"><bdi>{r.reason}</bdi></Text>}
                  <RequestDecision request={r} size="sm" />
                </Stack>
              ))}
            </Stack>
          </>
        )}
      </Card.Body>
    </Card.Root>
  );
}

import { Card, Heading, SimpleGrid, Skeleton, Stack, Stat, Text } from '@chakra-ui/react';
import { PageContainer } from '../../components/page-container.tsx';
import { LoadError } from '../../components/ui/load-state.tsx';
import { formatMoney, formatNumber } from '../../lib/format.ts';
import { useI18n } from '../../lib/i18n/index.ts';
import { useRouteData } from '../../app/route-data.tsx';
import { useSalaryReport, type SalaryKey } from './data.ts';
import { SalaryTable } from './salary-table.tsx';

/** A teacher's salary for one Cairo calendar month: totals, then the classes. */
export function SalaryReportView({ which, title }: { which: SalaryKey; title: string }) {
  const { t } = useI18n();
  const { report, loaded } = useSalaryReport(which);
  const { failed, retry, retrying } = useRouteData();
  return (
    <PageContainer>
      <Stack gap="6">
        <Heading as="h1" size="2xl">
          {title}
        </Heading>
        {report ? (
          <>
            <SimpleGrid columns={{ base: 2 }} gap="4" maxW="lg">
              <Card.Root variant="subtle" colorPalette="green">
                <Card.Body>
                  <Stat.Root>
                    <Stat.Label>{t('salary.salary')}</Stat.Label>
                    <Stat.ValueText data-testid="salary">{formatMoney(report.salary)}</Stat.ValueText>
                  </Stat.Root>
                </Card.Body>
              </Card.Root>
              <Card.Root variant="subtle">
                <Card.Body>
                  <Stat.Root>
                    <Stat.Label>{t('salary.classes')}</Stat.Label>
                    <Stat.ValueText data-testid="classes-count">{formatNumber(report.classes_count)}</Stat.ValueText>
                  </Stat.Root>
                </Card.Body>
              </Card.Root>
            </SimpleGrid>
            {report.classes.length > 0 ? (
              <SalaryTable classes={report.classes} />
            ) : (
              <Text color="fg.muted">{t('msg.noClasses')}</Text>
            )}
          </>
        ) : loaded && failed ? (
          // A report always comes with its totals: with none stored, only loading or the error.
          <LoadError onRetry={retry} retrying={retrying} />
        ) : (
          <Skeleton h="60" aria-busy="true" />
        )}
      </Stack>
    </PageContainer>
  );
}

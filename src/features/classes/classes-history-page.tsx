import { PageContainer } from '../../components/page-container.tsx';
import { ClassListPage } from './class-list.tsx';
import { useI18n } from '../../lib/i18n/index.ts';

/** Classes History (teachers): ended or canceled classes, newest first. */
export function ClassesHistoryPage() {
  const { t } = useI18n();
  return (
    <PageContainer>
      <ClassListPage title={t('menu.classesHistory')} kind="classes-history" />
    </PageContainer>
  );
}
export default ClassesHistoryPage;

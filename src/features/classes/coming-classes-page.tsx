import { PageContainer } from '../../components/page-container.tsx';
import { ClassListPage } from './class-list.tsx';
import { useI18n } from '../../lib/i18n/index.ts';

/** Coming Classes (teachers): classes not yet ended and not canceled, soonest first. */
export function ComingClassesPage() {
  const { t } = useI18n();
  return (
    <PageContainer>
      <ClassListPage title={t('menu.comingClasses')} kind="coming-classes" />
    </PageContainer>
  );
}
export default ComingClassesPage;

import { PageContainer } from '../../components/page-container.tsx';
import { ClassListPage } from './class-list.tsx';

/** Coming Classes (teachers): classes not yet ended and not canceled, soonest first. */
export function ComingClassesPage() {
  return (
    <PageContainer maxW="4xl">
      <ClassListPage title="Coming Classes" kind="coming-classes" />
    </PageContainer>
  );
}
export default ComingClassesPage;

import { Badge, Wrap } from '@chakra-ui/react';
import type { Class } from '../../../db/entities.ts';
import { classChips } from './rules.ts';
import { useI18n } from '../../lib/i18n/index.ts';

/** The status chips of a class (section 2.7), as one wrapped row of badges. */
export function ClassChips({ klass }: { klass: Class }) {
  const { t } = useI18n();
  return (
    <Wrap gap="1.5" aria-label={t('classes.statusLabel')}>
      {classChips(klass).map((c) => (
        <Badge key={c.label} colorPalette={c.color} variant="subtle" size="sm">
          {c.label}
        </Badge>
      ))}
    </Wrap>
  );
}

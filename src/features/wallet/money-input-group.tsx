import { InputGroup, type InputGroupProps } from '@chakra-ui/react';
import { useI18n } from '../../lib/i18n/index.ts';

/**
 * An amount's input with the dollar sign where the language writes it (format.ts's formatMoney):
 * before the amount in English (`$ 25`), after it in Arabic (`25 $`). The digits stay left to right.
 */
export function MoneyInputGroup({ children }: { children: InputGroupProps['children'] }) {
  const { locale } = useI18n();
  return locale === 'en' ? <InputGroup startElement="$">{children}</InputGroup> : <InputGroup endElement="$">{children}</InputGroup>;
}

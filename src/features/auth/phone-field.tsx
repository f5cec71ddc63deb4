import { Field, HStack, Input, NativeSelect } from '@chakra-ui/react';
import { useMemo } from 'react';
import { phoneCountries } from './registration.ts';
import { useI18n } from '../../lib/i18n/index.ts';

const flag = (code: string) => String.fromCodePoint(...[...code].map((c) => 0x1f1e6 + c.charCodeAt(0) - 65));

/** Phone number with its country (Israel is not offered). */
export function PhoneField(props: {
  country: string;
  phone: string;
  onCountry: (c: string) => void;
  onPhone: (p: string) => void;
  invalid?: boolean;
  error?: string;
}) {
  const { t, tMessage, locale } = useI18n();
  // Country names in the language on view (Intl.DisplayNames), sorted in it.
  const countries = useMemo(() => phoneCountries(locale), [locale]);
  return (
    <Field.Root required invalid={props.invalid}>
      <Field.Label htmlFor="reg-phone">{t('auth.phone')}</Field.Label>
      <HStack w="full" align="start">
        <NativeSelect.Root w={{ base: '36', sm: '44' }} flexShrink={0}>
          <NativeSelect.Field aria-label={t('auth.phoneCountry')} value={props.country} onChange={(e) => props.onCountry(e.currentTarget.value)}>
            <option value="">{t('auth.country')}</option>
            {countries.map((c) => (
              <option key={c.code} value={c.code}>
                {flag(c.code)} {c.name} ({c.dial})
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <Input
          id="reg-phone"
          type="tel"
          inputMode="tel"
          autoComplete="tel-national"
          dir="ltr"
          value={props.phone}
          onChange={(e) => props.onPhone(e.target.value)}
        />
      </HStack>
      <Field.ErrorText>{props.error && tMessage(props.error)}</Field.ErrorText>
    </Field.Root>
  );
}

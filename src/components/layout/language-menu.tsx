import { NativeSelect, type NativeSelectRootProps } from '@chakra-ui/react';
import { LOCALES, LOCALE_NAMES, isLocale, setLocale, useI18n } from '../../lib/i18n/index.ts';

/**
 * The language switch of the guest pages (navbar from md up, the menu drawer on phones) and of
 * Settings: a labelled native select (keyboard and screen readers as the platform does them). Each
 * language is named in itself and marked with its own `lang`.
 */
export function LanguageMenu({ withLabel = false, ...rest }: { withLabel?: boolean } & NativeSelectRootProps) {
  const { t, locale } = useI18n();
  return (
    <NativeSelect.Root size="sm" w="auto" {...rest}>
      <NativeSelect.Field
        aria-label={withLabel ? undefined : t('shell.language')}
        id={withLabel ? 'language-select' : undefined}
        value={locale}
        onChange={(e) => {
          const v = e.currentTarget.value;
          if (isLocale(v)) void setLocale(v);
        }}
        data-testid="language-select"
      >
        {LOCALES.map((l) => (
          <option key={l} value={l} lang={l}>
            {LOCALE_NAMES[l]}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

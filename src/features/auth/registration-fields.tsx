import { Field, HStack, Input, RadioGroup, SimpleGrid, Stack } from '@chakra-ui/react';
import { BirthDatePicker } from './birth-date-picker.tsx';
import { PasswordInput } from './password-input.tsx';
import { PhoneField } from './phone-field.tsx';
import type { RegistrationErrors, RegistrationForm } from './registration.ts';
import { useI18n, type MessageId } from '../../lib/i18n/index.ts';

export interface RegistrationFieldsProps {
  form: RegistrationForm;
  errors: RegistrationErrors;
  set: <K extends keyof RegistrationForm>(k: K, v: RegistrationForm[K]) => void;
  /** Keeps ids unique when two forms share a page (the sign-up page, a parent's New Account dialog). */
  idPrefix: string;
  /** Browser autofill: on for one's own sign-up, off when a parent fills in a child's account. */
  autofill: boolean;
}

/** The registration form's fields (section 5 of the spec): one form for sign-up and child accounts. */
export function RegistrationFields({ form, errors, set, idPrefix, autofill }: RegistrationFieldsProps) {
  const { t, tMessage } = useI18n();
  const err = (m: string | undefined) => m && tMessage(m);
  const text = (k: 'firstName' | 'lastName' | 'email', label: MessageId, type: string, autoComplete: string) => (
    <Field.Root required invalid={!!errors[k]}>
      <Field.Label>{t(label)}</Field.Label>
      <Input type={type} autoComplete={autofill ? autoComplete : 'off'} value={form[k]} onChange={(e) => set(k, e.target.value)} dir="auto" />
      <Field.ErrorText>{err(errors[k])}</Field.ErrorText>
    </Field.Root>
  );
  const genderLabel = `${idPrefix}-gender-label`;
  return (
    <Stack gap="4">
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        {text('firstName', 'auth.firstName', 'text', 'given-name')}
        {text('lastName', 'auth.lastName', 'text', 'family-name')}
      </SimpleGrid>
      {text('email', 'auth.email', 'email', 'email')}
      <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
        <Field.Root required invalid={!!errors.password}>
          <Field.Label>{t('auth.password')}</Field.Label>
          <PasswordInput autoComplete="new-password" value={form.password} onChange={(e) => set('password', e.target.value)} />
          <Field.ErrorText>{err(errors.password)}</Field.ErrorText>
        </Field.Root>
        <Field.Root required invalid={!!errors.confirm}>
          <Field.Label>{t('auth.confirmPassword')}</Field.Label>
          <PasswordInput autoComplete="new-password" value={form.confirm} onChange={(e) => set('confirm', e.target.value)} />
          <Field.ErrorText>{err(errors.confirm)}</Field.ErrorText>
        </Field.Root>
      </SimpleGrid>
      <BirthDatePicker value={form.dateOfBirth} onChange={(v) => set('dateOfBirth', v)} invalid={!!errors.dateOfBirth} error={errors.dateOfBirth} />
      <Field.Root required invalid={!!errors.gender}>
        <Field.Label id={genderLabel}>{t('auth.gender')}</Field.Label>
        <RadioGroup.Root value={form.gender} onValueChange={(e) => set('gender', (e.value ?? '') as RegistrationForm['gender'])} aria-labelledby={genderLabel}>
          <HStack gap="6">
            {(['Male', 'Female'] as const).map((g) => (
              <RadioGroup.Item key={g} value={g}>
                <RadioGroup.ItemHiddenInput />
                <RadioGroup.ItemIndicator />
                <RadioGroup.ItemText>{g === 'Male' ? t('auth.male') : t('auth.female')}</RadioGroup.ItemText>
              </RadioGroup.Item>
            ))}
          </HStack>
        </RadioGroup.Root>
        <Field.ErrorText>{err(errors.gender)}</Field.ErrorText>
      </Field.Root>
      <PhoneField
        country={form.country}
        phone={form.phone}
        onCountry={(c) => set('country', c)}
        onPhone={(p) => set('phone', p)}
        invalid={!!(errors.phone || errors.country)}
        error={errors.phone ?? errors.country}
      />
    </Stack>
  );
}

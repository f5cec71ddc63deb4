import { Button, CloseButton, Dialog, Field, HStack, Input, Portal, RadioGroup, SimpleGrid, Stack } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { mutationId, useEngine, useUser } from '../../app/session-context.tsx';
import { notify } from '../../components/ui/toaster.tsx';
import { MESSAGES } from '../../lib/messages.ts';
import { BirthDatePicker } from '../auth/birth-date-picker.tsx';
import { PasswordInput } from '../auth/password-input.tsx';
import { PhoneField } from '../auth/phone-field.tsx';
import { emptyRegistration, registrationPayload, validateRegistration, type RegistrationErrors, type RegistrationForm } from '../auth/registration.ts';

/**
 * A child account from the registration form (the shell's rules and fields). The spec ignores
 * creation errors silently: nothing is shown, and the form keeps what was typed so the parent can
 * fix it and try again. The child lives in the parent's timezone.
 */
export function NewAccountDialog({ onClose }: { onClose: () => void }) {
  const engine = useEngine();
  const user = useUser();
  const [form, setForm] = useState<RegistrationForm>({ ...emptyRegistration, country: (user as { phone_country?: string } | null)?.phone_country ?? '' });
  const [errors, setErrors] = useState<RegistrationErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [busy, setBusy] = useState(false);

  const set = <K extends keyof RegistrationForm>(k: K, v: RegistrationForm[K]) => {
    const next = { ...form, [k]: v };
    setForm(next);
    if (submitted) setErrors(validateRegistration(next));
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setSubmitted(true);
    setErrors(validateRegistration(form));
    const payload = registrationPayload(form, null, user?.timezone ?? 'Africa/Cairo');
    if (!payload) return;
    setBusy(true);
    const r = await engine.mutate({ id: mutationId(), name: 'createChild', form: { ...payload } });
    setBusy(false);
    if (!r.ok) return; // silently ignored (spec section 8); the form keeps its data
    notify('success', MESSAGES.accountCreated);
    onClose();
  };

  const text = (k: 'firstName' | 'lastName' | 'email', label: string, type = 'text') => (
    <Field.Root required invalid={!!errors[k]}>
      <Field.Label>{label}</Field.Label>
      <Input type={type} autoComplete="off" value={form[k]} onChange={(e) => set(k, e.target.value)} dir="auto" />
      <Field.ErrorText>{errors[k]}</Field.ErrorText>
    </Field.Root>
  );

  return (
    <Dialog.Root open onOpenChange={(d) => !d.open && !busy && onClose()} placement="center" size={{ base: 'full', sm: 'lg' }} scrollBehavior="inside">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content asChild>
            <form onSubmit={submit} noValidate>
              <Dialog.Header>
                <Dialog.Title>New Account</Dialog.Title>
              </Dialog.Header>
              <Dialog.Body>
                <Stack gap="4">
                  <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
                    {text('firstName', 'First Name')}
                    {text('lastName', 'Last Name')}
                  </SimpleGrid>
                  {text('email', 'Email', 'email')}
                  <SimpleGrid columns={{ base: 1, sm: 2 }} gap="4">
                    <Field.Root required invalid={!!errors.password}>
                      <Field.Label>Password</Field.Label>
                      <PasswordInput autoComplete="new-password" value={form.password} onChange={(e) => set('password', e.target.value)} />
                      <Field.ErrorText>{errors.password}</Field.ErrorText>
                    </Field.Root>
                    <Field.Root required invalid={!!errors.confirm}>
                      <Field.Label>Confirm Password</Field.Label>
                      <PasswordInput autoComplete="new-password" value={form.confirm} onChange={(e) => set('confirm', e.target.value)} />
                      <Field.ErrorText>{errors.confirm}</Field.ErrorText>
                    </Field.Root>
                  </SimpleGrid>
                  <BirthDatePicker value={form.dateOfBirth} onChange={(v) => set('dateOfBirth', v)} invalid={!!errors.dateOfBirth} error={errors.dateOfBirth} />
                  <Field.Root required invalid={!!errors.gender}>
                    <Field.Label id="child-gender-label">Gender</Field.Label>
                    <RadioGroup.Root value={form.gender} onValueChange={(e) => set('gender', (e.value ?? '') as RegistrationForm['gender'])} aria-labelledby="child-gender-label">
                      <HStack gap="6">
                        {(['Male', 'Female'] as const).map((g) => (
                          <RadioGroup.Item key={g} value={g}>
                            <RadioGroup.ItemHiddenInput />
                            <RadioGroup.ItemIndicator />
                            <RadioGroup.ItemText>{g}</RadioGroup.ItemText>
                          </RadioGroup.Item>
                        ))}
                      </HStack>
                    </RadioGroup.Root>
                    <Field.ErrorText>{errors.gender}</Field.ErrorText>
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
              </Dialog.Body>
              <Dialog.Footer>
                <Button variant="outline" type="button" disabled={busy} onClick={onClose}>
                  Cancel
                </Button>
                <Button type="submit" loading={busy}>
                  Create Account
                </Button>
              </Dialog.Footer>
              <Dialog.CloseTrigger asChild>
                <CloseButton size="sm" disabled={busy} />
              </Dialog.CloseTrigger>
            </form>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}

import { IconButton, Input, InputGroup, type InputProps } from '@chakra-ui/react';
import { forwardRef, useState } from 'react';
import { AppIcon } from '../../components/ui/icons.tsx';
import { useI18n } from '../../lib/i18n/index.ts';

/** A password field with a show/hide toggle. */
export const PasswordInput = forwardRef<HTMLInputElement, InputProps>(function PasswordInput(props, ref) {
  const [shown, setShown] = useState(false);
  const { t } = useI18n();
  return (
    <InputGroup
      endElement={
        <IconButton
          size="xs"
          variant="ghost"
          colorPalette="gray"
          aria-label={shown ? t('auth.hidePassword') : t('auth.showPassword')}
          aria-pressed={shown}
          onClick={() => setShown((s) => !s)}
          me="-2"
        >
          <AppIcon name={shown ? 'eyeOff' : 'eye'} boxSize="4" />
        </IconButton>
      }
    >
      <Input ref={ref} type={shown ? 'text' : 'password'} {...props} />
    </InputGroup>
  );
});

import { IconButton, Input, InputGroup, type InputProps } from '@chakra-ui/react';
import { forwardRef, useState } from 'react';
import { AppIcon } from '../../components/ui/icons.tsx';

/** A password field with a show/hide toggle. */
export const PasswordInput = forwardRef<HTMLInputElement, InputProps>(function PasswordInput(props, ref) {
  const [shown, setShown] = useState(false);
  return (
    <InputGroup
      endElement={
        <IconButton
          size="xs"
          variant="ghost"
          colorPalette="gray"
          aria-label={shown ? 'Hide password' : 'Show password'}
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

import { LoginForm } from './login-form.tsx';

export default function LoginPage() {
  return <LoginForm />;
}

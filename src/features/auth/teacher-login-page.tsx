import { LoginForm } from './login-form.tsx';

export default function TeacherLoginPage() {
  return <LoginForm teacher />;
}

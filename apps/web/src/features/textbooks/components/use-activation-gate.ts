/** The gate in front of the activation dialog (components/activation-dialog.tsx). */
import { useNavigate } from 'react-router';
import { loginPath } from '@/config/paths';
import { currentFullPath } from '@/lib/navigation';
import { useSession } from '@/stores/session';

/** Opens the dialog when logged in; otherwise goes to login and comes back here. */
export function useActivationGate(): (open: () => void) => void {
  const loggedIn = useSession((s) => !!s.user);
  const navigate = useNavigate();
  return (open) => (loggedIn ? open() : navigate(loginPath('login', currentFullPath())));
}
